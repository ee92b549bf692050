/**
 * The order's EIP-712 digest and signature without viem's general typed-data machinery.
 *
 * An `Order` always has the same shape, so everything but its twelve field values is
 * fixed: the type hash is computed once, the domain separator once per (exchange name,
 * verifying contract), and the struct hash is keccak256 of thirteen 32-byte words (the
 * type hash, then the fields in the spec's order). The digest is
 * keccak256(0x1901 ‖ domainSeparator ‖ structHash), signed with one secp256k1 signature
 * (RFC 6979, low s; noble's signature with a table-driven k⋅G, ./secp256k1-sign.ts) encoded as r ‖ s ‖ v with v = 27 + recovery — byte for byte what
 * viem's `hashTypedData` / `signTypedData` give (test/lib/core/orders/fast-typed-data.test.ts
 * proves it on thousands of random orders). Nothing is cached per order.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { type Address, type Hex, isAddress, type TypedDataDomain } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { TypedDataSigner } from './build';
import { prepareBaseTable, signDigest32 } from './secp256k1-sign';
import { ORDER_TYPES, type OrderStruct, type orderTypedData } from './typed-data';

const encoder = new TextEncoder();
const MAX_UINT256 = (1n << 256n) - 1n;

/** `Order(uint256 salt,address maker,…,uint8 signatureType)`, from the one field list. */
export const ORDER_TYPE_STRING = `Order(${ORDER_TYPES.Order.map((f) => `${f.type} ${f.name}`).join(',')})`;
const ORDER_TYPE_HASH = keccak_256(encoder.encode(ORDER_TYPE_STRING));
const DOMAIN_TYPE_HASH = keccak_256(
  encoder.encode(
    'EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)',
  ),
);

/** Word offsets (in bytes) of the fields in the 416-byte struct encoding. */
enum At {
  salt = 32,
  maker = 64,
  signer = 96,
  taker = 128,
  tokenId = 160,
  makerAmount = 192,
  takerAmount = 224,
  expiration = 256,
  nonce = 288,
  feeRateBps = 320,
  side = 352,
  signatureType = 384,
  end = 416,
}

// Hex digit values by char code; 255 for anything that is not a hex digit.
const HEX_VALUE = new Uint8Array(128).fill(255);
for (let i = 0; i < 10; i++) HEX_VALUE[48 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX_VALUE[65 + i] = 10 + i;
  HEX_VALUE[97 + i] = 10 + i;
}
/**
 * Writes a valid address (lower case or correctly checksummed, as viem's `isAddress`
 * demands) as the last 20 bytes of the word at `at`; throws otherwise.
 */
function putAddress(out: Uint8Array, at: number, address: string, field: string): void {
  if (typeof address !== 'string' || !isAddress(address)) {
    throw new Error(`${field}: ${String(address)} is not a valid address`);
  }
  for (let i = 0, c = 2; i < 20; i++, c += 2) {
    out[at + 12 + i] =
      ((HEX_VALUE[address.charCodeAt(c)] as number) << 4) |
      (HEX_VALUE[address.charCodeAt(c + 1)] as number);
  }
}

/** An unsigned integer field as a big-endian 32-byte word; throws outside [0, 2^bits). */
function putUint(
  out: Uint8Array,
  at: number,
  value: bigint | number,
  bits: 8 | 256,
  field: string,
): void {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`${field}: ${value} is not an integer`);
    if (value < 0 || value >= 2 ** bits) throw new Error(`${field}: ${value} is not a uint${bits}`);
    // Below 2^53: seven bytes are enough.
    for (let i = 31, v = value; v > 0; i--, v = Math.floor(v / 256)) out[at + i] = v % 256;
    return;
  }
  if (typeof value !== 'bigint') throw new Error(`${field}: expected an integer`);
  if (value < 0n || value > (bits === 8 ? 255n : MAX_UINT256)) {
    throw new Error(`${field}: ${value} is not a uint${bits}`);
  }
  // 64 bits at a time: four BigInt operations per word instead of thirty-two.
  for (let i = 24, v = value; v > 0n; i -= 8, v >>= 64n) {
    let lo = Number(v & 0xffffffffn);
    let hi = Number((v >> 32n) & 0xffffffffn);
    for (let j = 7; j >= 4; j--, lo >>>= 8) out[at + i + j] = lo & 0xff;
    for (let j = 3; j >= 0; j--, hi >>>= 8) out[at + i + j] = hi & 0xff;
  }
}

/** keccak256 of the order's thirteen words (type hash + twelve fields). */
export function orderStructHash(order: OrderStruct): Uint8Array {
  const words = new Uint8Array(At.end);
  words.set(ORDER_TYPE_HASH, 0);
  putUint(words, At.salt, order.salt, 256, 'salt');
  putAddress(words, At.maker, order.maker, 'maker');
  putAddress(words, At.signer, order.signer, 'signer');
  putAddress(words, At.taker, order.taker, 'taker');
  putUint(words, At.tokenId, order.tokenId, 256, 'tokenId');
  putUint(words, At.makerAmount, order.makerAmount, 256, 'makerAmount');
  putUint(words, At.takerAmount, order.takerAmount, 256, 'takerAmount');
  putUint(words, At.expiration, order.expiration, 256, 'expiration');
  putUint(words, At.nonce, order.nonce, 256, 'nonce');
  putUint(words, At.feeRateBps, order.feeRateBps, 256, 'feeRateBps');
  putUint(words, At.side, order.side, 8, 'side');
  putUint(words, At.signatureType, order.signatureType, 8, 'signatureType');
  return keccak_256(words);
}

