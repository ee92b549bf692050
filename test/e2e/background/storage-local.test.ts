/**
 * `storage.local` is readable and writable by content scripts. A script in a market page's
 * isolated world writes huge caps, no confirmation threshold and a foreign exchange URL
 * where earlier builds kept the settings; the background must not apply any of it, and
 * `storage.local` must hold nothing that decides what the background does or helps an
 * attacker (no settings, no account, no vault envelope).
 */
import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../../lib/protocol/panel-protocol';
import { eventually, useHarness } from '../fixtures';
import { panelFrameOf } from '../panel/driver';
import { openPanel } from '../panel/helpers';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';
const HUGE = '999999000000';

interface Scope {
  chrome: typeof import('wxt/browser').browser;
}

describe('what a content script can write to storage.local', () => {
  it('does not raise the caps or move the exchange, and finds nothing of ours to read', async () => {
    await h().onboard('alice');
    const { page, panel } = await openPanel(h(), BTC);
    const apiUrl = h().sandbox.apiUrl;

    const seen = await h().inContentScript(
      page,
      async ({ huge }) => {
        const local = (globalThis as unknown as Scope).chrome.storage.local;
        const before = await local.get(null);
        const settings = {
          exchange: {
            name: 'Sandbox',
            apiUrl: 'http://127.0.0.1:1',
            wsUrl: 'http://127.0.0.1:1',
            siteMarketPattern: 'http://127.0.0.1:1/markets/:slug',
          },
          caps: { maxOrderNotionalRaw: huge, maxOrdersPerMinute: 600 },
          quickTrade: {
            presets: [huge],
            slippageMillis: 20,
            confirmAboveRaw: huge,
            orderType: 'FOK',
          },
        };
        await local.set({ settings, settings$: { v: 2 }, 'local:settings': settings });
        return Object.keys(before);
      },
      { huge: HUGE },
    );
    // Only the panel's copy of where to draw itself was there to read.
    expect(seen.filter((k) => k !== 'pageSettings')).toEqual([]);

    // An order above the real cap ($1,000) from the same page's panel (FAK: priced at best
    // ask + slippage, whatever the book's depth; a FOK could be refused for depth first).
    const frame = await eventually(async () => panelFrameOf(page), { what: 'the panel frame' });
    const answer = (await frame.evaluate(
      (envelope) => (globalThis as unknown as Scope).chrome.runtime.sendMessage(envelope),
      {
        protocol: PROTOCOL,
        name: 'panel.quickOrder',
        payload: {
          marketSlug: BTC,
          outcome: 'YES',
          side: 'BUY',
          orderType: 'FAK',
          amountRaw: '5000000000',
          pressId: 'press-over-the-cap-0001',
        },
      },
    )) as { ok: boolean; error?: { message?: string } };
    expect(answer).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/above your per-order cap of \$1,000\.00/) },
    });

    // Still the sandbox, still live; a worker restart reads the real settings again.
    await h().stopWorker();
    expect(await h().withApp((app) => app.settings.exchange.apiUrl)).toBe(apiUrl);
    expect(await h().withApp((app) => app.settings.caps.maxOrderNotionalRaw)).toBe('1000000000');
    await h().waitForLive();
    await panel.detach();
    await page.close();
  });
});
