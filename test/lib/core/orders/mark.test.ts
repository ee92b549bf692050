import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Depth } from '../../../../lib/core/orders/depth';
import { takerFeeOf } from '../../../../lib/core/orders/fees';
import { markedPnl, markSide } from '../../../../lib/core/orders/mark';

const C = 1_000_000n;
const depth = (bids: [bigint, bigint][], asks: [bigint, bigint][] = []): Depth => ({
  bids: bids.map(([priceMillis, sizeRaw]) => ({ priceMillis, sizeRaw })),
  asks: asks.map(([priceMillis, sizeRaw]) => ({ priceMillis, sizeRaw })),
});

describe('markSide', () => {
  it('marks YES at what selling it now gets: the bids walked best first', () => {
    const book = depth([
      [602n, 10n * C],
      [594n, 100n * C],
    ]);
    // 10 at 60.2¢ and 5 at 59.4¢.
    const mark = markSide(book, 'YES', 15n * C, 0);
    expect(mark.valueRaw).toBe(6_020_000n + 2_970_000n);
    expect(mark.unmarkedRaw).toBe(0n);
    expect(mark.bestBidMillis).toBe(602n);
  });

  it('marks NO against the YES asks, at 1 − price', () => {
    // The ETH book, 40.4 / 42.4: a NO sells at 57.6¢.
    const book = depth([[404n, 50n * C]], [[424n, 50n * C]]);
    const mark = markSide(book, 'NO', 25n * C, 0);
    expect(mark.valueRaw).toBe(14_400_000n);
    expect(mark.bestBidMillis).toBe(576n);
  });

  it('takes the sell fee off each level, in money, as the exchange charges a SELL', () => {
    const book = depth([
      [500n, 3n * C],
      [400n, 10n * C],
    ]);
    const mark = markSide(book, 'YES', 5n * C, 100);
    const first = 1_500_000n - takerFeeOf('SELL', 3n * C, 1_500_000n, 100);
    const second = 800_000n - takerFeeOf('SELL', 2n * C, 800_000n, 100);
    expect(mark.valueRaw).toBe(first + second);
    expect(mark.valueRaw).toBe(2_277_000n);
  });

  it('marks contracts beyond the depth at zero and counts them', () => {
    const mark = markSide(depth([[300n, 2n * C]]), 'YES', 5n * C, 0);
    expect(mark.valueRaw).toBe(600_000n);
    expect(mark.unmarkedRaw).toBe(3n * C);
    const empty = markSide(depth([]), 'YES', 5n * C, 0);
    expect(empty).toEqual({ valueRaw: 0n, unmarkedRaw: 5n * C, bestBidMillis: null });
  });

  it('a book whose best bid holds the whole side marks it as the exchange does at that price', () => {
    // The sandbox's own P&L: quantity × its mark / 1000 − cost (sandbox/core/portfolio.ts).
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 10n, max: 990n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (held, priceMillis, cost) => {
          const mark = markSide(depth([[priceMillis, held + 1n]]), 'YES', held, 0);
          expect(markedPnl(mark, cost)).toBe((held * priceMillis) / 1000n - cost);
        },
      ),
    );
  });

  it('never values more than the best bid would pay for everything, and never below zero', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.bigInt({ min: 10n, max: 990n }), fc.bigInt({ min: 1n, max: 10n ** 9n })),
          {
            maxLength: 8,
          },
        ),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.integer({ min: 0, max: 1000 }),
        (levels, held, bps) => {
          const bids = [...levels].sort((a, b) => (a[0] > b[0] ? -1 : a[0] < b[0] ? 1 : 0));
          const mark = markSide(depth(bids), 'YES', held, bps);
          const best = bids[0]?.[0] ?? 0n;
          expect(mark.valueRaw >= 0n).toBe(true);
          expect(mark.valueRaw <= (held * best) / 1000n).toBe(true);
          expect(mark.unmarkedRaw >= 0n && mark.unmarkedRaw <= held).toBe(true);
        },
      ),
    );
  });
});
