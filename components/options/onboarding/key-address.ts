import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The Ethereum address of a private key (EIP-55 checksummed), without viem: the options
 * page must stay small, and this is all it needs of it.
 */
export function keyAddress(privateKeyHex: `0x${string}`): string {
  const publicKey = secp256k1.getPublicKey(hexToBytes(privateKeyHex.slice(2)), false);
  const lower = bytesToHex(keccak_256(publicKey.slice(1)).slice(-20));
  return checksumAddress(lower);
}

/** EIP-55: a hex digit is upper case when the matching nibble of keccak(lowercase) is ≥ 8. */
export function checksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower[i] ?? '';
    out += Number.parseInt(hash[i] ?? '0', 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}
