/** A random 128-bit salt: unique per order, sent as a decimal string (it exceeds 2^53). */
export function randomSalt(): bigint {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let salt = 0n;
  for (const b of bytes) salt = (salt << 8n) | BigInt(b);
  return salt;
}
