import fc from 'fast-check';
import {
  type Address,
  getAddress,
  type Hex,
  hashTypedData,
  type TypedDataDomain,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { buildOrderRequest, type OrderContext } from '../../../../lib/core/orders/build';
import {
  localOrderSigner,
  ORDER_TYPE_STRING,
  orderDigestBytes,
  preparedOrderDomain,
} from '../../../../lib/core/orders/fast-typed-data';
import {
  ORDER_CHAIN_ID,
  ORDER_TYPES,
  type OrderStruct,
  orderDomain,
  orderTypedData,
  ZERO_ADDRESS,
} from '../../../../lib/core/orders/typed-data';
import { EIP712_VECTOR, vectorAccount, vectorOrderContext } from './vectors';

/** The digest as viem writes one (the product signs the bytes). */
const orderDigestHex = (d: TypedDataDomain, o: OrderStruct): Hex => toHex(orderDigestBytes(d, o));

const MAX_UINT256 = (1n << 256n) - 1n;
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

const vectorStruct = (address: Address): OrderStruct => ({
  salt: EIP712_VECTOR.salt,
  maker: address,
  signer: address,
  taker: ZERO_ADDRESS,
  tokenId: BigInt(EIP712_VECTOR.tokenId),
  makerAmount: EIP712_VECTOR.makerAmount,
  takerAmount: EIP712_VECTOR.takerAmount,
  expiration: 0n,
  nonce: 0n,
  feeRateBps: 0n,
  side: 0,
  signatureType: 0,
});

// ─── generators ─────────────────────────────────────────────────────────────────────

/** uint256 values, the edges often: 0, 1, 2^53 ± 1, 2^64 − 1, 2^128, 2^255, max. */
const uint256 = fc.oneof(
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: MAX_UINT256 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 64n }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      0n,
      1n,
      2n ** 53n - 1n,
      2n ** 53n + 1n,
      2n ** 64n - 1n,
      2n ** 128n,
      2n ** 255n,
      MAX_UINT256 - 1n,
      MAX_UINT256,
    ),
  },
);

const uint8 = fc.oneof(fc.constantFrom(0, 1, 255), fc.integer({ min: 0, max: 255 }));

/** Valid addresses as viem takes them: all lower case, or checksummed (mixed case). */
const address: fc.Arbitrary<Address> = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.uint8Array({ minLength: 20, maxLength: 20 }) },
      { weight: 1, arbitrary: fc.constantFrom(new Uint8Array(20), new Uint8Array(20).fill(255)) },
    ),
    fc.boolean(),
  )
  .map(([bytes, checksummed]) => {
    const lower = `0x${hex(bytes)}` as Address;
    return checksummed ? getAddress(lower) : lower;
  });

const order: fc.Arbitrary<OrderStruct> = fc.record({
  salt: uint256,
  maker: address,
  signer: address,
  taker: address,
  tokenId: uint256,
  makerAmount: uint256,
  takerAmount: uint256,
  expiration: uint256,
  nonce: uint256,
  feeRateBps: uint256,
  side: uint8 as fc.Arbitrary<0 | 1>,
  signatureType: uint8,
});

/** Mostly `orderDomain(name, contract)`; sometimes another version or chain id. */
const domain: fc.Arbitrary<TypedDataDomain> = fc
  .record({
    name: fc.oneof(
      fc.constantFrom('Sandbox', 'Limitless', ''),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    ),
    contract: address,
    version: fc.constantFrom('1', '1', '2'),
    chainId: fc.oneof(
      fc.constant<number | bigint>(ORDER_CHAIN_ID),
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.bigInt({ min: 0n, max: MAX_UINT256 }),
    ),
  })
  .map(({ name, contract, version, chainId }) => ({
    ...orderDomain(name, contract),
    version,
    chainId: chainId as number,
  }));