/**
 * A domain prepared once: `0x1901 ‖ domainSeparator` (34 bytes), the fixed head of every
 * digest under it.
 */
export interface PreparedOrderDomain {
  readonly separator: Uint8Array;
  readonly head: Uint8Array;
}

/**
 * Whether the domain has exactly an order's four fields (`orderDomain` builds such a
 * one): a string name and version, a numeric chain id, a contract, and no salt.
 */
export function isOrderDomainShape(domain: TypedDataDomain): boolean {
  return (
    typeof domain.name === 'string' &&
    typeof domain.version === 'string' &&
    (typeof domain.chainId === 'number' || typeof domain.chainId === 'bigint') &&
    typeof domain.verifyingContract === 'string' &&
    domain.salt === undefined
  );
}

/** The domain separator of `{ name, version, chainId, verifyingContract }`. */
function prepareDomain(
  name: string,
  version: string,
  chainId: number | bigint,
  verifyingContract: string,
): PreparedOrderDomain {
  const words = new Uint8Array(160);
  words.set(DOMAIN_TYPE_HASH, 0);
  words.set(keccak_256(encoder.encode(name)), 32);
  words.set(keccak_256(encoder.encode(version)), 64);
  putUint(words, 96, chainId, 256, 'chainId');
  putAddress(words, 128, verifyingContract, 'verifyingContract');
  const separator = keccak_256(words);
  const head = new Uint8Array(34);
  head[0] = 0x19;
  head[1] = 0x01;
  head.set(separator, 2);
  return { separator, head };
}

// Per (name, version, chain, contract): a handful of exchanges, never per order. Bounded
// all the same, so a caller cycling through contracts cannot grow it without end.
const DOMAIN_CACHE_LIMIT = 64;
const domains = new Map<string, PreparedOrderDomain>();

/**
 * The prepared domain, computed on first use and cached. Only the four-field domain of
 * an order (`orderDomain`) is accepted: a domain with `salt` or a missing field throws.
 */
export function preparedOrderDomain(domain: TypedDataDomain): PreparedOrderDomain {
  const { name, version, chainId, verifyingContract } = domain;
  if (
    !isOrderDomainShape(domain) ||
    name === undefined ||
    version === undefined ||
    chainId === undefined ||
    verifyingContract === undefined
  ) {
    throw new Error('order domain: expected exactly name, version, chainId, verifyingContract');
  }
  // Length-prefixed, so no two domains share a key whatever their names hold.
  const key = `${name?.length}:${name}|${version?.length}:${version}|${typeof chainId}:${chainId}|${verifyingContract}`;
  let prepared = domains.get(key);
  if (!prepared) {
    prepared = prepareDomain(name, version, chainId, verifyingContract);
    if (domains.size >= DOMAIN_CACHE_LIMIT) domains.clear();
    domains.set(key, prepared);
  }
  return prepared;
}

/** keccak256(0x1901 ‖ domainSeparator ‖ structHash) as bytes. */
export function orderDigestBytes(domain: TypedDataDomain, order: OrderStruct): Uint8Array {
  const { head } = preparedOrderDomain(domain);
  const message = new Uint8Array(66);
  message.set(head, 0);
  message.set(orderStructHash(order), 34);
  return keccak_256(message);
}

/**
 * One deterministic (RFC 6979) low-s secp256k1 signature of a 32-byte digest (noble's
 * signature, with the faster k⋅G of ./secp256k1-sign), encoded as viem encodes it:
 * `0x` ‖ r (32 bytes) ‖ s (32 bytes) ‖ v (1 byte, 27 or 28).
 */
function signDigest(digest: Uint8Array, privateKey: bigint): Hex {
  const { r, s, recovery } = signDigest32(digest, privateKey);
  return `0x${r.toString(16).padStart(64, '0')}${s.toString(16).padStart(64, '0')}${recovery ? '1c' : '1b'}`;
}

/** The key as a scalar, checked: 32 bytes of hex, 0 < d < n. */
function privateKeyScalar(privateKey: Hex): bigint {
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey)) {
    throw new Error('The private key is not 32 bytes of hex.');
  }
  const d = BigInt(privateKey);
  if (d <= 0n || d >= secp256k1.CURVE.n) throw new Error('The private key is out of range.');
  return d;
}

type OrderTypedData = ReturnType<typeof orderTypedData>;

/**
 * A `TypedDataSigner` over a private key whose order signatures take the fast path above.
 * Typed data of any other shape (another `types` object, another primary type) goes to a
 * viem local account of the same key, so the result never depends on the path taken.
 * The key is decoded and checked once, here; the address is viem's.
 */
export function localOrderSigner(privateKey: Hex): TypedDataSigner {
  const key = privateKeyScalar(privateKey);
  const account = privateKeyToAccount(privateKey);
  // The k⋅G table (about 0.1 s, once per process) is built with the signer, at unlock,
  // rather than on the first order.
  prepareBaseTable();
  const address: Address = account.address;
  return {
    address,
    async signTypedData(typedData: OrderTypedData): Promise<Hex> {
      if (
        typedData.types !== ORDER_TYPES ||
        typedData.primaryType !== 'Order' ||
        !isOrderDomainShape(typedData.domain)
      ) {
        return account.signTypedData(typedData);
      }
      return signDigest(orderDigestBytes(typedData.domain, typedData.message), key);
    },
  };
}
