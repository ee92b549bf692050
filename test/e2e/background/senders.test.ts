import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../../lib/protocol/messages';
import { PANEL_FRAME_PATH } from '../../../lib/protocol/names';
import { classifySender, type SenderInfo, type SenderPolicy } from '../../../lib/protocol/sender';
import { type ChromeApi, eventually, type Harness, useHarness } from '../fixtures';
import { panelFrameOf } from '../panel/driver';
import { openPanel, ordersAfter, waitForNewOrders } from '../panel/helpers';

const h = useHarness(import.meta.url);

interface Seen {
  kind: 'message' | 'port';
  name: string;
  sender: SenderInfo & { documentId?: string };
}
type Scope = { chrome: ChromeApi; __seen?: Seen[] };

/**
 * Records, in the worker, the `sender` Chromium hands to every message and port (withApp:
 * what Chromium reports of a sender reaches the worker's listeners alone).
 */
function recordSenders(harness: Harness): Promise<void> {
  return harness.withApp(() => {
    const scope = globalThis as unknown as Scope;
    if (scope.__seen) return;
    const seen: Seen[] = [];
    scope.__seen = seen;
    const copy = (s: unknown) => JSON.parse(JSON.stringify(s)) as Seen['sender'];
    scope.chrome.runtime.onMessage.addListener((message, sender) => {
      const name = (message as { name?: unknown } | null)?.name;
      seen.push({ kind: 'message', name: String(name), sender: copy(sender) });
      return false;
    });
    scope.chrome.runtime.onConnect.addListener((port) => {
      seen.push({ kind: 'port', name: port.name, sender: copy(port.sender ?? {}) });
    });
  });
}

const seenFrom = (harness: Harness, match: (s: Seen) => boolean) =>
  eventually(
    // withApp: what `recordSenders` kept, in the worker.
    async () =>
      (await harness.withApp(() => (globalThis as unknown as Scope).__seen ?? [])).find(match),
    { what: 'a recorded sender' },
  );

function policy(harness: Harness): SenderPolicy {
  const site = new URL(harness.sandbox.siteUrl).origin;
  return {
    extensionId: harness.extensionId,
    extensionOrigin: `chrome-extension://${harness.extensionId}`,
    isSiteOrigin: (origin) => origin === site,
    panelSender: 'panel-frame',
  };
}

const sendFromContentScript = (
  harness: Harness,
  page: Parameters<Harness['inContentScript']>[0],
  name: string,
  payload: unknown,
) =>
  harness.inContentScript(
    page,
    (envelope) => (globalThis as unknown as Scope).chrome.runtime.sendMessage(envelope),
    { protocol: PROTOCOL, name, payload },
  );

