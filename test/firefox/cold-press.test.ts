/**
 * A press right as Firefox wakes the event page: the panel's port reconnecting wakes it, the
 * buy button is there, and the user presses at once, at each moment of the wake in turn.
 * Every such press must reach the exchange or be shown refused or failed; none may vanish.
 * At the first one that does, the test says what each side saw. It found one in about ten
 * wakes: the woken background pushed the panel a state built before it had read the market
 * ("not known to the exchange"), which disabled every trade button and moved the panel's
 * rows for a moment, and a press then reached no button (lib/background/ui/ui-hub.ts).
 * Cycles: COLD_CYCLES (default 12; hundreds to hunt a rare loss).
 */
import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPlugin } from '../../sandbox/plugin';
import { eventually } from '../e2e/fixtures';
import type { PanelDriver } from '../e2e/panel/driver';
import { pastAimWindow } from '../wait';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';
import { clickButton, fill, setChecked, waitForText } from './harness/page-actions';

const CYCLES = Number(process.env.COLD_CYCLES ?? 12);
const BTC = 'sandbox-btc-100k';
const BUTTONS = ['[data-key="BUY:YES:0"]', '[data-key="BUY:NO:0"]'] as const;

interface Seen {
  at: number;
  method: string;
  url: string;
}
const requests: Seen[] = [];
const recordRequests: SandboxPlugin = (app) => {
  app.addHook('onRequest', async (request) => {
    requests.push({ at: Date.now(), method: request.method, url: request.url });
  });
};
const orderPosts = () => requests.filter((r) => r.method === 'POST' && r.url === '/orders').length;

const h = useFirefox(import.meta.url, {
  sandbox: { plugins: [recordRequests] },
});

let page: Page;
let panel: PanelDriver<Page>;

const clickClock = `(() => {
  if (window.__coldClicks) return true;
  const clicks = (window.__coldClicks = []);
  window.addEventListener('click', (event) => {
    if (event.isTrusted) clicks.push(Date.now());
  }, true);
  return true;
})()`;
const pageClicks = async () => (await page.evaluate('window.__coldClicks.length')) as number;

/** Where the pointer rests: on a button's centre (it does not move between presses). */
async function restOn(selector: string): Promise<void> {
  const el = await panel.waitFor(selector, (b) => !b.disabled, 15_000);
  await page.mouse.move(el.rect.x + el.rect.width / 2, el.rect.y + el.rect.height / 2);
}

/**
 * In the page's main world, on the panel's shadow root: which element each pointer event
 * and click reached, and every change of a result line or a button's busy state.
 */
const watchRoot = () =>
  panel.onRoot((root) => {
    const w = window as unknown as { __coldLog?: string[] };
    if (w.__coldLog) return true;
    const log: string[] = [];
    w.__coldLog = log;
    const t = () => Math.round(performance.now());
    const name = (el: unknown) => {
      if (!(el instanceof Element)) return String(el);
      const key = el.closest('[data-key]')?.getAttribute('data-key');
      return `${el.tagName.toLowerCase()}${key ? `[${key}]` : ''}${el.isConnected ? '' : '(detached)'}`;
    };
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click']) {
      root.addEventListener(type, (e) => log.push(`${t()} ${type} ${name(e.target)}`), true);
    }
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        if (r.type === 'attributes') {
          log.push(
            `${t()} ${name(el)} ${r.attributeName}=${el.getAttribute(r.attributeName ?? '')}`,
          );
        } else {
          const said = (n: Node) =>
            n instanceof HTMLParagraphElement ? `p"${n.textContent?.slice(0, 60)}"` : name(n);
          const removed = [...r.removedNodes].map(said).join(',');
          const added = [...r.addedNodes].map(said).join(',');
          log.push(`${t()} children of ${name(el)}: -${removed} +${added}`);
        }
      }
    }).observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-busy', 'data-status', 'disabled'],
    });
    return true;
  }, null);
const rootLog = async () => (await page.evaluate('window.__coldLog.splice(0)')) as string[];

/**
 * Everything each side saw, for the press that sent nothing: the panel (its text, the
 * button, its port's light, the events and changes in its root), the page (whether the
 * click reached it), the background (its state, its console), the sandbox (every request
 * since the press) and the desk's journal as the user sees it (the popup's orders screen).
 */
