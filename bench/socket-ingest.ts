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
import { cpus, loadavg } from 'node:os';
import type { BackgroundApp } from '../lib/background/app';
import { type ChromeApi, eventually, type Harness } from '../test/e2e/fixtures';
import { PanelDriver, panelFrameOf } from '../test/e2e/panel/driver';
import {
  allowNamedFunctions,
  benchSettings,
  onboardForBench,
  pause,
  WORKER_UNWATCHED_NOTE,
  withHarness,
} from './lib/browser';
import { benchEnvironment } from './lib/environment';
import { requestCounter } from './lib/request-probes';
import type { BenchResult, BenchRow, BenchSuite, Verdict } from './lib/result';
import { emitBooks, emitOrderEvents } from './lib/sandbox-load';
import { countUi, readUi, type UiCounters } from './lib/ui-counters';

const MARKET = 'sandbox-btc-100k';
/** Followed by the floor's bare socket only: the extension never sees its updates. */
const FLOOR_MARKET = 'sandbox-eth-flip';
const BOOK_RATES = [250, 1_000, 4_000, 16_000];
const STEP_MS = 4_000;
const EVENT_RATE = 1_000;
const EVENT_MS = 5_000;
/** Frames are counted this long with nothing arriving: the floor this machine gives the UIs. */
const IDLE_MS = 2_000;
/** The targets of issue 12. */
const TARGET_BEST_PER_S = 5_000;
const TARGET_FRAMES = 50;
const TARGET_RATE = 1_000;

interface Counters {
  books: number;
  /** The first update since the step began (0: none yet), reset by `startStep`. */
  stepFirstAt: number;
  lastBookAt: number;
  /** Updates the live connection refused (malformed): none may be, they are all well formed. */
  refused: number;
  eventsUnique: number;
  eventsDispatched: number;
  statePosts: number;
  /** The JSON bytes of the state posts (what a page parses). */
  stateBytes: number;
  panelPosts: number;
}

/** Installs counters in the worker (listeners on the live connection, wrapped port posts). */
function instrumentWorker(app: BackgroundApp): boolean {
  const g = globalThis as unknown as { __ingest?: Counters & { ids: Set<string> } };
  if (g.__ingest) return true;
  const c = {
    books: 0,
    stepFirstAt: 0,
    lastBookAt: 0,
    refused: 0,
    eventsUnique: 0,
    eventsDispatched: 0,
    statePosts: 0,
    stateBytes: 0,
    panelPosts: 0,
    ids: new Set<string>(),
  };
  g.__ingest = c;
  app.live.on('orderbookUpdate', () => {
    const t = performance.now();
    if (c.stepFirstAt === 0) c.stepFirstAt = t;
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
  const hub = app.ui as unknown as {
    statePorts: Map<Port, unknown>;
    panelPorts: Map<Port, string>;
  };
  const wrap = (port: Port, key: 'statePosts' | 'panelPosts') => {
    const post = port.postMessage.bind(port);
    port.postMessage = (message: unknown) => {
      c[key]++;
      if (key === 'statePosts') c.stateBytes += JSON.stringify(message).length;
      post(message);
    };
  };
  for (const port of hub.statePorts.keys()) wrap(port, 'statePosts');
  for (const port of hub.panelPorts.keys()) wrap(port, 'panelPosts');
  return true;
}

const readWorker = (h: Harness) =>
  h.withApp((app) => {
    const { ids: _ids, ...c } = (globalThis as unknown as { __ingest: Counters & { ids: unknown } })
      .__ingest;
    return { ...c, refused: app.live.invalidEvents };
  });

/** A step's rate is timed from its own first update: the pause before it is no one's work. */
const startStep = (h: Harness) =>
  h.withApp(() => {
    (globalThis as unknown as { __ingest: Counters }).__ingest.stepFirstAt = 0;
    return true;
  });

/**
 * The floor: a bare WebSocket in the same worker, speaking just enough Engine.IO and
 * Socket.IO to subscribe to another market's books, counting each message and doing
 * nothing else (no Socket.IO client, no parsing). What it manages is what this browser,
 * this machine and the sandbox's sending allow, before any of the extension's work.
 */
function openBareSocket(_app: unknown, arg: { url: string; market: string }): Promise<boolean> {
  const g = globalThis as unknown as { __bare?: { n: number; first: number; last: number } };
  const c = { n: 0, first: 0, last: 0 };
  g.__bare = c;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(arg.url);
    ws.onerror = () => reject(new Error('the bare socket failed'));
    ws.onmessage = (m) => {
      const data = String(m.data);
      if (data.startsWith('42/markets,')) {
        const t = performance.now();
        if (c.n === 0) c.first = t;
        c.n++;
        c.last = t;
      } else if (data === '2') ws.send('3');
      else if (data.startsWith('0')) ws.send('40/markets,');
      else if (data.startsWith('40/markets,')) {
        ws.send(
          `42/markets,${JSON.stringify(['subscribe_market_prices', { marketSlugs: [arg.market] }])}`,
        );
        // The subscription has no answer to wait for; it is in place once the server read it.
        setTimeout(() => resolve(true), 300);
      }
    };
  });
}