const privateKey: fc.Arbitrary<Hex> = fc
  .bigInt({ min: 1n, max: 2n ** 256n - 0x14551231950b75fc4402da1732fc9bec0n })
  .map((k) => `0x${k.toString(16).padStart(64, '0')}` as Hex);

// ─── properties ─────────────────────────────────────────────────────────────────────

describe('fast order digest and signature (viem is the reference)', () => {
  it('builds the type string from the one field list', () => {
    expect(ORDER_TYPE_STRING).toBe(
      'Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 nonce,uint256 feeRateBps,uint8 side,uint8 signatureType)',
    );
  });

  it('reproduces the known-answer hash and signature', async () => {
    const account = vectorAccount();
    const d = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);
    const struct = vectorStruct(account.address);
    expect(orderDigestHex(d, struct)).toBe(EIP712_VECTOR.hash);
    const signer = localOrderSigner(EIP712_VECTOR.privateKey);
    expect(signer.address).toBe(account.address);
    await expect(signer.signTypedData(orderTypedData(d, struct))).resolves.toBe(
      EIP712_VECTOR.signature,
    );
  });

  it('the digest equals hashTypedData on 5,000 random orders and domains', () => {
    fc.assert(
      fc.property(domain, order, (d, o) => {
        expect(orderDigestHex(d, o)).toBe(hashTypedData(orderTypedData(d, o)));
      }),
      { numRuns: 5_000 },
    );
    // viem's reference hash is the slow side: a few seconds quiet, over 20 s at load 20.
  }, 120_000);

  it('the signature equals viem signTypedData on 2,000 random keys, orders and domains', async () => {
    await fc.assert(
      fc.asyncProperty(privateKey, domain, order, async (key, d, o) => {
        const typedData = orderTypedData(d, o);
        const reference = await privateKeyToAccount(key).signTypedData(typedData);
        expect(await localOrderSigner(key).signTypedData(typedData)).toBe(reference);
      }),
      { numRuns: 2_000 },
    );
    // Three viem signatures per run: about 10 s on a quiet machine, over 20 s on a busy one.
  }, 120_000);

  it('one key, many orders: the signer built once signs each as viem does', async () => {
    const account = vectorAccount();
    const signer = localOrderSigner(EIP712_VECTOR.privateKey);
    const d = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);
    await fc.assert(
      fc.asyncProperty(order, async (o) => {
        const typedData = orderTypedData(d, o);
        expect(await signer.signTypedData(typedData)).toBe(await account.signTypedData(typedData));
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses what viem refuses: values out of range, addresses with a wrong checksum', () => {
    const d = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);
    const base = vectorStruct(vectorAccount().address);
    const field = fc.constantFrom(
      'salt',
      'tokenId',
      'makerAmount',
      'takerAmount',
      'expiration',
      'nonce',
      'feeRateBps',
    );
    const bad = fc.oneof(
      fc.bigInt({ min: MAX_UINT256 + 1n, max: 2n ** 300n }),
      fc.bigInt({ min: -(2n ** 256n), max: -1n }),
    );
    fc.assert(
      fc.property(field, bad, (name, value) => {
        const o = { ...base, [name]: value };
        expect(() => hashTypedData(orderTypedData(d, o))).toThrow();
        expect(() => orderDigestHex(d, o)).toThrow();
      }),
      { numRuns: 300 },
    );
    for (const side of [256, -1, 0.5]) {
      const o = { ...base, side: side as 0 };
      expect(() => hashTypedData(orderTypedData(d, o))).toThrow();
      expect(() => orderDigestHex(d, o)).toThrow();
    }
    // Upper-casing one letter of a checksummed address breaks its checksum.
    const badCase = EIP712_VECTOR.verifyingContract.replace('b', 'B') as Address;
    for (const o of [
      { ...base, maker: badCase },
      { ...base, taker: `${ZERO_ADDRESS}0` },
    ]) {
      expect(() => hashTypedData(orderTypedData(d, o as OrderStruct))).toThrow();
      expect(() => orderDigestHex(d, o as OrderStruct)).toThrow();
    }
    const badDomain = orderDomain('Sandbox', badCase);
    expect(() => hashTypedData(orderTypedData(badDomain, base))).toThrow();
    expect(() => orderDigestHex(badDomain, base)).toThrow();
  });

  it('random re-casings of an address: accepted exactly when viem accepts them', () => {
    const d = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);
    const base = vectorStruct(vectorAccount().address);
    fc.assert(
      fc.property(address, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (a, upper) => {
        const recased = `0x${[...a.slice(2)].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join('')}`;
        const o = { ...base, signer: recased as Address };
        let reference: string | undefined;
        try {
          reference = hashTypedData(orderTypedData(d, o));
        } catch {
          reference = undefined;
        }
        if (reference === undefined) expect(() => orderDigestHex(d, o)).toThrow();
        else expect(orderDigestHex(d, o)).toBe(reference);
      }),
      { numRuns: 1_000 },
    );
  });

  it('caches one prepared domain per exchange and contract, and tells domains apart', () => {
    const a = orderDomain('Sandbox', EIP712_VECTOR.verifyingContract);
    expect(preparedOrderDomain(a)).toBe(preparedOrderDomain({ ...a }));
    const others = [
      orderDomain('Other', EIP712_VECTOR.verifyingContract),
      orderDomain('Sandbox', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'),
      { ...a, version: '2' },
      { ...a, chainId: 1 },
      // Names and versions that would run together without the lengths in the key.
      { ...a, name: `${a.name}|1`, version: '' },
    ];
    for (const other of others) {
      expect(hex(preparedOrderDomain(other).separator)).not.toBe(
        hex(preparedOrderDomain(a).separator),
      );
    }
    expect(() => preparedOrderDomain({ ...a, salt: `0x${'00'.repeat(32)}` })).toThrow();
  });

  it('typed data of another shape goes to viem with the same key', async () => {
    const account = vectorAccount();
    const signer = localOrderSigner(EIP712_VECTOR.privateKey);
    const d = orderDomain(EIP712_VECTOR.exchangeName, EIP712_VECTOR.verifyingContract);
    const struct = vectorStruct(account.address);
    const copiedTypes = { Order: [...ORDER_TYPES.Order] } as unknown as typeof ORDER_TYPES;
    const salted = { ...d, salt: `0x${'11'.repeat(32)}` as Hex };
    for (const typedData of [
      { ...orderTypedData(d, struct), types: copiedTypes },
      orderTypedData(salted, struct),
    ]) {
      await expect(signer.signTypedData(typedData)).resolves.toBe(
        await account.signTypedData(typedData),
      );
    }
  });

  it('refuses a private key that is not 32 bytes of hex or is out of range', () => {
    for (const key of [
      '0x12',
      `0x${'00'.repeat(32)}`,
      `0x${'ff'.repeat(32)}`,
      `0x${'zz'.repeat(32)}`,
    ]) {
      expect(() => localOrderSigner(key as Hex)).toThrow();
    }
  });

  it('buildOrderRequest with the local signer gives the bytes it gives with a viem account', async () => {
    const account = vectorAccount();
    const ctx = (signer: OrderContext['signer']): OrderContext =>
      vectorOrderContext(signer ? { signer } : {});
    const input = {
      amounts: { orderType: 'GTC', side: 'BUY', price: 0.55, contracts: 10_000_000n },
      outcome: 'YES',
      clientOrderId: 'c-1',
      salt: EIP712_VECTOR.salt,
    } as const;
    const fast = await buildOrderRequest(input, ctx(localOrderSigner(EIP712_VECTOR.privateKey)));
    const viem = await buildOrderRequest(input, ctx(account));
    expect(fast.json).toBe(viem.json);
    expect(fast.body.order.signature).toBe(EIP712_VECTOR.signature);
  });
});
