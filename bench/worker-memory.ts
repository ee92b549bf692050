/**
 * Service-worker memory after minutes of sandbox bot traffic (10 by default), in real
 * Chromium: the JavaScript heap of the extension's worker read through DevTools
 * (`Runtime.getHeapUsage`; `Performance.getMetrics` is not offered on worker targets) while the sandbox's bots trade, with
 * the popup and a market page's panel open (so order books, positions and the feed flow).
 */
import { type ChromeApi, eventually } from '../test/e2e/fixtures';
import { WorkerCdp } from '../test/e2e/harness/worker-cdp';
import { PanelDriver } from '../test/e2e/panel/driver';
import { benchSettings, onboardForBench, pause, withHarness } from './lib/browser';
import { benchEnvironment } from './lib/environment';
import type { BenchResult, BenchRow, BenchSuite, SuiteOptions } from './lib/result';
import { summarize } from './lib/stats';

const MINUTES = 10;
const SAMPLE_EVERY_MS = 15_000;
const MARKET = 'sandbox-btc-100k';
const MB = 1024 * 1024;
const LIFE_MARK = '__benchMemoryLife';

async function run(options: SuiteOptions): Promise<BenchResult> {
  const minutes = options.minutes ?? MINUTES;
  const measured = await withHarness(
    'worker-memory',
    { sandbox: { bots: true, settleMs: 1_500 } },
    async (h) => {
      await onboardForBench(h, 'alice');
      await benchSettings(h);
      const market = await h.openMarketPage(MARKET);
      const panel = await PanelDriver.attach(market);
      await panel.waitFor('[data-key="BUY:YES:0"]', () => true, 15_000);
      const opened = h.context.waitForEvent('page', (p) => p.url().endsWith('/popup.html'));
      await h.withApp(async () => {
        const { chrome } = globalThis as unknown as { chrome: ChromeApi };
        await chrome.windows.create({
          url: chrome.runtime.getURL('/popup.html'),
          type: 'popup',
          width: 400,
          height: 600,
        });
        return true;
      });
      await opened;
      await panel.detach();
      await h.withApp((_app, mark) => {
        (globalThis as Record<string, unknown>)[mark] = true;
        return true;
      }, LIFE_MARK);

      const cdp = await WorkerCdp.attach(h.context, h.extensionId);
      try {
        const collected = async () => {
          await cdp.send('HeapProfiler.collectGarbage');
          return (await cdp.heap()).usedSize;
        };
        // A short settling time, then the baseline after a full collection.
        await pause(5_000);
        const start = await collected();
        const startTotal = (await cdp.heap()).totalSize;
        const ordersAtStart = h.sandbox.core.orders.all().length;
        const samples: number[] = [];
        const until = Date.now() + minutes * 60_000;
        while (Date.now() < until) {
          await pause(Math.min(SAMPLE_EVERY_MS, Math.max(0, until - Date.now())));
          samples.push((await cdp.heap()).usedSize);
        }
        const endRaw = (await cdp.heap()).usedSize;
        const end = await collected();
        const endTotal = (await cdp.heap()).totalSize;
        const sameInstance = await eventually(
          () =>
            h.withApp(
              (_app, mark) =>
                (globalThis as Record<string, unknown>)[mark] === true ? 'yes' : 'no',
              LIFE_MARK,
            ),
          { what: 'the worker instance' },
        );
        const books = await h.withApp((app) => app.live.state.status);
        return {
          start,
          end,
          endRaw,
          samples,
          startTotal,
          endTotal,
          sameInstance: sameInstance === 'yes',
          orders: h.sandbox.core.orders.all().length - ordersAtStart,
          connection: books,
        };
      } finally {
        await cdp.close();
      }
    },
  );

  const s = summarize(measured.samples);
  const row = (method: string, bytes: number, n = 1, ratio: number | null = null): BenchRow => ({
    method,
    n,
    values: { MB: bytes / MB },
    ratio,
  });
  return {
    suite: 'worker-memory',
    title: `Service-worker memory after ${minutes} min of sandbox bot traffic (Chromium)`,
    unit: '',
    columns: ['MB', 'p50', 'p95', 'max'],
    ratioOf: 'the heap after a full collection at the start',
    rows: [
      row('JS heap used at the start (after a full GC)', measured.start, 1, 1),
      row(
        `JS heap used after ${minutes} min (after a full GC)`,
        measured.end,
        1,
        measured.end / measured.start,
      ),
      row(
        `JS heap used after ${minutes} min (as it was, before the GC)`,
        measured.endRaw,
        1,
        measured.endRaw / measured.start,
      ),
      {
        method: `JS heap used, sampled every ${SAMPLE_EVERY_MS / 1000} s (no GC)`,
        n: s.n,
        values: { p50: s.p50 / MB, p95: s.p95 / MB, max: s.max / MB },
        ratio: s.max / measured.start,
      },
      {
        method: 'JS heap reserved (total size) at the end, after the GC',
        n: 1,
        values: { MB: measured.endTotal / MB },
        ratio: measured.endTotal / measured.startTotal,
      },
    ],
    notes: [
      `the sandbox's bots traded throughout (${measured.orders.toLocaleString('en-US')} orders in the run); alice unlocked, a market page with the panel (${MARKET}) and the popup (its own window) open; connection ${measured.connection} at the end`,
      `heap read on the worker's DevTools target: Runtime.getHeapUsage (used bytes), HeapProfiler.collectGarbage before the GC'd figures (Performance.getMetrics is not offered on a worker target); MB = 2^20 bytes; the total-size row's ratio is to the total size at the start`,
      `the same worker instance ran the whole time: ${measured.sameInstance ? 'yes' : 'no (it was restarted: the end figures are a new instance)'}`,
      minutes === MINUTES
        ? 'full run'
        : `a shortened run (--minutes ${minutes}); the figure asked for is after ${MINUTES} min`,
    ],
    environment: benchEnvironment(),
    finishedAt: new Date().toISOString(),
  };
}

export const workerMemory: BenchSuite = {
  name: 'worker-memory',
  description: `service-worker JS heap after ${MINUTES} min of bot traffic (Chromium; long: left out by --quick)`,
  long: true,
  run,
};
