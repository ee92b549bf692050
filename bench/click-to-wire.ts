/**
 * Click to wire, in real Chromium with the built extension: from a trusted click on a
 * page-panel buy button to the `POST /orders` request leaving the background.
 *
 * Both ends are read on the machine's one clock, as `performance.timeOrigin + t`:
 * - the click: the page's own `click` event (a capture listener on `window` in the page's
 *   main world; the panel's closed shadow root still lets a composed event through the
 *   capture phase), `event.timeStamp`;
 * - the wire: the worker's Resource Timing entry of its `fetch` of `/orders`
 *   (`startTime`, when `fetch()` started; no hook in the extension, so the same method
 *   works in a worker that was just started).
 * A sandbox plugin also notes when the request arrived (Node's `timeOrigin + now()`).
 */
import { performance as nodePerformance } from 'node:perf_hooks';
import type { Page, Worker } from 'playwright-core';
import type { SandboxPlugin } from '../sandbox/plugin';
import { eventually, type Harness } from '../test/e2e/fixtures';
import { PanelDriver } from '../test/e2e/panel/driver';
import type { FirefoxHarness } from '../test/firefox/fixtures';
import { clickButton, fill, setChecked, waitForText } from '../test/firefox/harness/page-actions';
import { benchSettings, pause, withHarness } from './lib/browser';
import { benchEnvironment } from './lib/environment';
import { withFirefox } from './lib/firefox';
import type { BenchResult, BenchRow, BenchSuite, SuiteOptions } from './lib/result';
import { summarize } from './lib/stats';

/** Clicks measured, with a warm worker and then as many with a cold one (issue: ≥ 200). */
const CLICKS = 200;
/** `--quick`: enough to see the shape, not the count (a cold click takes ~1 s). */
const QUICK_CLICKS = 40;
const WARMUP = 10;
const MARKET = 'sandbox-btc-100k';
// $5 FOK buys, alternating outcomes so neither side of the book runs dry.
const BUTTONS = ['[data-key="BUY:YES:0"]', '[data-key="BUY:NO:0"]'];

interface Sample {
  clickAt: number;
  sentAt: number;
  arrivedAt: number | null;
}

/** Notes when each `POST /orders` reaches the sandbox, on Node's high-resolution clock. */
function arrivals(): { plugin: SandboxPlugin; times: number[] } {
  const times: number[] = [];
  const plugin: SandboxPlugin = (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.method === 'POST' && request.url === '/orders') {
        times.push(nodePerformance.timeOrigin + nodePerformance.now());
      }
    });
  };
  return { plugin, times };
}

async function installClickClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __benchClicks?: number[] };
    if (w.__benchClicks) return;
    const clicks: number[] = [];
    w.__benchClicks = clicks;
    window.addEventListener(
      'click',
      (event) => {
        if (event.isTrusted) clicks.push(performance.timeOrigin + event.timeStamp);
      },
      true,
    );
  });
}

const clickCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { __benchClicks: number[] }).__benchClicks.length);
const lastClick = (page: Page) =>
  page.evaluate(() => (window as unknown as { __benchClicks: number[] }).__benchClicks.at(-1));

/** The absolute start of the worker's first fetch of `url`, or null while there is none. */
const sentAt = (worker: Worker, url: string) =>
  worker.evaluate((u) => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name === u);
    return entry ? performance.timeOrigin + entry.startTime : null;
  }, url);

/** `Date.now() − (timeOrigin + now())` in a context: how far its clock reads from the wall clock. */
async function clockSkew(evaluate: () => Promise<number[]>): Promise<number> {
  const skews = await evaluate();
  return skews.reduce((a, b) => a + b, 0) / skews.length;
}

const skewProbe = () => {
  const out: number[] = [];
  for (let i = 0; i < 200; i++) out.push(Date.now() - (performance.timeOrigin + performance.now()));
  return out;
};

