/**
 * Socket ingest, in real Chromium: how many order-book updates a second the background
 * parses, de-duplicates and fans out to an open popup and page panel, how often those UIs
 * render meanwhile (at most once a frame is the design), and how many order events go
 * missing at 1,000 events a second.
 *
 * The load comes from the sandbox side: its core emits `orderbook` and `orderEvent`
 * events (the in-process sandbox, the same path its engine uses), and the sandbox's
 * Socket.IO layer sends them to the subscribed worker. Counts are read where they happen:
 * listeners on the background's live connection (after parsing and de-duplication), its
 * ports' `postMessage` (fan-out), a MutationObserver on the popup's document and on the
 * panel's shadow root (renders), and `requestAnimationFrame` in each page (frames).
 */
import type { Page } from 'playwright-core';
import type { BackgroundApp } from '../lib/background/app';
import type { Orderbook } from '../lib/core/api/markets';
import type { RunningSandbox } from '../sandbox/index';
import type { SandboxPlugin } from '../sandbox/plugin';
import { type ChromeApi, eventually, type Harness } from '../test/e2e/fixtures';
import { PanelDriver } from '../test/e2e/panel/driver';
import { allowNamedFunctions, benchSettings, pause, withHarness } from './lib/browser';
import { benchEnvironment } from './lib/environment';
import type { BenchResult, BenchRow, BenchSuite } from './lib/result';

const MARKET = 'sandbox-btc-100k';
const BOOK_RATES = [250, 1_000, 4_000, 16_000];
const STEP_MS = 4_000;
const EVENT_RATE = 1_000;
const EVENT_MS = 5_000;
const TICK_MS = 10;

interface Counters {
  books: number;
  firstBookAt: number;
  lastBookAt: number;
  eventsUnique: number;
  eventsDispatched: number;
  statePosts: number;
  panelPosts: number;
}

interface UiCounters {
  renders: number;
  frames: number;
}

/** Installs counters in the worker (listeners on the live connection, wrapped port posts). */
function instrumentWorker(app: BackgroundApp): boolean {
  const g = globalThis as unknown as { __ingest?: Counters & { ids: Set<string> } };
  if (g.__ingest) return true;
  const c = {
    books: 0,
    firstBookAt: 0,
    lastBookAt: 0,
    eventsUnique: 0,
    eventsDispatched: 0,
    statePosts: 0,
    panelPosts: 0,
    ids: new Set<string>(),
  };
  g.__ingest = c;
  app.live.on('orderbookUpdate', () => {
    const t = performance.now();
    if (c.books === 0) c.firstBookAt = t;
    c.books++;
    c.lastBookAt = t;
  });
  app.live.on('orderEvent', (event) => {
    c.eventsDispatched++;
    if (!c.ids.has(event.eventId)) {
      c.ids.add(event.eventId);
      c.eventsUnique++;
    }
  });
  type Port = { postMessage(message: unknown): void };
  // The hub's port sets are private: reached here, in the bench only, to count the posts.
  const hub = app.ui as unknown as { statePorts: Set<Port>; panelPorts: Map<Port, string> };
  const wrap = (port: Port, key: 'statePosts' | 'panelPosts') => {
    const post = port.postMessage.bind(port);
    port.postMessage = (message: unknown) => {
      c[key]++;
      post(message);
    };
  };
  for (const port of hub.statePorts) wrap(port, 'statePosts');
  for (const port of hub.panelPorts.keys()) wrap(port, 'panelPosts');
  return true;
}

const readWorker = (h: Harness) =>
  h.withApp(() => {
    const { ids: _ids, ...c } = (globalThis as unknown as { __ingest: Counters & { ids: unknown } })
      .__ingest;
    return c;
  });

