import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  PriceAlertCapError,
  PriceWatch,
  pricesOfBook,
  pricesOfPool,
} from '../../../../lib/background/market/price-watch';
import { notificationMarket } from '../../../../lib/background/notifications/notifier';
import { MAX_PRICE_ALERTS } from '../../../../lib/core/price-alerts/rules';
import type { NewPriceAlert } from '../../../../lib/core/price-alerts/schema';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import type { Settings } from '../../../../lib/core/settings/schema';
import { PRICE_ALERTS_KEY } from '../../../../lib/storage/keys';
import { fakePlatform, type RecordingPlatform } from '../fake-platform';

const BTC = 'sandbox-btc-100k';
const request = (over: Partial<NewPriceAlert> = {}): NewPriceAlert => ({
  marketSlug: BTC,
  outcome: 'YES',
  field: 'bid',
  comparator: '>=',
  priceMillis: 700,
  ...over,
});
const bidAt = (bid: number) =>
  pricesOfBook({
    tokenId: '1',
    bids: [{ price: bid, size: '1000000' }],
    asks: [],
    adjustedMidpoint: null,
    minSize: '1',
  });

let platform: RecordingPlatform;
let settings: Settings;
let ids = 0;
let changes = 0;
let marketChanges = 0;

function watch(): PriceWatch {
  return new PriceWatch({
    platform,
    settings: () => settings,
    now: () => 1_000,
    newId: () => `a-${++ids}`,
    publish: () => changes++,
    onMarketsChanged: () => marketChanges++,
  });
}

beforeEach(() => {
  fakeBrowser.reset();
  platform = fakePlatform();
  settings = DEFAULT_SETTINGS;
  ids = 0;
  changes = 0;
  marketChanges = 0;
});

describe('the price watch', () => {
  it('fires an alert once when the book crosses it, with a notification that opens its market', async () => {
    const w = watch();
    await w.restore();
    await w.add(request(), 'Will BTC reach $100k?');
    await w.observe(BTC, bidAt(0.69));
    expect(platform.notificationsShown).toEqual([]);
    await w.observe(BTC, bidAt(0.7));
    await w.observe(BTC, bidAt(0.72));
    expect(platform.notificationsShown).toHaveLength(1);
    const [shown] = platform.notificationsShown;
    expect(shown?.title).toBe('Price alert');
    expect(shown?.message).toBe('YES best bid ≥ 70¢ on Will BTC reach $100k?');
    expect(notificationMarket(shown?.id ?? '')).toBe(BTC);
    expect(w.list()[0]?.firedAt).toBe(1_000);
  });

  it('fires once for updates that arrive together', async () => {
    const w = watch();
    await w.add(request(), 'BTC');
    await Promise.all([w.observe(BTC, bidAt(0.75)), w.observe(BTC, bidAt(0.76))]);
    expect(platform.notificationsShown).toHaveLength(1);
  });

  it('stores the fired state before raising the notification', async () => {
    const w = watch();
    await w.add(request(), 'BTC');
    let storedWhenShown: unknown = 'not shown';
    const create = platform.notifications.create;
    platform.notifications.create = async (...args) => {
      storedWhenShown = (await fakeBrowser.storage.local.get(PRICE_ALERTS_KEY))[PRICE_ALERTS_KEY];
      return create(...args);
    };
    await w.observe(BTC, bidAt(0.75));
    expect(storedWhenShown).toEqual([expect.objectContaining({ id: 'a-1', firedAt: 1_000 })]);
  });

  it('after a restart, fires an alert whose condition came true meanwhile once, and a fired one never again', async () => {
    const before = watch();
    await before.add(request(), 'BTC');
    await before.add(request({ priceMillis: 600 }), 'BTC');
    await before.observe(BTC, bidAt(0.65));
    expect(platform.notificationsShown).toHaveLength(1);

    const after = watch();
    await after.restore();
    expect(after.markets()).toEqual(new Set([BTC]));
    await after.observe(BTC, bidAt(0.71));
    expect(platform.notificationsShown.map((n) => n.message)).toEqual([
      'YES best bid ≥ 60¢ on BTC',
      'YES best bid ≥ 70¢ on BTC',
    ]);

    const third = watch();
    await third.restore();
    await third.observe(BTC, bidAt(0.8));
    expect(platform.notificationsShown).toHaveLength(2);
    expect(third.markets()).toEqual(new Set());
  });

  it('refuses a new alert at the cap with the sentence', async () => {
    const w = watch();
    for (let i = 0; i < MAX_PRICE_ALERTS; i++) await w.add(request(), 'BTC');
    await expect(w.add(request(), 'BTC')).rejects.toThrow(PriceAlertCapError);
    await expect(w.add(request(), 'BTC')).rejects.toThrow(
      'You have 50 alerts, the most the extension keeps: remove one to add another.',
    );
    await w.remove('a-1');
    await expect(w.add(request(), 'BTC')).resolves.toMatchObject({ firedAt: null });
  });

  it('tells the subscriptions when the markets it needs change, not on every change', async () => {
    const w = watch();
    await w.add(request(), 'BTC');
    await w.add(request({ priceMillis: 800 }), 'BTC');
    expect(marketChanges).toBe(1);
    await w.observe(BTC, bidAt(0.75));
    expect(marketChanges).toBe(1);
    await w.observe(BTC, bidAt(0.85));
    expect(marketChanges).toBe(2);
    expect(changes).toBe(4);
  });

  it('disarms but shows nothing when desktop notifications are off', async () => {
    settings = { ...DEFAULT_SETTINGS, notifications: { enabled: false } };
    const w = watch();
    await w.add(request(), 'BTC');
    await w.observe(BTC, bidAt(0.75));
    expect(platform.notificationsShown).toEqual([]);
    expect(w.list()[0]?.firedAt).toBe(1_000);
  });

  it("reads an AMM market's pool price as its last price, for YES and for NO", async () => {
    const w = watch();
    await w.add(request({ field: 'last', comparator: '<=', priceMillis: 400 }), 'AMM');
    await w.add(request({ field: 'last', outcome: 'NO', priceMillis: 650 }), 'AMM');
    await w.observe(BTC, pricesOfPool([0.35, 0.65]));
    expect(platform.notificationsShown.map((n) => n.message)).toEqual([
      'YES last price ≤ 40¢ on AMM',
      'NO last price ≥ 65¢ on AMM',
    ]);
  });

  it('reads a corrupt stored list as no alerts', async () => {
    await fakeBrowser.storage.local.set({ [PRICE_ALERTS_KEY]: [{ id: 3 }] });
    const w = watch();
    await w.restore();
    expect(w.list()).toEqual([]);
  });
});
