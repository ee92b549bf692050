import { Fetch, NodeWebSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackgroundApp } from '../../../lib/background/app';
import { notificationMarket } from '../../../lib/background/notifications/notifier';
import type { PriceAlert } from '../../../lib/core/price-alerts/schema';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import type { Settings } from '../../../lib/core/settings/schema';
import type { Reply } from '../../../lib/protocol/router';
import type { RunningSandbox } from '../../../sandbox/index';
import { fakePlatform, type RecordingPlatform } from '../../lib/background/fake-platform';
import { sendersOn, sendThrough } from '../../support/routed-app';
import { waitFor } from '../../wait';
import { admin, publicClient, startTestSandbox } from '../helpers';

const BTC = 'sandbox-btc-100k';
const ETH = 'sandbox-eth-flip';

describe('price alerts in the background, against the sandbox', () => {
  let sandbox: RunningSandbox;
  let settings: Settings;
  const apps: BackgroundApp[] = [];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    settings = {
      ...DEFAULT_SETTINGS,
      exchange: sandbox.exchange,
    };
  });
  afterAll(() => sandbox.close());
  beforeEach(() => {
    fakeBrowser.reset();
    sandbox.core.reset();
  });
  afterEach(() => {
    for (const app of apps.splice(0)) app.live.stop();
  });

  /** A worker start: a new app over whatever the fake browser's storage holds. */
  async function boot(platform: RecordingPlatform) {
    const app = new BackgroundApp({
      platform,
      settings: {
        get: () => settings,
        update: async () => undefined,
        watch: () => undefined,
      },
      vaultIterations: 1_000,
      live: { transports: [Fetch, NodeWebSocket], reconnect: { baseMs: 20, maxMs: 200 } },
    });
    apps.push(app);
    await app.start();
    const pageUrl = `${sandbox.siteUrl}/markets/${BTC}`;
    const { page, content, panel } = sendersOn(platform, pageUrl, '/popup.html');
    return { app, send: sendThrough(app), page, content, panel };
  }

  /** The best YES bid now, in thousandths. */
  async function bestBid(slug: string): Promise<number> {
    const book = await publicClient(sandbox).getOrderbook(slug);
    return Math.round((book.bids[0]?.price ?? 0) * 1000);
  }

  const moveBidTo = (slug: string, millis: number) =>
    admin(sandbox, 'POST', `markets/${slug}/quote`, {
      side: 'BUY',
      price: (millis / 1000).toFixed(3),
      contracts: 5,
    });

  const pricesSubscribed = (slug: string) =>
    waitFor(() => {
      if (!sandbox.subscriptions().some((s) => s.prices.includes(slug)))
        throw new Error(`nobody watches ${slug} yet`);
    });

  it('the panel sets alerts on its own page’s market only; the content script sets none', async () => {
    const { app, send, content, panel } = await boot(fakePlatform());
    const request = { outcome: 'YES', field: 'bid', comparator: '>=', priceMillis: 900 };
    expect(await send(content, 'panel.addPriceAlert', { ...request, marketSlug: BTC })).toEqual({
      ok: false,
      error: {
        kind: 'forbidden',
        message: '"panel.addPriceAlert" may not be sent from a web page',
      },
    });
    expect(app.priceWatch.list()).toEqual([]);
    expect(await send(panel, 'panel.addPriceAlert', { ...request, marketSlug: ETH })).toMatchObject(
      {
        ok: false,
        error: { kind: 'forbidden', message: 'that market is not the one on this page' },
      },
    );
    expect(await send(panel, 'panel.addPriceAlert', { ...request, marketSlug: BTC })).toMatchObject(
      {
        ok: true,
        data: { marketSlug: BTC, marketTitle: expect.any(String), firedAt: null },
      },
    );
    // The extension pages' own alert messages are not the panel's to send.
    for (const [name, payload] of [
      ['priceAlerts.add', { ...request, marketSlug: BTC }],
      ['priceAlerts.list', {}],
      ['priceAlerts.remove', { id: 'x' }],
    ] as const) {
      expect(await send(panel, name, payload)).toMatchObject({ ok: false });
    }
  });

  it('fires once when the book moves through the threshold, opens the market on click, and is done', async () => {
    const platform = fakePlatform();
    const { app, send, page } = await boot(platform);
    const target = (await bestBid(BTC)) + 2;
    const added = await send(page, 'priceAlerts.add', {
      marketSlug: BTC,
      outcome: 'YES',
      field: 'bid',
      comparator: '>=',
      priceMillis: target,
    });
    expect(added).toMatchObject({ ok: true, data: { firedAt: null } });
    await pricesSubscribed(BTC);
    expect(platform.notificationsShown).toEqual([]);

    await moveBidTo(BTC, target - 1);
    await moveBidTo(BTC, target);
    await moveBidTo(BTC, target + 1);
    await waitFor(() => expect(platform.notificationsShown).toHaveLength(1));
    const [shown] = platform.notificationsShown;
    expect(shown?.message).toMatch(/^YES best bid ≥ \d+(\.\d)?¢ on /);
    expect(notificationMarket(shown?.id ?? '')).toBe(BTC);
    platform.clickNotification(shown?.id ?? '');
    expect(platform.opened).toEqual([`${sandbox.siteUrl}/markets/${BTC}`]);
    expect(app.snapshot().priceAlerts.map((a) => a.firedAt !== null)).toEqual([true]);
    // No alert needs the market any more (the server keeps a subscription until the next
    // connect: the protocol has no unsubscribe).
    expect(app.priceWatch.markets()).toEqual(new Set());
    await moveBidTo(BTC, target + 2);
    await waitFor(() => expect(app.books.get(BTC)?.bestBid).toBe((target + 2) / 1000));
    expect(platform.notificationsShown).toHaveLength(1);
  });

  it('an alert already true when set is refused with what holds, and neither kept nor fired', async () => {
    const platform = fakePlatform();
    const { app, send, page } = await boot(platform);
    const bid = await bestBid(BTC);
    const reply = await send(page, 'priceAlerts.add', {
      marketSlug: BTC,
      outcome: 'YES',
      field: 'bid',
      comparator: '>=',
      priceMillis: bid - 5,
    });
    expect(reply).toMatchObject({
      ok: false,
      error: {
        kind: 'unavailable',
        message: expect.stringMatching(
          /^YES best bid is already \d+(\.\d+)?¢ ≥ \d+(\.\d)?¢: choose a price it has not reached yet\.$/,
        ),
      },
    });
    expect(app.priceWatch.list()).toEqual([]);
    // The one still false is kept: the refusal was the condition, not the market.
    const kept = await send(page, 'priceAlerts.add', {
      marketSlug: BTC,
      outcome: 'YES',
      field: 'bid',
      comparator: '<=',
      priceMillis: bid - 5,
    });
    expect(kept).toMatchObject({ ok: true, data: { firedAt: null } });
    expect(platform.notificationsShown).toEqual([]);
  });

  it('an alert whose condition came true while the worker was stopped fires once on wake, not again after', async () => {
    const platform = fakePlatform();
    const first = await boot(platform);
    const target = (await bestBid(BTC)) + 2;
    const reply = (await first.send(first.page, 'priceAlerts.add', {
      marketSlug: BTC,
      outcome: 'YES',
      field: 'bid',
      comparator: '>=',
      priceMillis: target,
    })) as Reply<PriceAlert>;
    expect(reply.ok).toBe(true);
    first.app.live.stop();

    await moveBidTo(BTC, target);
    expect(platform.notificationsShown).toEqual([]);

    const second = await boot(platform);
    await waitFor(() => expect(platform.notificationsShown).toHaveLength(1));
    expect(second.app.snapshot().priceAlerts[0]?.firedAt).not.toBeNull();
    second.app.live.stop();

    const third = await boot(platform);
    await moveBidTo(BTC, target + 1);
    // The third worker subscribes to nothing for alerts: it cannot fire what is disarmed.
    expect(third.app.priceWatch.markets()).toEqual(new Set());
    expect(platform.notificationsShown).toHaveLength(1);
  });
});
