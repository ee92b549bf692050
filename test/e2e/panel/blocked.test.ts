import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TEST_PASSPHRASE, useHarness } from '../fixtures';
import { placeRestingOrderAtSandbox } from '../harness/resting-order';
import type { PanelDriver } from './driver';
import { openPanel, placeRestingOrder } from './helpers';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';

const buysDisabled = async (panel: PanelDriver) =>
  (await panel.all('[data-key^="BUY:"]')).every((b) => b.disabled);

describe('before the extension is set up', () => {
  it('says so, with the way to set it up, and every button disabled', async () => {
    const { page, panel } = await openPanel(h(), BTC, '[data-block="not-set-up"]');
    expect((await panel.one('[data-action="open-options"]'))?.text).toBe('Set up');
    expect(await buysDisabled(panel)).toBe(true);
    await h().shot(page, 'not-set-up');
    await panel.detach();
    await page.close();
  });
});

describe('once set up', () => {
  let page: Awaited<ReturnType<typeof openPanel>>['page'];
  let panel: PanelDriver;

  beforeAll(async () => {
    await h().onboard('alice');
    ({ page, panel } = await openPanel(h(), BTC));
  });

  afterAll(async () => {
    await panel?.detach();
  });

  afterEach(async () => {
    // Each test starts in normal trading, whatever the last one left.
    await h().admin.tradingMode('normal', null);
    await h().ask('maintenance.refresh', {});
  });

  it('cancel_only: new orders disabled with when trading resumes; cancelling still works', async () => {
    const orderId = await placeRestingOrder(h(), BTC, '0.3', '10000000');
    await panel.waitForText('[data-section="orders"]', /Open orders \(1\)/);
    const resumeAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    await h().admin.tradingMode('cancel_only', resumeAt);
    await h().ask('maintenance.refresh', {});
    const notice = await panel.waitFor('[data-block="trading-mode"]');
    expect(notice.text).toMatch(
      /cancellations only.*Trading resumes .* \(in [12]:\d\d:\d\d\)\..*You can still cancel orders\./,
    );
    expect((await panel.one('[data-resume-at]'))?.attributes['data-resume-at']).toBe(resumeAt);
    expect(await buysDisabled(panel)).toBe(true);
    await h().shot(page, 'cancel-only');
    await panel.click(`button[data-action="cancel-order"][data-order-id="${orderId}"]`);
    await panel.waitForText('[data-section="orders"]', /Open orders \(0\)/);
    expect((await h().admin.orders()).find((o) => o.id === orderId)?.status).toBe('CANCELED');
  });

  it('disabled: cancelling is disabled too', async () => {
    await placeRestingOrder(h(), BTC, '0.3', '10000000');
    await h().admin.tradingMode('disabled', null);
    await h().ask('maintenance.refresh', {});
    await panel.waitForText(
      '[data-block="trading-mode"]',
      /disabled.*Cancelling is not possible now/,
    );
    await panel.waitFor('[data-action="cancel-all"]', (b) => b.disabled);
    expect((await panel.one('[data-action="cancel-order"]'))?.disabled).toBe(true);
    await h().admin.tradingMode('normal', null);
    await h().ask('maintenance.refresh', {});
    await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled);
    await panel.click('[data-action="cancel-all"]');
    await panel.waitForText('[data-section="orders"]', /Open orders \(0\)/);
  });

  it('locked: disabled with an unlock link that opens the extension', async () => {
    expect((await h().send('vault.lock', {})).ok).toBe(true);
    await panel.waitFor('[data-block="locked"]');
    expect(await buysDisabled(panel)).toBe(true);
    expect(await panel.one('[data-section="orders"]')).toBeNull();
    await h().shot(page, 'locked');
    const opened = h().context.waitForEvent('page', { timeout: 10_000 });
    await panel.click('[data-action="open-options"]');
    const options = await opened;
    expect(options.url()).toContain(`chrome-extension://${h().extensionId}/`);
    await options.close();
    expect((await h().send('vault.unlock', { passphrase: TEST_PASSPHRASE })).ok).toBe(true);
    await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled);
    expect(await panel.one('[data-block]')).toBeNull();
  });

  it.each([
    ['sandbox-rain-amm', 'amm', /AMM market/],
    ['sandbox-election-resolved', 'resolved', /resolved/],
    ['sandbox-expired', 'expired', /closed at its deadline/],
  ] as const)('on %s: disabled with the reason', async (slug, code, words) => {
    const opened = await openPanel(h(), slug, `[data-block="${code}"]`);
    expect((await opened.panel.one(`[data-block="${code}"]`))?.text).toMatch(words);
    expect(await buysDisabled(opened.panel)).toBe(true);
    await h().shot(opened.page, code);
    await opened.panel.detach();
    await opened.page.close();
  });

  it('past the deadline: an order left resting there is cancelled from the panel', async () => {
    const slug = 'sandbox-expired';
    const deadline = h().sandbox.core.markets.bySlug(slug)?.deadline ?? '';
    // The exchange's clock goes back to a day before the deadline (the extension learns
    // it from the next answer), the order rests, then the clock comes back to now.
    const before = Date.parse(deadline) - 86_400_000 - Date.now();
    let orderId: string | null = null;
    try {
      await h().admin.clock(before);
      await h().ask('maintenance.refresh', {});
      // Placed at the sandbox, as another app would: by its own clock the extension counts
      // the market closed already, and refuses the order.
      orderId = await placeRestingOrderAtSandbox(h().sandbox, h().admin, {
        label: 'alice',
        slug,
        price: '0.2',
        contracts: 10_000_000n,
      });
    } finally {
      await h().admin.clock(0);
      await h().ask('maintenance.refresh', {});
    }
    expect((await h().admin.orders()).find((o) => o.id === orderId)?.status).toBe('OPEN');

    const opened = await openPanel(h(), slug, '[data-block="expired"]');
    const expired = opened.panel;
    expect((await expired.one('[data-block="expired"]'))?.text).toMatch(
      /closed at its deadline.*You can still cancel your orders here\./,
    );
    expect(await buysDisabled(expired)).toBe(true);
    await expired.waitForText('[data-section="orders"]', /Open orders \(1\)/);
    const cancel = `button[data-action="cancel-order"][data-order-id="${orderId}"]`;
    expect((await expired.one(cancel))?.disabled).toBe(false);
    await h().shot(opened.page, 'expired-resting-order');
    await expired.click(cancel);
    await expired.waitForText('[data-section="orders"]', /Open orders \(0\)/);
    expect((await h().admin.orders()).find((o) => o.id === orderId)?.status).toBe('CANCELED');
    await h().shot(opened.page, 'expired-order-cancelled');
    await expired.detach();
    await opened.page.close();
  });

  it('follows the theme setting (dark)', async () => {
    await h().updateSettings((s) => ({ ...s, theme: 'dark' }));
    await eventually(
      async () =>
        (await panel.onRoot((root) => root.host.getAttribute('data-theme'), null)) === 'dark',
      { what: 'the dark theme on the panel' },
    );
    await h().shot(page, 'dark-theme');
    await h().updateSettings((s) => ({ ...s, theme: 'system' }));
  });
});
