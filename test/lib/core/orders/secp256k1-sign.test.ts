import { secp256k1 } from '@noble/curves/secp256k1';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiplyBase, signDigest32 } from '../../../../lib/core/orders/secp256k1-sign';

const N = secp256k1.CURVE.n;
const ONES = BigInt(`0x${'01'.repeat(32)}`);

describe('table-driven k⋅G and signing (noble is the reference)', () => {
  it('k⋅G equals noble on edge scalars', () => {
    const edges = [
      1n,
      2n,
      255n,
      256n,
      ONES - 1n, // below the table's range: noble's path
      ONES, // every digit 1
      ONES + 0xffn, // a doubling at the second position (partial sum equals the table point)
      ONES + 0xffn + 0xff00n,
      2n ** 255n,
      N - 2n,
      N - 1n,
      ...Array.from({ length: 32 }, (_, i) => 256n ** BigInt(i)).filter((k) => k < N),
    ];
    for (const k of edges) {
      const want = secp256k1.ProjectivePoint.BASE.multiply(k).toAffine();
      expect(multiplyBase(k)).toEqual({ x: want.x, y: want.y });
    }
    expect(() => multiplyBase(0n)).toThrow();
    expect(() => multiplyBase(N)).toThrow();
  });

  it('k⋅G equals noble on 1,000 random scalars', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: N - 1n }), (k) => {
        const want = secp256k1.ProjectivePoint.BASE.multiply(k).toAffine();
        expect(multiplyBase(k)).toEqual({ x: want.x, y: want.y });
      }),
      { numRuns: 1_000 },
    );
  });

  it('signatures equal noble sign (lowS, no extra entropy) on 1,000 random keys and digests', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: N - 1n }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (d, digest) => {
          const want = secp256k1.sign(digest, d, { lowS: true, extraEntropy: false });
          expect(signDigest32(digest, d)).toEqual({
            r: want.r,
            s: want.s,
            recovery: want.recovery,
          });
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
