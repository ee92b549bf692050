import { describe, expect, it } from 'vitest';
import {
  addAlert,
  armedMarkets,
  fireHolding,
  removeAlert,
} from '../../../../lib/core/price-alerts/list';
import { MAX_PRICE_ALERTS } from '../../../../lib/core/price-alerts/rules';
import type { NewPriceAlert, PriceAlert } from '../../../../lib/core/price-alerts/schema';

const request = (over: Partial<NewPriceAlert> = {}): NewPriceAlert => ({
  marketSlug: 'btc',
  outcome: 'YES',
  field: 'bid',
  comparator: '>=',
  priceMillis: 700,
  ...over,
});

function listOf(...requests: NewPriceAlert[]): PriceAlert[] {
  let alerts: PriceAlert[] = [];
  requests.forEach((r, i) => {
    const result = addAlert(alerts, r, { id: `a-${i}`, marketTitle: r.marketSlug, now: 1 });
    if (!result.ok) throw new Error(result.message);
    alerts = result.alerts;
  });
  return alerts;
}

const at = (bid: bigint) => ({ bestBidRaw: bid, bestAskRaw: null, lastRaw: null });

describe('adding an alert', () => {
  it('arms it with its id, title and time', () => {
    const result = addAlert([], request(), { id: 'x', marketTitle: 'BTC', now: 5 });
    expect(result).toMatchObject({
      ok: true,
      added: { id: 'x', marketTitle: 'BTC', createdAt: 5, firedAt: null, priceMillis: 700 },
    });
  });

  it('at the cap is refused with the sentence, fired alerts counting', () => {
    const full = listOf(...Array.from({ length: MAX_PRICE_ALERTS }, () => request()));
    const fired = fireHolding(full, 'btc', at(700_000n), 9).alerts;
    const result = addAlert(fired, request(), { id: 'y', marketTitle: 'BTC', now: 5 });
    expect(result).toEqual({
      ok: false,
      message: 'You have 50 alerts, the most the extension keeps: remove one to add another.',
    });
    expect(
      addAlert(removeAlert(fired, 'a-0'), request(), { id: 'y', marketTitle: 'B', now: 5 }).ok,
    ).toBe(true);
  });
});

describe('firing', () => {
  it('disarms the alerts whose condition holds, on their market only, at that time', () => {
    const alerts = listOf(request(), request({ priceMillis: 800 }), request({ marketSlug: 'eth' }));
    const { alerts: next, fired } = fireHolding(alerts, 'btc', at(750_000n), 42);
    expect(fired.map((a) => a.id)).toEqual(['a-0']);
    expect(next.map((a) => a.firedAt)).toEqual([42, null, null]);
  });

  it('never fires an alert twice', () => {
    const once = fireHolding(listOf(request()), 'btc', at(750_000n), 1).alerts;
    expect(fireHolding(once, 'btc', at(760_000n), 2).fired).toEqual([]);
  });

  it('leaves the list as it was when nothing holds', () => {
    const alerts = listOf(request());
    expect(fireHolding(alerts, 'btc', at(650_000n), 1)).toEqual({ alerts, fired: [] });
  });

  it('stops watching a market once none of its alerts is armed', () => {
    const alerts = listOf(request(), request({ marketSlug: 'eth' }));
    expect(armedMarkets(alerts)).toEqual(new Set(['btc', 'eth']));
    const next = fireHolding(alerts, 'btc', at(750_000n), 1).alerts;
    expect(armedMarkets(next)).toEqual(new Set(['eth']));
  });
});
