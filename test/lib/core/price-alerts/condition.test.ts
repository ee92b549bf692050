import { describe, expect, it } from 'vitest';
import {
  alreadyTrue,
  conditionHolds,
  observedRaw,
} from '../../../../lib/core/price-alerts/condition';

const prices = { bestBidRaw: 690_000n, bestAskRaw: 710_000n, lastRaw: 700_000n };

describe('the price an alert watches', () => {
  it('on YES is the book as it stands', () => {
    expect(observedRaw(prices, 'YES', 'bid')).toBe(690_000n);
    expect(observedRaw(prices, 'YES', 'ask')).toBe(710_000n);
    expect(observedRaw(prices, 'YES', 'last')).toBe(700_000n);
  });

  it("on NO is the other side of the YES book: NO's bid is 1 − YES's ask", () => {
    expect(observedRaw(prices, 'NO', 'bid')).toBe(290_000n);
    expect(observedRaw(prices, 'NO', 'ask')).toBe(310_000n);
    expect(observedRaw(prices, 'NO', 'last')).toBe(300_000n);
  });

  it('is absent when that side of the book is empty', () => {
    const empty = { bestBidRaw: null, bestAskRaw: null, lastRaw: null };
    expect(observedRaw(empty, 'YES', 'bid')).toBeNull();
    expect(observedRaw(empty, 'NO', 'bid')).toBeNull();
    expect(observedRaw(empty, 'NO', 'last')).toBeNull();
  });
});

describe('a condition', () => {
  const alert = (comparator: '>=' | '<=', priceMillis: number) =>
    ({ outcome: 'YES', field: 'bid', comparator, priceMillis }) as const;

  it('≥ holds at the threshold exactly and above, not a tick below', () => {
    expect(conditionHolds(alert('>=', 690), prices)).toBe(true);
    expect(conditionHolds(alert('>=', 689), prices)).toBe(true);
    expect(conditionHolds(alert('>=', 691), prices)).toBe(false);
  });

  it('≤ holds at the threshold exactly and below, not a tick above', () => {
    expect(conditionHolds(alert('<=', 690), prices)).toBe(true);
    expect(conditionHolds(alert('<=', 691), prices)).toBe(true);
    expect(conditionHolds(alert('<=', 689), prices)).toBe(false);
  });

  it('never holds on a price that does not exist (an empty book is not 0¢)', () => {
    const empty = { bestBidRaw: null, bestAskRaw: null, lastRaw: null };
    expect(conditionHolds(alert('<=', 999), empty)).toBe(false);
  });
});

describe('an alert set when its condition already holds', () => {
  it('is refused with what holds, in cents', () => {
    expect(
      alreadyTrue({ outcome: 'YES', field: 'bid', comparator: '>=', priceMillis: 685 }, prices),
    ).toBe('YES best bid is already 69¢ ≥ 68.5¢: choose a price it has not reached yet.');
    expect(
      alreadyTrue({ outcome: 'NO', field: 'ask', comparator: '<=', priceMillis: 400 }, prices),
    ).toBe('NO best ask is already 31¢ ≤ 40¢: choose a price it has not reached yet.');
  });

  it('is not refused when it does not hold yet, or the price is not known', () => {
    expect(
      alreadyTrue({ outcome: 'YES', field: 'bid', comparator: '>=', priceMillis: 700 }, prices),
    ).toBeNull();
    const empty = { bestBidRaw: null, bestAskRaw: null, lastRaw: null };
    expect(
      alreadyTrue({ outcome: 'YES', field: 'bid', comparator: '<=', priceMillis: 700 }, empty),
    ).toBeNull();
  });
});
