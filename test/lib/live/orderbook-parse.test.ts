import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderbookUpdateEvent } from '../../../lib/core/api/events';
import { parseOrderbookUpdate } from '../../../lib/live/orderbook-parse';
import * as ex from '../core/api/examples';

const valid = () => ({
  marketSlug: 'sandbox-btc-100k',
  orderbook: ex.orderbook(),
  timestamp: '2026-11-22T08:00:00.000Z',
});

/** Values a field may be bent to: the right kind, the edge of it, and the wrong kinds. */
const anyValue = fc.oneof(
  fc.constantFrom(
    null,
    undefined,
    true,
    0,
    -0,
    1,
    0.5,
    1.0000001,
    -0.1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    '0',
    '12',
    '-5',
    '1.5',
    ' 1',
    '1\n',
    '9'.repeat(78),
    `1${'0'.repeat(77)}`,
    '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    '115792089237316195423570985008687907853269984665640564039457584007913129639936',
    '2026-11-22T08:00:00.000Z',
    '2026-13-45T08:00:00Z',
    '2026-11-22',
    'not a time',
    [],
    {},
  ),
  fc.double({ min: -2, max: 2 }),
  fc.string({ maxLength: 6 }),
  fc.bigInt({ min: 0n, max: 10n ** 80n }).map(String),
);

/** A good value, now and then bent. */
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 30, arbitrary: good }, { weight: 1, arbitrary: anyValue });

const level = fc.record({
  price: mostly(fc.integer({ min: 0, max: 1000 }).map((m) => m / 1000)),
  size: mostly(fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String)),
});

const levels = mostly(fc.array(level, { maxLength: 6 }));

/** Mostly well-formed books with a few bent fields, unsorted sides and extra keys. */
const payload = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        marketSlug: mostly(fc.string({ maxLength: 8 })),
        orderbook: fc.oneof(
          {
            weight: 8,
            arbitrary: fc.record(
              {
                tokenId: mostly(fc.constant(ex.YES_TOKEN)),
                // Mostly in order, so that what decides is the fields, not the order.
                bids: fc
                  .tuple(levels, fc.integer({ min: 0, max: 9 }))
                  .map(([l, n]) =>
                    Array.isArray(l) && n < 7
                      ? [...l].sort((a, b) => Number(b.price) - Number(a.price))
                      : l,
                  ),
                asks: fc
                  .tuple(levels, fc.integer({ min: 0, max: 9 }))
                  .map(([l, n]) =>
                    Array.isArray(l) && n < 7
                      ? [...l].sort((a, b) => Number(a.price) - Number(b.price))
                      : l,
                  ),
                adjustedMidpoint: mostly(
                  fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1 })),
                ),
                minSize: mostly(fc.constant('100')),
                extra: anyValue,
              },
              { requiredKeys: ['tokenId', 'bids', 'asks', 'adjustedMidpoint', 'minSize'] },
            ),
          },
          { weight: 1, arbitrary: anyValue },
        ),
        timestamp: mostly(fc.constant('2026-11-22T08:00:00.000Z')),
        extra: anyValue,
      },
      { requiredKeys: ['marketSlug', 'orderbook', 'timestamp'] },
    ),
  },
  { weight: 1, arbitrary: anyValue },
);

describe('parseOrderbookUpdate (the hand-written check of the busiest event)', () => {
  it('accepts what the schema accepts, refuses what it refuses, and hands on the same event', () => {
    fc.assert(
      fc.property(payload, (p) => {
        const fast = parseOrderbookUpdate(p);
        const zod = OrderbookUpdateEvent.safeParse(p);
        expect(fast.ok).toBe(zod.success);
        if (fast.ok && zod.success) expect(fast.event).toEqual(zod.data);
      }),
      { numRuns: 10_000 },
    );
  });

  it('agrees on valid books of every size, in and out of order', () => {
    const sortedLevels = (descending: boolean) =>
      fc
        .array(
          fc.record({
            price: fc.integer({ min: 0, max: 1000 }).map((m) => m / 1000),
            size: fc.bigInt({ min: 0n, max: 10n ** 15n }).map(String),
          }),
          { maxLength: 40 },
        )
        .chain((l) =>
          fc
            .boolean()
            .map((sorted) =>
              sorted
                ? [...l].sort((a, b) => (descending ? b.price - a.price : a.price - b.price))
                : l,
            ),
        );
    fc.assert(
      fc.property(sortedLevels(true), sortedLevels(false), (bids, asks) => {
        const p = { ...valid(), orderbook: { ...ex.orderbook(), bids, asks } };
        const fast = parseOrderbookUpdate(p);
        expect(fast.ok).toBe(OrderbookUpdateEvent.safeParse(p).success);
      }),
      { numRuns: 5_000 },
    );
  });

  it('says where a malformed update is wrong', () => {
    const refused = (p: unknown) => {
      const r = parseOrderbookUpdate(p);
      return r.ok ? null : r.reason;
    };
    expect(refused(valid())).toBeNull();
    expect(refused(null)).toBe('not an object');
    expect(refused({ ...valid(), timestamp: 'yesterday' })).toBe('timestamp: not an ISO time');
    const book = ex.orderbook();
    expect(
      refused({ ...valid(), orderbook: { ...book, asks: [{ price: 0.56, size: '1.5' }] } }),
    ).toBe('orderbook.asks[0].size: not a raw amount');
    expect(refused({ ...valid(), orderbook: { ...book, bids: [...book.bids].reverse() } })).toBe(
      'orderbook.bids: out of order',
    );
    expect(refused({ ...valid(), orderbook: { ...book, tokenId: 7 } })).toBe(
      'orderbook.tokenId: not a uint256',
    );
  });
});
