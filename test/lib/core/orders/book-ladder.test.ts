import { describe, expect, it } from 'vitest';
import { Orderbook } from '../../../../lib/core/api/markets';
import { LADDER_DEPTH, ladderOf } from '../../../../lib/core/orders/book-ladder';

const book = (bids: [number, string][], asks: [number, string][]) =>
  Orderbook.parse({
    tokenId: '1001',
    bids: bids.map(([price, size]) => ({ price, size })),
    asks: asks.map(([price, size]) => ({ price, size })),
    adjustedMidpoint: null,
    minSize: '100',
  });

describe('ladderOf', () => {
  it('keeps the best five levels of each side, best first, as exact integers', () => {
    const bids: [number, string][] = [0.6, 0.59, 0.58, 0.57, 0.56, 0.55, 0.54].map((p) => [
      p,
      '1000000',
    ]);
    const asks: [number, string][] = [0.62, 0.63, 0.64, 0.65, 0.66, 0.67].map((p) => [
      p,
      '2500000',
    ]);
    const ladder = ladderOf(book(bids, asks));
    expect(ladder.yes.bids).toHaveLength(LADDER_DEPTH);
    expect(ladder.yes.bids.map((l) => l.priceMillis)).toEqual(['600', '590', '580', '570', '560']);
    expect(ladder.yes.asks.map((l) => l.priceMillis)).toEqual(['620', '630', '640', '650', '660']);
    expect(ladder.yes.asks[0]?.sizeRaw).toBe('2500000');
  });

  it('NO mirrors YES: its bids are YES asks at 1 − price, its asks YES bids', () => {
    const ladder = ladderOf(
      book(
        [
          [0.6, '1000000'],
          [0.585, '3000000'],
        ],
        [[0.62, '2000000']],
      ),
    );
    expect(ladder.no.bids).toEqual([{ priceMillis: '380', sizeRaw: '2000000' }]);
    expect(ladder.no.asks).toEqual([
      { priceMillis: '400', sizeRaw: '1000000' },
      { priceMillis: '415', sizeRaw: '3000000' },
    ]);
  });

  it('skips levels off the 0.001 grid and empty ones: no order could rest there', () => {
    const ladder = ladderOf(
      book(
        [
          [0.6005, '1000000'],
          [0.6, '0'],
          [0.59, '1000000'],
        ],
        [],
      ),
    );
    expect(ladder.yes.bids.map((l) => l.priceMillis)).toEqual(['590']);
    expect(ladder.yes.asks).toEqual([]);
    expect(ladder.no.asks.map((l) => l.priceMillis)).toEqual(['410']);
  });
});