async function whatEachSideSaw(button: string, since: number, clicksBefore: number) {
  const panelSide = {
    rootLog: (await rootLog()).slice(-150),
    panelText: (await panel.text()).replace(/\s+/g, ' '),
    button: await panel.one(button),
    portLight: (await panel.one('.mc-dot'))?.attributes.class ?? null,
    pageClicks: (await pageClicks()) - clicksBefore,
  };
  const popup = await h().openExtensionPage('popup.html');
  await clickButton(popup, /^Orders/).catch(() => undefined);
  await waitForText(popup, /Buy (YES|NO)/, 5_000).catch(() => undefined);
  const popupText = (await popup.evaluate('document.body.innerText').catch(String)) as string;
  await popup.close();
  return {
    ...panelSide,
    background: await h().addon.backgroundState(),
    requestsSince: requests.filter((r) => r.at >= since),
    console: (await h().addon.consoleEntries()).slice(-30),
    popupText: popupText.replace(/\s+/g, ' ').slice(0, 2_000),
  };
}

beforeAll(async () => {
  await onboardThroughOptions(h(), /^Alice \(alice\)/);
  const options = await h().openExtensionPage('options.html#settings');
  await fill(options, 'Orders per minute, at most', '600');
  await setChecked(options, /^Desktop notifications/, false);
  await clickButton(options, /^Save settings$/);
  await waitForText(options, /Saved\./);
  await options.close();
  page = await h().openMarketPage(BTC);
  panel = h().panel(page);
  await panel.waitFor(BUTTONS[0], (b) => !b.disabled, 20_000);
  await page.evaluate(clickClock);
  await watchRoot();
});

describe.sequential('Firefox: a press as the event page wakes', () => {
  it(
    'reaches the exchange or is shown failed, every time',
    async () => {
      const blanked: number[] = [];
      for (let i = 0; i < CYCLES; i++) {
        const button = BUTTONS[i % 2] as string;
        await restOn(button);
        await rootLog();
        await pastAimWindow();
        await page.evaluate(`window.__coldLog.push(Math.round(performance.now()) + ' terminate')`);
        await h().addon.terminateBackground();
        // The press comes the moment the button is back, the event page barely up.
        await panel.waitFor(
          button,
          (b) => !b.disabled && b.attributes['aria-busy'] !== 'true',
          15_000,
        );
        // Each press lands at another moment of the wake: before the page runs, while it
        // starts, as the port's first state re-renders the panel, or just after.
        const delayMs = (i * 137) % 1_300;
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        await page.evaluate(`window.__coldLog.push(Math.round(performance.now()) + ' press')`);
        const since = Date.now();
        const postsBefore = orderPosts();
        const clicksBefore = await pageClicks();
        await page.mouse.down();
        await page.mouse.up();
        const settled = await eventually(
          async () => {
            if (orderPosts() > postsBefore) return 'sent';
            const text = await panel.text();
            if (/so it was ignored|covers, hides/.test(text)) return 'refused';
            const group = i % 2 === 0 ? 'YES' : 'NO';
            const result = await panel.one(`[data-result="${group}"]`);
            if (result?.attributes['data-status'] === 'error') return `failed: ${result.text}`;
            return null;
          },
          { timeoutMs: 4_000, intervalMs: 50, what: 'the press sent or shown failed' },
        ).catch(async (error: Error) => {
          const seen = await whatEachSideSaw(button, since, clicksBefore);
          throw new Error(
            `cycle ${i} (press ${delayMs} ms after the button came back): ${error.message}\n${JSON.stringify(seen, null, 1)}`,
          );
        });
        if (settled !== 'sent') console.log(`cycle ${i} (${delayMs} ms): ${settled}`);
        await panel.waitFor(button, (b) => b.attributes['aria-busy'] !== 'true', 15_000);
        // The woken background's first states must not blank the buttons it had drawn: a
        // press in that moment reaches no button (the loss this file was written for).
        const disabled = (await rootLog()).filter((line) =>
          /^\d+ button\[BUY:.*disabled=$/.test(line),
        );
        if (disabled.length > 0) blanked.push(i);
        if (i % 80 === 79) await h().admin.reset();
      }
      expect(blanked, 'the cycles whose wake disabled the buy buttons').toEqual([]);
      expect(orderPosts()).toBeGreaterThan(0);
    },
    CYCLES * 8_000 + 60_000,
  );
});