describe('the senders Chromium reports, and the checks that rely on them', () => {
  it('the toolbar popup: our id and origin, no tab, no frame', async () => {
    await recordSenders(h());
    // withApp: the real toolbar popup opens only from the worker (`action.openPopup`).
    await h().withApp(() => (globalThis as unknown as Scope).chrome.action.openPopup());
    const popup = h().url('popup.html');
    const { sender } = await seenFrom(h(), (s) => s.sender.url === popup && !s.sender.tab);
    expect(sender).toMatchObject({
      id: h().extensionId,
      url: popup,
      origin: `chrome-extension://${h().extensionId}`,
    });
    expect(sender.tab).toBeUndefined();
    expect(sender.frameId).toBeUndefined();
    expect(classifySender(sender, policy(h()))).toEqual({ kind: 'page' });
  });

  it('the options page in a tab: our origin, frame 0, a tab showing the page itself', async () => {
    await recordSenders(h());
    const page = await h().openOptions();
    const reply = await h().send('vault.status', {}, page);
    expect(reply.ok).toBe(true);
    const options = h().url('options.html');
    const { sender } = await seenFrom(
      h(),
      (s) => s.kind === 'message' && s.name === 'vault.status' && s.sender.url === options,
    );
    expect(sender).toMatchObject({
      id: h().extensionId,
      url: options,
      origin: `chrome-extension://${h().extensionId}`,
      frameId: 0,
      tab: { url: options },
    });
    expect(typeof sender.tab?.id).toBe('number');
    expect(classifySender(sender, policy(h()))).toEqual({ kind: 'page' });
    await page.close();
  });

  it('the content script: the site’s origin, frame 0, its tab; no panel message at all', async () => {
    await recordSenders(h());
    const page = await h().openMarketPage('sandbox-btc-100k');
    await page.locator('[data-market-companion="panel"]').waitFor({ state: 'attached' });
    const url = page.url();

    // Refused, and still seen by the recorder: the sender Chromium reports is the page's.
    expect(
      await sendFromContentScript(h(), page, 'panel.state', { marketSlug: 'sandbox-btc-100k' }),
    ).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: '"panel.state" may not be sent from a web page' },
    });
    const { sender } = await seenFrom(h(), (s) => s.name === 'panel.state' && s.sender.url === url);
    expect(sender).toMatchObject({
      id: h().extensionId,
      url,
      origin: new URL(h().sandbox.siteUrl).origin,
      frameId: 0,
      tab: { url },
    });
    const verdict = classifySender(sender, policy(h()));
    expect(verdict).toEqual({ kind: 'content', tabId: sender.tab?.id, origin: sender.origin, url });

    expect(await sendFromContentScript(h(), page, 'vault.status', {})).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: '"vault.status" may not be sent from a web page' },
    });
    await page.close();
  });

  it('the panel’s frame: our origin, a frame of the market page’s tab; it speaks for that page', async () => {
    await recordSenders(h());
    const page = await h().openMarketPage('sandbox-btc-100k');
    const url = page.url();
    const frame = await eventually(async () => panelFrameOf(page), { what: 'the panel frame' });
    const port = await seenFrom(
      h(),
      (s) => s.kind === 'port' && s.name === 'panel' && s.sender.tab?.url === url,
    );
    expect(port.sender).toMatchObject({
      id: h().extensionId,
      origin: `chrome-extension://${h().extensionId}`,
      tab: { url },
    });
    expect(new URL(port.sender.url ?? '').pathname).toBe(PANEL_FRAME_PATH);
    expect(port.sender.frameId).not.toBe(0);
    expect(classifySender(port.sender, policy(h()))).toEqual({
      kind: 'panel-frame',
      tabId: port.sender.tab?.id,
      origin: new URL(h().sandbox.siteUrl).origin,
      url,
    });
    // It alone sends the panel's messages, for its page's market only.
    const fromFrame = (name: string, payload: unknown) =>
      frame.evaluate(
        (envelope) =>
          (globalThis as unknown as Scope).chrome.runtime.sendMessage(envelope) as Promise<unknown>,
        { protocol: PROTOCOL, name, payload },
      );
    expect(await fromFrame('panel.state', { marketSlug: 'sandbox-btc-100k' })).toMatchObject({
      ok: true,
    });
    expect(await fromFrame('panel.state', { marketSlug: 'sandbox-eth-flip' })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    expect(await fromFrame('vault.status', {})).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });
    await page.close();
  });

  it('from the content-script world, with no click: no order, alert or preset change; a real press still trades', async () => {
    if ((await h().ask('vault.status', {})).status !== 'unlocked') await h().onboard('alice');
    const { page, panel } = await openPanel(h(), 'sandbox-btc-100k');
    const presets = (await h().snapshot()).settings.quickTrade.presets;
    const alerts = (await h().ask('priceAlerts.list', {})).length;
    const since = (await h().admin.orders()).length;

    const moves: [string, unknown][] = [
      // $150, above the $100 threshold, "confirmed" by the message alone.
      [
        'panel.quickOrder',
        {
          marketSlug: 'sandbox-btc-100k',
          outcome: 'YES',
          side: 'BUY',
          orderType: 'FOK',
          amountRaw: '150000000',
          pressId: crypto.randomUUID(),
          confirmed: true,
        },
      ],
      [
        'panel.addPriceAlert',
        {
          marketSlug: 'sandbox-btc-100k',
          outcome: 'YES',
          field: 'bid',
          comparator: '>=',
          priceMillis: 700,
        },
      ],
      ['panel.saveQuickTrade', { presets: ['900000000'] }],
    ];
    for (const [name, payload] of moves) {
      expect(await sendFromContentScript(h(), page, name, payload)).toEqual({
        ok: false,
        error: { kind: 'forbidden', message: `"${name}" may not be sent from a web page` },
      });
    }
    expect((await h().snapshot()).settings.quickTrade.presets).toEqual(presets);
    expect(await h().ask('priceAlerts.list', {})).toHaveLength(alerts);

    // The control: a real press in the panel still trades, and it is the only new order
    // (the refused messages were answered before it was made).
    await panel.waitForText('[data-key="BUY:YES:0"]', /\$5\b/);
    await panel.click('[data-key="BUY:YES:0"]');
    const [order] = await waitForNewOrders(h(), since);
    expect(order).toMatchObject({ side: 'BUY', orderType: 'FOK', makerAmount: '5000000' });
    expect(await ordersAfter(h(), since)).toHaveLength(1);
    await panel.detach();
    await page.close();
  });

  it('the page itself cannot message the extension at all', async () => {
    const page = await h().openMarketPage('sandbox-btc-100k');
    const reachable = await page.evaluate(
      () =>
        typeof (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime
          ?.sendMessage,
    );
    expect(reachable).toBe('undefined');
    await page.close();
  });

  it('our content script on a site that is not the configured exchange is refused', async () => {
    const site = new URL(h().sandbox.siteUrl);
    const page = await h().context.newPage();
    // Same server, another origin: the manifest injects the script on localhost too.
    await page.goto(`http://localhost:${site.port}/markets/sandbox-btc-100k`);
    const reply = await sendFromContentScript(h(), page, 'panel.state', {
      marketSlug: 'sandbox-btc-100k',
    });
    expect(reply).toEqual({
      ok: false,
      error: {
        kind: 'forbidden',
        message: `sender refused: origin http://localhost:${site.port} is not a configured exchange site`,
      },
    });
    await page.close();
  });

  it('the content script cannot read storage.session, where the unlocked secrets are', async () => {
    if ((await h().ask('vault.status', {})).status !== 'unlocked') await h().onboard('alice');
    // withApp: storage.session's contents are shown to no UI (the control of the refusal below).
    expect(
      await h().withApp(async () => {
        const { chrome } = globalThis as unknown as Scope;
        return Object.keys(await chrome.storage.session.get(null)).length;
      }),
    ).toBeGreaterThan(0);
    const page = await h().openMarketPage('sandbox-btc-100k');
    const answer = await h().inContentScript(page, async () => {
      try {
        const all = await (globalThis as unknown as Scope).chrome.storage.session.get(null);
        return { read: Object.keys(all).length };
      } catch (error) {
        return { refused: String(error) };
      }
    });
    expect(answer).toEqual({ refused: expect.stringMatching(/not allowed|access/i) });
    await page.close();
  });
});
