import { z } from 'zod';
import { base64ToBytes, bytesToBase64 } from '../core/client/base64';

/** Iterations for every new write; older envelopes are re-encrypted on unlock. */
export const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 32;
const IV_BYTES = 12;

const Base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64');

export const KdfParams = z.object({
  name: z.literal('PBKDF2'),
  hash: z.literal('SHA-256'),
  iterations: z.number().int().min(1_000),
  salt: Base64,
});
export type KdfParams = z.infer<typeof KdfParams>;

/** What `storage.local` holds: ciphertext and the parameters to open it, never a secret in clear. */
export const VaultEnvelope = z.object({
  version: z.literal(1),
  kdf: KdfParams,
  cipher: z.object({ name: z.literal('AES-GCM'), iv: Base64 }),
  ciphertext: Base64,
});
export type VaultEnvelope = z.infer<typeof VaultEnvelope>;

export class WrongPassphraseError extends Error {
  override name = 'WrongPassphraseError';
  constructor() {
    super('That passphrase does not open the vault.');
  }
}

const encoder = new TextEncoder();

async function deriveKey(passphrase: string, kdf: KdfParams): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    encoder.encode(passphrase),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: kdf.hash, iterations: kdf.iterations, salt: base64ToBytes(kdf.salt) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** The KDF parameters are authenticated with the ciphertext, so they cannot be swapped. */
const associatedData = (kdf: KdfParams): Uint8Array<ArrayBuffer> =>
  encoder.encode(`v1|${kdf.name}|${kdf.hash}|${kdf.iterations}|${kdf.salt}`);

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return bytes;
}

/** Encrypts with a fresh salt and IV on every write. */
export async function seal(
  plaintext: string,
  passphrase: string,
  iterations = PBKDF2_ITERATIONS,
): Promise<VaultEnvelope> {
  const kdf: KdfParams = {
    name: 'PBKDF2',
    hash: 'SHA-256',
    iterations,
    salt: bytesToBase64(randomBytes(SALT_BYTES)),
  };
  const iv = randomBytes(IV_BYTES);
  const key = await deriveKey(passphrase, kdf);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: associatedData(kdf) },
    key,
    encoder.encode(plaintext),
  );
  return {
    version: 1,
    kdf,
    cipher: { name: 'AES-GCM', iv: bytesToBase64(iv) },
    ciphertext: bytesToBase64(new Uint8Array(ciphertext)),
  };
}

export async function open(envelope: VaultEnvelope, passphrase: string): Promise<string> {
  const key = await deriveKey(passphrase, envelope.kdf);
  try {
    const plaintext = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: base64ToBytes(envelope.cipher.iv),
        additionalData: associatedData(envelope.kdf),
      },
      key,
      base64ToBytes(envelope.ciphertext),
    );
    return new TextDecoder().decode(plaintext);
  } catch {
    throw new WrongPassphraseError();
  }
}
