/**
 * `storage.local` is readable and writable by content scripts. A script in a market page's
 * isolated world writes huge caps, no confirmation threshold and a foreign exchange URL
 * where earlier builds kept the settings; the background must not apply any of it, and
 * `storage.local` must hold nothing that decides what the background does or helps an
 * attacker (no settings, no account, no vault envelope).
 */
import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../../lib/protocol/panel-protocol';
import { ACCOUNT_KEY, STORAGE_LAYOUT_KEY, VAULT_ENVELOPE_KEY } from '../../../lib/storage/keys';
import { PROTECTED_LAYOUT } from '../../../lib/storage/legacy';
import { PROTECTED_DB } from '../../../lib/storage/protected-area';
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

    // An order above the real cap ($1,000) from the same page's panel: refused naming the
    // real cap, before its book is read (the written one would have let it through).
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
      error: { message: expect.stringMatching(/^Above your \$1,000 cap per order/) },
    });

    // Still the sandbox, still live; a worker restart reads the real settings again.
    await h().stopWorker();
    const { settings } = await h().snapshot();
    expect(settings.exchange.apiUrl).toBe(apiUrl);
    expect(settings.caps.maxOrderNotionalRaw).toBe('1000000000');
    await h().waitForLive();
    await panel.detach();
    await page.close();
  });

  it('an account and a vault planted after "Forget account" do not come back at the next start', async () => {
    // The real envelope and account, as a page's script would have copied them before.
    const worker = await h().worker();
    const read = (db: string, keys: string[]) =>
      worker.evaluate(
        ({ db, keys }) =>
          new Promise<unknown[]>((resolve, reject) => {
            const request = indexedDB.open(db, 1);
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const store = request.result.transaction('items').objectStore('items');
              const values: unknown[] = [];
              let left = keys.length;
              keys.forEach((key, i) => {
                const get = store.get(key);
                get.onsuccess = () => {
                  values[i] = get.result;
                  if (--left === 0) resolve(values);
                };
                get.onerror = () => reject(get.error);
              });
            };
          }),
        { db, keys },
      );
    const [envelope, account] = await read(PROTECTED_DB, [VAULT_ENVELOPE_KEY, ACCOUNT_KEY]);
    expect(envelope).toBeDefined();
    expect(account).toBeDefined();

    expect((await h().ask('vault.forget', { confirm: true })).status).toBe('empty');
    const page = await h().openMarketPage(BTC);
    await h().inContentScript(
      page,
      async (planted) => {
        await (globalThis as unknown as Scope).chrome.storage.local.set(planted);
      },
      { [VAULT_ENVELOPE_KEY]: envelope, [ACCOUNT_KEY]: account },
    );

    await h().stopWorker();
    await h().wakeWorker();
    expect(await h().workerRestarted()).toBe(true);
    expect((await h().ask('vault.status', {})).status).toBe('empty');
    const [after, accountAfter] = await read(PROTECTED_DB, [VAULT_ENVELOPE_KEY, ACCOUNT_KEY]);
    expect(after).toBeUndefined();
    expect(accountAfter).toBeUndefined();
    // The one migration marked the store: no later start looks at storage.local.
    expect((await read(PROTECTED_DB, [STORAGE_LAYOUT_KEY]))[0]).toBe(PROTECTED_LAYOUT);
    await page.close();
  });
});
