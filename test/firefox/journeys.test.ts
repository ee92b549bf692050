/**
 * The core journeys in real Firefox, on the production build: install, onboarding in the
 * options page against the sandbox, the popup unlocked with positions and the feed, the
 * page panel's FAK buy, sell %, one-click cancel and delayed-order countdown, a desktop
 * notification on a fill, the event page unloaded and woken without losing an intent,
 * and auto-lock. Each screen is saved; the add-on's console stays free of errors and CSP
 * reports throughout.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeTab, EXTENSION_ORIGIN, navigate, tabs } from '../../scripts/lib/firefox';
import { eventually } from '../e2e/fixtures';
import { placeRestingOrderAtSandbox } from '../e2e/harness/resting-order';
import type { PanelDriver } from '../e2e/panel/driver';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';
import { clickButton, fill, waitForText } from './harness/page-actions';

const ETH = 'sandbox-eth-flip';
// Long enough to see the countdown tick and to unload the background before the release.
const DELAY_MS = 8_000;

const h = useFirefox(import.meta.url, { sandbox: { takerDelayMs: DELAY_MS } });

const BTC = 'sandbox-btc-100k';
const BTC_TITLE = 'Will BTC close above $100k?';

const ordersSince = async (since: number) => (await h().admin.orders()).slice(since);
const newOrders = (since: number, count = 1) =>
  eventually(
    async () => {
      const fresh = await ordersSince(since);
      return fresh.length >= count ? fresh : null;
    },
    { what: `${count} new order(s) at the sandbox`, timeoutMs: 15_000 },
  );

let market: Page;
let panel: PanelDriver<Page>;
let listener: Page;

afterAll(async () => {
  // Whatever a test above did, the add-on logged no error and no CSP report.
  const problems = await h().addon.problems();
  expect(problems, JSON.stringify(problems, null, 1)).toEqual([]);
});

describe.sequential('Firefox: the production build', () => {
  it('installs, asks for no host access, and opens its options page', async () => {
    const options = await eventually(
      async () =>
        (await tabs(h().firefox.connection)).find((t) =>
          t.url.startsWith(`${EXTENSION_ORIGIN}/options.html`),
        ) ?? null,
      { what: 'the options page opened on install' },
    );
    await closeTab(h().firefox.connection, options.context);
    // The manifest claims no Firefox older than the one this suite drives.
    const { version } = await h().firefox.chrome<{ version: string }>(
      'JSON.stringify({ version: Services.appinfo.version })',
    );
    const minimum = await h().firefox.chrome<string>(
      `JSON.stringify(WebExtensionPolicy.getByID('market-companion@example.org').extension.manifest.browser_specific_settings.gecko.strict_min_version)`,
    );
    expect(Number.parseFloat(version)).toBeGreaterThanOrEqual(Number.parseFloat(minimum));
    // MV3, host access only optional, no MV2-style host patterns, its own page CSP.
    const manifest = await h().firefox.chrome<Record<string, unknown>>(
      `JSON.stringify(WebExtensionPolicy.getByID('market-companion@example.org').extension.manifest)`,
    );
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect(manifest).toMatchObject({
      manifest_version: 3,
      optional_host_permissions: ['https://*/*', 'http://*/*'],
      content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
    });
    expect(manifest.optional_permissions ?? []).toEqual([]);
    expect(manifest.content_scripts ?? []).toEqual([]);
    const granted = await h().firefox.chrome<{ origins: string[] }>(
      `JSON.stringify({ origins: [...WebExtensionPolicy.getByID('market-companion@example.org').allowedOrigins.patterns].map((p) => p.pattern) })`,
    );
    expect(granted.origins.filter((o) => !o.startsWith('moz-extension:'))).toEqual([]);
  });

  it('onboards through the options page against the sandbox', async () => {
    await onboardThroughOptions(h(), /^Alice \(alice\)/, (page, name) => h().shot(page, name));
    // The sandbox was granted like any site: its loopback host, asked for in onboarding.
    const granted = await h().firefox.chrome<string[]>(
      `JSON.stringify([...WebExtensionPolicy.getByID('market-companion@example.org').allowedOrigins.patterns].map((p) => p.pattern))`,
    );
    expect(granted).toContain('http://127.0.0.1/*');
  });

  it('goes live over a WebSocket from the background (not HTTP long-polling)', async () => {
    const live = await eventually(
      () =>
        h()
          .sandbox.subscriptions()
          .find((s) => s.profileId !== null && s.orderEvents && s.transport === 'websocket'),
      {
        what: "the background's socket, authenticated, on the websocket transport",
        timeoutMs: 20_000,
      },
    );
    expect(live.transport).toBe('websocket');
  });

  it('trades from the page panel: a FAK buy, then sell 50 %, with a fill notification', async () => {
    // Headless Firefox closes a notification at once: its `onClosed` is how a listening
    // extension page learns that one was shown.
    listener = await h().openExtensionPage('popup.html', { width: 380, height: 600 });
    await listener.evaluate(() => {
      const w = window as unknown as { closedNotifications: string[] };
      w.closedNotifications = [];
      browser.notifications.onClosed.addListener((id: string) => {
        w.closedNotifications.push(id);
      });
    });

    market = await h().openMarketPage(BTC);
    panel = h().panel(market);
    await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 20_000);
    await h().shot(market, '7-market-page');

    await panel.click('[data-action="order-type-FAK"]');
    await panel.waitFor(
      '[data-action="order-type-FAK"]',
      (b) => b.attributes['aria-pressed'] === 'true',
    );
    let since = (await h().admin.orders()).length;
    await panel.click('[data-key="BUY:NO:0"]');
    const [buy] = await newOrders(since);
    expect(buy).toMatchObject({ marketSlug: BTC, orderType: 'FAK', side: 'BUY' });
    expect(buy?.signatureValid).toBe(true);
    await panel.waitForText('[data-result="NO"]', /Buy NO \$5: (filled|partially)/, 15_000);
    await h().shot(market, '8-fak-buy');

    await panel.click('[data-action="order-type-FOK"]');
    await panel.waitFor(
      '[data-action="order-type-FOK"]',
      (b) => b.attributes['aria-pressed'] === 'true',
    );
    since = (await h().admin.orders()).length;
    await panel.click('[data-key="SELL:NO:50"]');
    const [sell] = await newOrders(since);
    expect(sell).toMatchObject({ orderType: 'FOK', side: 'SELL', signatureValid: true });
    await panel.waitForText('[data-result="NO"]', /Sell NO 50%: filled/, 15_000);
    await h().shot(market, '9-sell-half');

    const shown = await eventually(
      async () => {
        const ids = await listener.evaluate(
          () => (window as unknown as { closedNotifications: string[] }).closedNotifications,
        );
        return ids.some((id) => id.includes(':fill:')) ? ids : null;
      },
      { what: 'a fill notification', timeoutMs: 15_000 },
    );
    expect(shown.some((id) => id.includes(encodeURIComponent(BTC)))).toBe(true);
  });

  it('the popup shows the positions and the feed of those trades', async () => {
    await navigate(h().firefox.connection, listener, h().firefox.url('popup.html'));
    await waitForText(listener, new RegExp(BTC_TITLE.replace(/[$?]/g, '\\$&')));
    await h().shot(listener, '10-popup-positions');
    await clickButton(listener, /^Feed$/);
    await eventually(() => listener.$('.feed-card'), { what: 'a card in the feed' });
    await h().shot(listener, '11-popup-feed');
  });

  it("badges the site's links to the market held, in an overlay the page cannot read", async () => {
    const home = await h().newPage();
    try {
      await home.setViewport({ width: 1280, height: 800 });
      await home.goto(`${h().sandbox.siteUrl}/`);
      const badges = h().panel(home, 'badges');
      const drawn = await eventually(
        async () => {
          const list = await badges.onRoot(
            (root) =>
              [...root.querySelectorAll('.b')].map((b) => ({
                market: b.getAttribute('data-market'),
                text: [...b.querySelectorAll('[data-t]')]
                  .map((t) => t.getAttribute('data-t'))
                  .join(' '),
              })),
            null,
          );
          return list && list.length > 0 ? list : null;
        },
        { what: 'the position badges', timeoutMs: 15_000 },
      );
      // The NO bought above, half of it sold, is held on BTC.
      const btc = drawn.find((b) => b.market === BTC);
      expect(btc?.text).toMatch(/(^| )NO \d[\d,.]* [+−]?\$[\d,.]+$/);
      expect(
        await home.evaluate(() => {
          const host = document.querySelector('[data-market-companion="badges"]');
          return host ? host.shadowRoot : 'no overlay';
        }),
      ).toBeNull();
      await h().shot(home, '11b-badges');
    } finally {
      await home.close();
    }
  });

  it('cancels a resting order with one click from the panel', async () => {
    const orderId = await placeRestingOrderAtSandbox(h().sandbox, h().admin, {
      label: 'alice',
      slug: BTC,
      price: '0.2',
      contracts: 10_000_000n,
    });
    await panel.waitForText('[data-section="orders"]', /Open orders \(1\)/, 15_000);
    await h().shot(market, '12-open-order');
    await panel.click(`button[data-action="cancel-order"][data-order-id="${orderId}"]`);
    await panel.waitForText('[data-section="orders"]', /Open orders \(0\)/, 15_000);
    const order = (await h().admin.orders()).find((o) => o.id === orderId);
    expect(order?.status).toBe('CANCELED');
  });

  it('a delayed order counts down, and survives the event page being unloaded meanwhile', async () => {
    const eth = await h().openMarketPage(ETH);
    const ethPanel = h().panel(eth);
    await ethPanel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 20_000);
    const since = (await h().admin.orders()).length;
    await ethPanel.click('[data-key="BUY:YES:0"]');
    const [order] = await newOrders(since);
    expect(order).toMatchObject({ marketSlug: ETH, status: 'DELAYED' });
    await ethPanel.waitFor('[data-result="YES"]', (r) => r.attributes['data-status'] === 'delayed');
    const first = (await ethPanel.one('[data-result="YES"] time'))?.text;
    await eventually(async () => (await ethPanel.one('[data-result="YES"] time'))?.text !== first, {
      what: 'the countdown to tick',
    });
    await h().shot(eth, '13-delayed-countdown');

    // The browser unloads the idle event page while the order waits at the exchange.
    await h().addon.terminateBackground();
    expect(await h().addon.backgroundState()).not.toBe('running');

    // The panel wakes it; the new background finds the intent and follows it to its end.
    await ethPanel.waitFor(
      '[data-result="YES"]',
      (r) => r.attributes['data-status'] === 'filled',
      DELAY_MS + 20_000,
    );
    expect(await h().addon.backgroundState()).toBe('running');
    const after = await ordersSince(since);
    expect(after.map((o) => o.id)).toEqual([order?.id]);
    expect(after[0]?.status).toBe('FILLED');
    await h().shot(eth, '14-delayed-filled-after-restart');
    await eth.close();
  });

  it('locks itself after the idle minutes set in the options', async () => {
    const options = await h().openExtensionPage('options.html#settings');
    await fill(options, 'Lock after this many idle minutes', '1');
    await clickButton(options, /^Save settings$/);
    await waitForText(options, /Saved\./);
    await h().shot(options, '15-settings-auto-lock');
    // While the panel and the popup are open their keepalives hold the event page (and its
    // socket) up past Firefox's 30 s idle unload; the alarm then locks it.
    const states = new Set<string>();
    await eventually(
      async () => {
        states.add(await h().addon.backgroundState());
        return panel.one('[data-block="locked"]');
      },
      { what: 'the panel to show the lock', timeoutMs: 100_000, intervalMs: 2_000 },
    );
    expect([...states]).toEqual(['running']);
    await h().shot(market, '16-panel-locked');
    await navigate(h().firefox.connection, listener, h().firefox.url('popup.html'));
    await waitForText(listener, /Unlock Market Companion/);
    await h().shot(listener, '17-popup-locked');
  }, 120_000);
});
