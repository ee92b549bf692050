import { randomUUID } from 'node:crypto';
import { type Address, getAddress, type Hex, keccak256, toHex } from 'viem';

/** Deterministic 32-byte hash of a label: token ids, venue addresses, fake tx hashes. */
export const labelHash = (label: string): Hex => keccak256(toHex(label));

/** A checksummed address derived from a label (venues, smart wallets, collateral). */
export const labelAddress = (label: string): Address =>
  getAddress(`0x${labelHash(label).slice(-40)}`);

/** A uint256 derived from a label, as a decimal string (token ids). */
export const labelUint256 = (label: string): string => BigInt(labelHash(label)).toString();

/** A private key derived from a label: demo keys, public by design. */
export const labelPrivateKey = (label: string): Hex => labelHash(`sandbox-key:${label}`);

export const newId = (): string => randomUUID();

/** A fake transaction hash that is stable for a given trade. */
export const fakeTxHash = (tradeEventId: string): Hex => labelHash(`tx:${tradeEventId}`);
