/**
 * The Firefox half of the click-to-wire suite (bench/click-to-wire.ts): the same clicks on
 * the production build, timed from the page's click to the request's arrival at the sandbox.
 */
import { eventually } from '../../test/e2e/fixtures';
import type { FirefoxHarness } from '../../test/firefox/fixtures';
import {
  clickButton,
  fill,
  setChecked,
  waitForText,
} from '../../test/firefox/harness/page-actions';
import { pause } from './browser';
import { withFirefox } from './firefox';
import { arrivals } from './request-probes';
import type { BenchRow } from './result';
import { summarize } from './stats';

/** Which buttons of which market, and how many clicks (warm after `warmup` uncounted ones). */
export interface ClickPlan {
  market: string;
  buttons: readonly string[];
  warmup: number;
  warmClicks: number;
  coldClicks: number;
}

/**
 * The same clicks in Firefox, on the production build: its background cannot be reached to
 * read when the fetch started, so the far end is the request's arrival at the sandbox
 * (the row Chromium prints too). Cold: the event page unloaded as Firefox does when idle.
 */
export async function firefoxClicks({
  market,
  buttons,
  warmup,
  warmClicks,
  coldClicks,
}: ClickPlan): Promise<{ warm: FirefoxSample[]; cold: FirefoxSample[] }> {
  const { plugin, times } = arrivals();
  return withFirefox(
    'click-to-wire',
    { sandbox: { bots: false, settleMs: 50, plugins: [plugin] } },
    async (h) => {
      await firefoxBenchSettings(h);
      const page = await h.openMarketPage(market);
      const panel = h.panel(page);
      await panel.waitFor(buttons[0] as string, (b) => !b.disabled, 20_000);
      await page.evaluate(clickClockScript);
      const click = async (button: string): Promise<FirefoxSample> => {
        const clicksBefore = (await page.evaluate(clickCountScript)) as number;
        const arrivedBefore = times.length;
        await panel.click(button);
        const arrival = (timeoutMs: number) =>
          eventually(() => times[arrivedBefore] ?? null, {
            timeoutMs,
            intervalMs: 10,
            what: 'the POST /orders of the click at the sandbox',
          });
        // The panel refuses a click that comes as it moves (its guard against clickjacking),
        // as a woken event page re-renders it: that click sent nothing; the next one counts.
        for (let again = 0; again < 3 && !(await arrival(3_000).catch(() => null)); again++) {
          if (!/so it was ignored/.test(await panel.text())) break;
          await pause(500);
          await panel.click(button);
        }
        const arrivedAt = await arrival(15_000);
        await eventually(
          async () => ((await page.evaluate(clickCountScript)) as number) > clicksBefore,
          {
            what: 'the click seen by the page',
          },
        );
        const clickAt = (await page.evaluate(lastClickScript)) as number;
        await panel.waitFor(button, (b) => b.attributes['aria-busy'] === 'false' && !b.disabled);
        return { clickAt, arrivedAt };
      };
      // A click that breaks off says which one it was and what the panel showed then.
      const named = async (what: string, button: string): Promise<FirefoxSample> => {
        try {
          return await click(button);
        } catch (error) {
          const shown = (await panel.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 300);
          throw new Error(
            `${what}: ${error instanceof Error ? error.message : String(error)}; the panel read: ${shown}`,
          );
        }
      };
      const warm: FirefoxSample[] = [];
      for (let i = 0; i < warmup + warmClicks; i++) {
        const sample = await named(`warm click ${i}`, buttons[i % 2] as string);
        if (i >= warmup) warm.push(sample);
      }
      await h.admin.reset();
      const cold: FirefoxSample[] = [];
      for (let i = 0; i < coldClicks; i++) {
        await h.addon.terminateBackground();
        // The panel's port reconnects by itself, which wakes the event page.
        await panel.waitFor(buttons[i % 2] as string, (b) => !b.disabled, 15_000);
        await eventually(async () => (await h.addon.backgroundState()) === 'running', {
          what: 'the event page running again',
        });
        await pause(300);
        cold.push(await named(`cold click ${i}`, buttons[i % 2] as string));
      }
      return { warm, cold };
    },
  );
}

export interface FirefoxSample {
  clickAt: number;
  arrivedAt: number;
}

// The page-side clock of the click, as source text (puppeteer's and Playwright's pages alike).
const clickClockScript = `(() => {
  if (window.__benchClicks) return true;
  const clicks = (window.__benchClicks = []);
  window.addEventListener('click', (event) => {
    if (event.isTrusted) clicks.push(performance.timeOrigin + event.timeStamp);
  }, true);
  return true;
})()`;
const clickCountScript = 'window.__benchClicks.length';
const lastClickScript = 'window.__benchClicks.at(-1)';

/** The per-minute cap at its maximum and notifications off, set in the options page as a user would. */
async function firefoxBenchSettings(h: FirefoxHarness): Promise<void> {
  const options = await h.openExtensionPage('options.html#settings');
  await fill(options, 'Orders per minute, at most', '600');
  await setChecked(options, /^Desktop notifications/, false);
  await clickButton(options, /^Save settings$/);
  await waitForText(options, /Saved\./);
  await options.close();
}

/** One phase's row: click → arrival, its ratio to Chromium's warm click → fetch start p50. */
export function firefoxArrivalRow(
  label: string,
  samples: FirefoxSample[],
  warmP50: number,
): BenchRow {
  const arrived = summarize(samples.map((s) => s.arrivedAt - s.clickAt));
  return {
    method: `Firefox, ${label}: click → POST /orders arrives at the sandbox`,
    n: arrived.n,
    values: { p50: arrived.p50, p95: arrived.p95, p99: arrived.p99, max: arrived.max },
    ratio: arrived.p50 / warmP50,
  };
}