async function oneClick(
  h: Harness,
  page: Page,
  panel: PanelDriver,
  button: string,
  arrived: number[],
  cold: boolean,
): Promise<Sample> {
  const worker = await h.worker();
  const ordersUrl = `${h.sandbox.apiUrl}/orders`;
  if (!cold) await worker.evaluate(() => performance.clearResourceTimings());
  const clicksBefore = await clickCount(page);
  const arrivedBefore = arrived.length;
  await panel.click(button);
  const sent = await eventually(() => sentAt(worker, ordersUrl), {
    timeoutMs: 15_000,
    intervalMs: 20,
    what: 'the POST /orders of the click',
  });
  await eventually(async () => (await clickCount(page)) > clicksBefore, {
    what: 'the click seen by the page',
  });
  const clickAt = (await lastClick(page)) ?? Number.NaN;
  // The answer is in: the button is free for the next press.
  await panel.waitFor(button, (b) => b.attributes['aria-busy'] === 'false' && !b.disabled, 15_000);
  return { clickAt, sentAt: sent, arrivedAt: arrived[arrivedBefore] ?? null };
}

/**
 * The same clicks in Firefox, on the production build: its background cannot be reached to
 * read when the fetch started, so the far end is the request's arrival at the sandbox
 * (the row Chromium prints too). Cold: the event page unloaded as Firefox does when idle.
 */