const readBare = (h: Harness) =>
  h.withApp(() => ({
    ...(globalThis as unknown as { __bare: { n: number; first: number; last: number } }).__bare,
  }));

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

async function run(): Promise<BenchResult> {
  const loadBefore = loadavg()[0] ?? 0;
  const { plugin, counts } = requestCounter();
  const measured = await withHarness(
    'socket-ingest',
    { sandbox: { bots: false, plugins: [plugin] } },
    async (h) => {
      const vault = await onboardForBench(h, 'alice');
      await benchSettings(h);
      // The sandbox's market page keeps its own live book over its own socket: a second
      // stream of every update, drawn by the site's script on the page's main thread, which
      // is the panel's too. Its frames would measure the site, not the extension: without
      // its socket client the site reads the book every 2 s instead (sandbox/site app.js).
      await h.context.route('**/assets/socket.io.min.js', (route) => route.abort());
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
      const frame = await eventually(async () => panelFrameOf(market), {
        what: 'the panel frame',
      });
      await allowNamedFunctions(frame);
      await h.withApp(instrumentWorker);
      await countUi(popup, 'body');
      // Chromium's panel is its own frame: its counters live there, on its document.
      await countUi(frame, 'documentElement');
      await panel.detach();
      const profileId = vault.profileId ?? 101;

      // The floor: frames each UI gets with nothing arriving, on this machine, now.
      const p0 = await readUi(popup);
      const q0 = await readUi(frame);
      const idleStarted = Date.now();
      await pause(IDLE_MS);
      const p1 = await readUi(popup);
      const q1 = await readUi(frame);
      const idle = {
        seconds: (Date.now() - idleStarted) / 1000,
        popup: { renders: p1.renders - p0.renders, frames: p1.frames - p0.frames },
        panel: { renders: q1.renders - q0.renders, frames: q1.frames - q0.frames },
      };

      const steps: {
        rate: number;
        sent: number;
        received: number;
        refused: number;
        seconds: number;
        uiSeconds: number;
        statePosts: number;
        stateBytes: number;
        panelPosts: number;
        popup: UiCounters;
        panel: UiCounters;
      }[] = [];
      for (const rate of BOOK_RATES) {
        await startStep(h);
        const w0 = await readWorker(h);
        const p0 = await readUi(popup);
        const q0 = await readUi(frame);
        const t0 = Date.now();
        const sent = await emitBooks(h.sandbox, rate, STEP_MS, MARKET);
        // The UIs over the time the updates arrive (the worker's catching up, if any, is not).
        const p1 = await readUi(popup);
        const q1 = await readUi(frame);
        const uiSeconds = (Date.now() - t0) / 1000;
        const received = (await drained(async () => (await readWorker(h)).books)) - w0.books;
        const w1 = await readWorker(h);
        // From the step's first update received to its last: how fast the worker kept up.
        const seconds = Math.max(STEP_MS, w1.lastBookAt - w1.stepFirstAt) / 1000;
        steps.push({
          rate,
          sent,
          received,
          refused: w1.refused - w0.refused,
          seconds,
          uiSeconds,
          statePosts: w1.statePosts - w0.statePosts,
          stateBytes: w1.stateBytes - w0.stateBytes,
          panelPosts: w1.panelPosts - w0.panelPosts,
          popup: { renders: p1.renders - p0.renders, frames: p1.frames - p0.frames },
          panel: { renders: q1.renders - q0.renders, frames: q1.frames - q0.frames },
        });
        await pause(500);
      }
      // The floor, at the highest rate, on a market only the bare socket follows.
      await h.withApp(openBareSocket, {
        url: `${h.sandbox.wsUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}/socket.io/?EIO=4&transport=websocket`,
        market: FLOOR_MARKET,
      });
      // The market's current book, sent on subscribing, is not part of the step.
      await pause(500);
      await h.withApp(() => {
        const bare = (globalThis as unknown as { __bare: { n: number; first: number } }).__bare;
        bare.n = 0;
        bare.first = 0;
        return true;
      });
      const floorRate = BOOK_RATES[BOOK_RATES.length - 1] ?? 0;
      const floorSent = await emitBooks(h.sandbox, floorRate, STEP_MS, FLOOR_MARKET);
      const floorReceived = await drained(async () => (await readBare(h)).n);
      const bare = await readBare(h);
      const floor = {
        sent: floorSent,
        received: floorReceived,
        seconds: Math.max(STEP_MS, bare.last - bare.first) / 1000,
      };

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
      const eventsSent = await emitOrderEvents(h.sandbox, profileId, EVENT_RATE, EVENT_MS, MARKET);
      const unique =
        (await drained(async () => (await readWorker(h)).eventsUnique, 3_000)) -
        before.eventsUnique;
      const after = await readWorker(h);
      const userOrdersCalls =
        (counts.get('GET /markets/:slug/user-orders') ?? 0) - userOrdersBefore;
      return {
        idle,
        floor,
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
  const { idle } = measured;
  rows.push({
    method: `nothing arriving, ${IDLE_MS / 1000} s (the frames this machine gives the UIs)`,
    n: 0,
    values: {
      'popup renders/s': idle.popup.renders / idle.seconds,
      'panel renders/s': idle.panel.renders / idle.seconds,
      'popup frames/s': idle.popup.frames / idle.seconds,
      'panel frames/s': idle.panel.frames / idle.seconds,
    },
    ratio: null,
  });
  // The step the 1,000/s conditions are judged on.
  const judged = measured.steps.find((s) => s.rate === TARGET_RATE);
  for (const s of measured.steps) {
    const seconds = s.uiSeconds;
    // Each UI against its own frames over the same span: at most one render a frame.
    const withinFrames = (ui: UiCounters) => ui.frames > 0 && ui.renders <= ui.frames;
    // Against what the sandbox managed to offer (a busy machine slows the sender too).
    const ratio = s.received / s.seconds / (s.sent / (STEP_MS / 1000));
    const verdicts: Verdict[] = [
      { condition: 'popup renders ≤ frame rate', pass: withinFrames(s.popup) },
      { condition: 'panel renders ≤ frame rate', pass: withinFrames(s.panel) },
    ];
    if (s === judged) {
      verdicts.push(
        // The ratio as the table prints it: 1.00× is at least 0.995 of what was offered.
        { condition: '1.00× handled', pass: s.received === s.sent && ratio >= 0.995 },
        {
          condition: `popup ≥ ${TARGET_FRAMES} frames/s`,
          pass: s.popup.frames / seconds >= TARGET_FRAMES,
        },
        {
          condition: `panel ≥ ${TARGET_FRAMES} frames/s`,
          pass: s.panel.frames / seconds >= TARGET_FRAMES,
        },
      );
    }
    rows.push({
      method: `order books, ${Math.round(s.sent / (STEP_MS / 1000)).toLocaleString('en-US')}/s offered for ${STEP_MS / 1000} s`,
      n: s.received,
      values: {
        'per s': s.received / s.seconds,
        lost: s.sent - s.received,
        refused: s.refused,
        'popup renders/s': s.popup.renders / seconds,
        'panel renders/s': s.panel.renders / seconds,
        'popup frames/s': s.popup.frames / seconds,
        'panel frames/s': s.panel.frames / seconds,
        'port posts/s': (s.statePosts + s.panelPosts) / seconds,
        'state bytes/post': s.statePosts > 0 ? s.stateBytes / s.statePosts : 0,
      },
      ratio,
      verdicts,
    });
  }
  const best = Math.max(...measured.steps.map((s) => s.received / s.seconds));
  rows.push({
    method: 'order books, the best step: updates handled by the worker per second',
    n: measured.steps.reduce((sum, s) => sum + s.received, 0),
    values: { 'per s': best },
    ratio: null,
    verdicts: [
      {
        condition: `≥ ${TARGET_BEST_PER_S.toLocaleString('en-US')}/s`,
        pass: best >= TARGET_BEST_PER_S,
      },
    ],
  });
  const { floor } = measured;
  rows.push({
    method: `the floor: a bare WebSocket in the worker, counting only, ${Math.round(floor.sent / (STEP_MS / 1000)).toLocaleString('en-US')}/s offered`,
    n: floor.received,
    values: { 'per s': floor.received / floor.seconds, lost: floor.sent - floor.received },
    ratio: floor.received / floor.seconds / (floor.sent / (STEP_MS / 1000)),
  });
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
  return {
    suite: 'socket-ingest',
    title:
      'Socket ingest: sandbox → worker (parse, de-duplicate, fan out) → popup and page panel (Chromium)',
    unit: '',
    columns: [
      'per s',
      'lost',
      'refused',
      'duplicates',
      'popup renders/s',
      'panel renders/s',
      'popup frames/s',
      'panel frames/s',
      'port posts/s',
      'state bytes/post',
    ],
    ratioOf: 'what was offered (received per second ÷ offered per second; unique events ÷ sent)',
    rows,
    notes: [
      WORKER_UNWATCHED_NOTE,
      `${STEP_MS / 1000} s per order-book rate from the sandbox core (${MARKET}, the market the panel shows: a different best-ask size each update, and its price a tick apart every other one); the worker counts every update its live connection hands on after parsing; "per s" is from the step's first update received to its last (at least ${STEP_MS / 1000} s), so a worker that falls behind shows it; refused = updates the live connection found malformed (none are); the best was ${Math.round(best).toLocaleString('en-US')}/s`,
      "the market page runs without the sandbox site's own socket (it polls its book every 2 s instead): its live redraw of every update is the site's load on the page, not the extension's; with it, the page's frames are the site's to lose",
      `the floor: after the steps, ${FLOOR_MARKET}'s books at the highest rate, to a bare WebSocket opened in the worker (Engine.IO and Socket.IO spoken by hand to subscribe, then each message counted and nothing more; the extension does not follow that market): what the browser, the machine and the sandbox's sending allow before any of the extension's work`,
      `machine load (1-minute load average, ${cpus().length} cores): ${loadBefore.toFixed(1)} when the suite started, ${(loadavg()[0] ?? 0).toFixed(1)} when it ended; frames and rates fall when others use the machine`,
      `the ${TARGET_RATE.toLocaleString('en-US')}/s step is judged on the issue's targets: all of it handled (1.00×), and ≥ ${TARGET_FRAMES} frames/s in the popup and in the panel meanwhile; the best step on ≥ ${TARGET_BEST_PER_S.toLocaleString('en-US')}/s`,
      'renders/s, frames/s and port posts/s are over the time the updates were sent; renders: MutationObserver callbacks on the popup document and on the panel\'s frame document; frames: requestAnimationFrame callbacks in the same pages (the popup in a window of its own beside the market page, both visible); "port posts" are the worker\'s state and panel messages, at most one per port per 16 ms; "state bytes/post" is the JSON length of the worker’s state messages (the snapshot once, then what changed), averaged',
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