/** Renders (DOM mutation batches) and frames in a page, counted from now on. */
async function countPopup(page: Page): Promise<void> {
  await page.evaluate(() => {
    const c = { renders: 0, frames: 0 };
    (window as unknown as { __ui: typeof c }).__ui = c;
    new MutationObserver(() => {
      c.renders++;
    }).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    const tick = () => {
      c.frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function countPanel(panel: PanelDriver): Promise<void> {
  await panel.onRoot((root) => {
    const c = { renders: 0, frames: 0 };
    (window as unknown as { __ui: typeof c }).__ui = c;
    new MutationObserver(() => {
      c.renders++;
    }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    const tick = () => {
      c.frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return true;
  }, null);
}

const readUi = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as { __ui: UiCounters }).__ui }));

/** Emits `perSecond` order-book updates for `ms`, each a different book; returns how many. */
async function emitBooks(sandbox: RunningSandbox, perSecond: number, ms: number): Promise<number> {
  const base = sandbox.core.orderbook(MARKET) as Orderbook;
  let sent = 0;
  const started = Date.now();
  while (Date.now() - started < ms) {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    while (sent < due) {
      const [best, ...rest] = base.asks;
      // A different best-ask size every time, so no update equals the one before.
      const asks = best ? [{ ...best, size: String(1_000_000 * (1 + (sent % 997))) }, ...rest] : [];
      sandbox.core.events.emit('orderbook', {
        marketSlug: MARKET,
        orderbook: { ...base, asks },
        timestamp: new Date().toISOString(),
      });
      sent++;
    }
    await pause(TICK_MS);
  }
  return sent;
}

/** Emits `perSecond` order events (each twice, same eventId) for `ms`; returns the unique count. */
async function emitOrderEvents(
  sandbox: RunningSandbox,
  profileId: number,
  perSecond: number,
  ms: number,
): Promise<number> {
  const market = sandbox.core.markets.bySlug(MARKET);
  const tokenId = market?.tokens?.yes ?? '1';
  let sent = 0;
  const started = Date.now();
  while (Date.now() - started < ms) {
    const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
    while (sent < due) {
      const event = {
        source: 'OME' as const,
        type: 'UPDATE' as const,
        eventId: `bench-ingest-${sent}`,
        orderId: `00000000-0000-4000-8000-${String(sent).padStart(12, '0')}`,
        clientOrderId: null,
        marketSlug: MARKET,
        tokenId,
        side: 'BUY' as const,
        price: 0.5,
        remainingSize: '1000000',
        reason: null,
        occurredAt: new Date().toISOString(),
      };
      sandbox.core.events.emit('orderEvent', { profileId, event });
      sandbox.core.events.emit('orderEvent', { profileId, event });
      sent++;
    }
    await pause(TICK_MS);
  }
  return sent;
}

/** Waits until a counter stops moving for `quietMs`. */
async function drained(read: () => Promise<number>, quietMs = 1_500): Promise<number> {
  let last = await read();
  let since = Date.now();
  for (;;) {
    await pause(200);
    const now = await read();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return now;
    }
  }
}

/** Counts the REST requests the background makes, by route. */
function requestCounter(): { plugin: SandboxPlugin; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const plugin: SandboxPlugin = (app) => {
    app.addHook('onRequest', async (request) => {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      counts.set(route, (counts.get(route) ?? 0) + 1);
    });
  };
  return { plugin, counts };
}

async function run(): Promise<BenchResult> {
  const { plugin, counts } = requestCounter();
  const measured = await withHarness(
    'socket-ingest',
    { sandbox: { bots: false, plugins: [plugin] } },
    async (h) => {
      const vault = await h.onboard('alice');
      await benchSettings(h);
      const market = await h.openMarketPage(MARKET);
      const panel = await PanelDriver.attach(market);
      await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 15_000);
      // The popup in a window of its own, so that both UIs are visible and get frames.
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
      const popup = await opened;
      await popup.waitForSelector('.market-card', { timeout: 15_000 });
      await eventually(() => h.withApp((app) => app.ui.watchedMarkets().size > 0), {
        what: 'the panel port in the background',
      });
      await allowNamedFunctions(await h.worker());
      await allowNamedFunctions(popup);
      await allowNamedFunctions(market);
      await h.withApp(instrumentWorker);
      await countPopup(popup);
      await countPanel(panel);
      const profileId = vault.profileId ?? 101;

      const steps: {
        rate: number;
        sent: number;
        received: number;
        seconds: number;
        uiSeconds: number;
        statePosts: number;
        panelPosts: number;
        popup: UiCounters;
        panel: UiCounters;
      }[] = [];
      for (const rate of BOOK_RATES) {
        const w0 = await readWorker(h);
        const p0 = await readUi(popup);
        const q0 = await readUi(market);
        const t0 = Date.now();
        const sent = await emitBooks(h.sandbox, rate, STEP_MS);
        const received = (await drained(async () => (await readWorker(h)).books)) - w0.books;
        const w1 = await readWorker(h);
        const p1 = await readUi(popup);
        const q1 = await readUi(market);
        const uiSeconds = (Date.now() - t0) / 1000;
        // From the step's first update received to its last: how fast the worker kept up.
        const seconds =
          Math.max(STEP_MS, w1.lastBookAt - Math.max(w0.lastBookAt, w1.firstBookAt)) / 1000;
        steps.push({
          rate,
          sent,
          received,
          seconds,
          uiSeconds,
          statePosts: w1.statePosts - w0.statePosts,
          panelPosts: w1.panelPosts - w0.panelPosts,
          popup: { renders: p1.renders - p0.renders, frames: p1.frames - p0.frames },
          panel: { renders: q1.renders - q0.renders, frames: q1.frames - q0.frames },
        });
        await pause(500);
      }
      // Put the real book back on the screens.
      const real = h.sandbox.core.orderbook(MARKET);
      if (real) {
        h.sandbox.core.events.emit('orderbook', {
          marketSlug: MARKET,
          orderbook: real,
          timestamp: new Date().toISOString(),
        });
      }

      const before = await readWorker(h);
      const userOrdersBefore = counts.get('GET /markets/:slug/user-orders') ?? 0;
      const eventsSent = await emitOrderEvents(h.sandbox, profileId, EVENT_RATE, EVENT_MS);
      const unique =
        (await drained(async () => (await readWorker(h)).eventsUnique, 3_000)) -
        before.eventsUnique;
      const after = await readWorker(h);
      const userOrdersCalls =
        (counts.get('GET /markets/:slug/user-orders') ?? 0) - userOrdersBefore;
      await panel.detach();
      return {
        steps,
        events: {
          sent: eventsSent,
          unique,
          dispatched: after.eventsDispatched - before.eventsDispatched,
          userOrdersCalls,
        },
      };
    },
  );

  const rows: BenchRow[] = [];
  for (const s of measured.steps) {
    const seconds = s.uiSeconds;
    // Each UI against its own frames over the same span: at most one render a frame.
    const withinFrames = (ui: UiCounters) => ui.frames > 0 && ui.renders <= ui.frames;
    rows.push({
      method: `order books, ${Math.round(s.sent / (STEP_MS / 1000)).toLocaleString('en-US')}/s offered for ${STEP_MS / 1000} s`,
      n: s.received,
      values: {
        'per s': s.received / s.seconds,
        lost: s.sent - s.received,
        'popup renders/s': s.popup.renders / seconds,
        'panel renders/s': s.panel.renders / seconds,
        'frames/s': Math.min(s.popup.frames, s.panel.frames) / seconds,
        'port posts/s': (s.statePosts + s.panelPosts) / seconds,
      },
      ratio: s.received / s.seconds / s.rate,
      verdicts: [
        { condition: 'popup renders ≤ frame rate', pass: withinFrames(s.popup) },
        { condition: 'panel renders ≤ frame rate', pass: withinFrames(s.panel) },
      ],
    });
  }
  const e = measured.events;
  rows.push({
    method: `order events at ${EVENT_RATE.toLocaleString('en-US')}/s (each sent twice): unique events the worker handled`,
    n: e.unique,
    values: {
      'per s': e.unique / (EVENT_MS / 1000),
      lost: e.sent - e.unique,
      duplicates: e.dispatched - e.unique,
    },
    ratio: e.unique / e.sent,
    verdicts: [{ condition: '0 lost', pass: e.sent - e.unique === 0 }],
  });
  const best = Math.max(...measured.steps.map((s) => s.received / s.seconds));
  return {
    suite: 'socket-ingest',
    title:
      'Socket ingest: sandbox → worker (parse, de-duplicate, fan out) → popup and page panel (Chromium)',
    unit: '',
    columns: [
      'per s',
      'lost',
      'duplicates',
      'popup renders/s',
      'panel renders/s',
      'frames/s',
      'port posts/s',
    ],
    ratioOf: 'what was offered (received per second ÷ offered per second; unique events ÷ sent)',
    rows,
    notes: [
      `${STEP_MS / 1000} s per order-book rate from the sandbox core (a different best-ask size each update, ${MARKET}); the worker counts every update its live connection hands on after parsing; "per s" is over the step, or longer while the worker caught up; the best was ${Math.round(best).toLocaleString('en-US')}/s`,
      'renders/s, frames/s and port posts/s are over the whole step, until the worker had caught up; renders: MutationObserver callbacks on the popup document and on the panel\'s (closed) shadow root; frames: requestAnimationFrame callbacks in the same pages (the popup in a window of its own beside the market page, both visible; frames/s is the lower of the two); "port posts" are the worker\'s state and panel messages, coalesced to one per 16 ms',
      `order events: ${e.sent.toLocaleString('en-US')} OME UPDATE events for alice over ${EVENT_MS / 1000} s, each emitted twice with the same eventId; lost = sent − unique events that reached the background's listeners; duplicates = repeats that got past de-duplication`,
      `each order event made the background fetch that market's open orders: ${e.userOrdersCalls.toLocaleString('en-US')} GET /markets/:slug/user-orders during the order-event run`,
    ],
    environment: benchEnvironment(),
    finishedAt: new Date().toISOString(),
  };
}

export const socketIngest: BenchSuite = {
  name: 'socket-ingest',
  description:
    'order-book updates/s through the worker to popup + panel, renders/s, events lost at 1,000/s',
  run,
};