async function firefoxClicks(
  clicks: number,
): Promise<{ warm: FirefoxSample[]; cold: FirefoxSample[] }> {
  const { plugin, times } = arrivals();
  return withFirefox(
    'click-to-wire',
    { sandbox: { bots: false, settleMs: 50, plugins: [plugin] } },
    async (h) => {
      await firefoxBenchSettings(h);
      const page = await h.openMarketPage(MARKET);
      const panel = h.panel(page);
      await panel.waitFor(BUTTONS[0] as string, (b) => !b.disabled, 20_000);
      await page.evaluate(clickClockScript);
      const click = async (button: string): Promise<FirefoxSample> => {
        const clicksBefore = (await page.evaluate(clickCountScript)) as number;
        const arrivedBefore = times.length;
        await panel.click(button);
        const arrivedAt = await eventually(() => times[arrivedBefore] ?? null, {
          timeoutMs: 15_000,
          intervalMs: 10,
          what: 'the POST /orders of the click at the sandbox',
        });
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
      const warm: FirefoxSample[] = [];
      for (let i = 0; i < WARMUP + clicks; i++) {
        const sample = await click(BUTTONS[i % 2] as string);
        if (i >= WARMUP) warm.push(sample);
      }
      await h.admin.reset();
      const cold: FirefoxSample[] = [];
      for (let i = 0; i < clicks; i++) {
        await h.addon.terminateBackground();
        // The panel's port reconnects by itself, which wakes the event page.
        await panel.waitFor(BUTTONS[i % 2] as string, (b) => !b.disabled, 15_000);
        await eventually(async () => (await h.addon.backgroundState()) === 'running', {
          what: 'the event page running again',
        });
        await pause(300);
        cold.push(await click(BUTTONS[i % 2] as string));
      }
      return { warm, cold };
    },
  );
}

interface FirefoxSample {
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

function rows(label: string, samples: Sample[], base: number | null): BenchRow[] {
  const wire = summarize(samples.map((s) => s.sentAt - s.clickAt));
  const arrivedSamples = samples.filter((s) => s.arrivedAt !== null);
  const arrived = summarize(arrivedSamples.map((s) => (s.arrivedAt as number) - s.clickAt));
  const values = (s: typeof wire) => ({ p50: s.p50, p95: s.p95, p99: s.p99, max: s.max });
  return [
    {
      method: `${label}: click → POST /orders leaves the worker (fetch start)`,
      n: wire.n,
      values: values(wire),
      ratio: base === null ? 1 : wire.p50 / base,
    },
    {
      method: `${label}: click → POST /orders arrives at the sandbox`,
      n: arrived.n,
      values: values(arrived),
      ratio: null,
    },
  ];
}

async function run(options: SuiteOptions): Promise<BenchResult> {
  const clicks = options.quick
    ? (options.n ?? QUICK_CLICKS)
    : Math.max(CLICKS, options.n ?? CLICKS);
  // The same count both ways, so the two rows' percentiles compare like for like.
  const warmN = clicks;
  const coldN = clicks;
  const { plugin, times } = arrivals();
  const measured = await withHarness(
    'click-to-wire',
    { sandbox: { bots: false, settleMs: 50, plugins: [plugin] } },
    async (h) => {
      await h.onboard('alice');
      await benchSettings(h);
      const page = await h.openMarketPage(MARKET);
      const panel = await PanelDriver.attach(page);
      await panel.waitFor(BUTTONS[0] as string, (b) => !b.disabled, 15_000);
      await installClickClock(page);
      const worker = await h.worker();
      await worker.evaluate(() => performance.setResourceTimingBufferSize(10_000));
      const skews = {
        page: await clockSkew(() => page.evaluate(skewProbe)),
        worker: await clockSkew(() => worker.evaluate(skewProbe)),
      };

      const warm: Sample[] = [];
      for (let i = 0; i < WARMUP + warmN; i++) {
        const sample = await oneClick(h, page, panel, BUTTONS[i % 2] as string, times, false);
        if (i >= WARMUP) warm.push(sample);
      }

      // Back to the seeded book: 200 more $5 buys each way would otherwise walk a side of
      // this bot-less book dry, and a disabled button would end the run.
      await h.admin.reset();
      const cold: Sample[] = [];
      for (let i = 0; i < coldN; i++) {
        await h.stopWorker();
        // The panel's port reconnects by itself, which starts the new worker instance.
        await panel.waitFor(BUTTONS[i % 2] as string, (b) => !b.disabled, 15_000);
        await eventually(async () => (await h.workerRestarted()) === true, {
          what: 'a new worker instance',
        });
        await h.withApp(() => true);
        // Let the panel's reconnect settle so the click is the first order, not the first message.
        await pause(300);
        cold.push(await oneClick(h, page, panel, BUTTONS[i % 2] as string, times, true));
      }
      await panel.detach();
      return { warm, cold, skews };
    },
  );

  const firefox = await firefoxClicks(clicks);
  const warmP50 = summarize(measured.warm.map((s) => s.sentAt - s.clickAt)).p50;
  const firefoxRow = (label: string, samples: FirefoxSample[]): BenchRow => {
    const arrived = summarize(samples.map((s) => s.arrivedAt - s.clickAt));
    return {
      method: `Firefox, ${label}: click → POST /orders arrives at the sandbox`,
      n: arrived.n,
      values: { p50: arrived.p50, p95: arrived.p95, p99: arrived.p99, max: arrived.max },
      ratio: arrived.p50 / warmP50,
    };
  };
  return {
    suite: 'click-to-wire',
    title:
      'Click to wire: trusted click on a page-panel buy button → POST /orders (Chromium, then Firefox)',
    unit: 'ms',
    columns: ['p50', 'p95', 'p99', 'max'],
    ratioOf: 'the p50 of the warm worker (click → fetch start)',
    rows: [
      ...rows('warm worker', measured.warm, null),
      ...rows('cold worker', measured.cold, warmP50),
      firefoxRow('warm event page', firefox.warm),
      firefoxRow('cold event page', firefox.cold),
    ],
    notes: [
      `click: performance.timeOrigin + event.timeStamp of the trusted click (capture listener in the page); wire: performance.timeOrigin + startTime of the worker's Resource Timing entry for its fetch of /orders; sandbox arrival: Node performance.timeOrigin + now() in an onRequest hook`,
      `clocks: Date.now() − (timeOrigin + now()) averages ${measured.skews.page.toFixed(2)} ms in the page and ${measured.skews.worker.toFixed(2)} ms in the worker (their difference bounds the cross-context error)`,
      `warm: ${WARMUP} clicks not counted, then ${measured.warm.length} clicks, one at a time (the next once the answer is in), $5 FOK buys alternating YES/NO on ${MARKET} (zero fee, no taker delay)`,
      `cold: ${measured.cold.length} clicks, each the first order of a worker just stopped through CDP (ServiceWorker.stopWorker) and restarted by the panel's port reconnecting; the sandbox is reset to its seed in between, so neither phase runs the book dry`,
      'per-minute cap raised to 600 and notifications off for the run; bots off',
      `Firefox ESR, the production build set up through its options page; the same clicks (${firefox.warm.length} warm, ${firefox.cold.length} cold, each cold one the first order of an event page unloaded through Firefox's own terminateBackground and woken by the panel's port); timers at full resolution (privacy.reduceTimerPrecision off); the background's fetch start cannot be read in the store build, so the far end is the arrival at the sandbox`,
      ...(clicks < CLICKS
        ? [`a quick run: ${clicks} clicks each way, fewer than the ${CLICKS} the figure calls for`]
        : []),
    ],
    environment: benchEnvironment(),
    finishedAt: new Date().toISOString(),
  };
}

export const clickToWire: BenchSuite = {
  name: 'click-to-wire',
  description:
    'trusted panel click → POST /orders leaving the worker (warm and cold), Chromium and Firefox',
  run,
};
