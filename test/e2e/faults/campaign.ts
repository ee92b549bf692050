/**
 * The fault campaign: quick-order intents through the real extension's desk (built
 * extension in Chromium, `panel.quickOrder` from an extension page) against the sandbox,
 * while the sandbox injects seeded faults on ~20 % of order requests (5xx before and after
 * handling, a dropped connection after the order was accepted, 429 with Retry-After, the
 * receive-window 425), the exchange's clock jumps 40 s, sockets are dropped, and the
 * worker is stopped in the middle of the run. Then the desk's journal is compared with
 * the sandbox's own record of orders (`/__sandbox/orders`).
 *
 * What each intent met is read on the wire, from the worker's DevTools Network events
 * (the request body names the clientOrderId; the answer or the failure names the fault).
 */
import type { Page } from 'playwright-core';
import type { SandboxOrder } from '../../../lib/core/api/sandbox';
import type { IntentView, QuickOrderRequest } from '../../../lib/protocol/intent';
import { BotTrader } from '../../../sandbox/bots/trader';
import { Rng } from '../../../sandbox/core/rng';
import { eventually, type Harness } from '../fixtures';
import { WorkerCdp } from '../harness/worker-cdp';

const MARKETS = ['sandbox-btc-100k', 'sandbox-eth-flip', 'sandbox-fed-cut'] as const;
/** Per-rule probability so that five independent rules fault ~20 % of order requests. */
const P = 1 - 0.8 ** (1 / 5);
/** Stays under the desk's per-minute cap (600, its maximum): ~9 intents a second. */
const SPACING_MS = 110;
const INJECTED_RECEIVE_WINDOW = 'Order outside its receive window (injected fault)';

export interface CampaignOptions {
  intents: number;
  seed: number;
  /** Intents in flight at once. */
  concurrency?: number;
  log?: (line: string) => void;
}

export type FaultName =
  | '5xx before handling'
  | '5xx after handling'
  | 'connection dropped after handling'
  | '429 with Retry-After'
  | 'receive-window 425 (injected)'
  | 'receive-window 425 (clock offset)'
  | '401 (clock offset)'
  | 'status check 5xx'
  | '40 s clock offset'
  | 'socket disconnect'
  | 'worker stop'
  | 'duplicate order events'
  | '409 on a resend';

export interface IntentOutcome {
  index: number;
  pressId: string;
  request: QuickOrderRequest;
  /** The journaled intent (null when the desk refused it before journaling anything). */
  view: IntentView | null;
  /** The reply's error when the request was refused (before or instead of a journal entry). */
  refusal: string | null;
  /** Orders the sandbox accepted for its clientOrderId (anything but REJECTED). */
  accepted: SandboxOrder[];
  faults: Set<FaultName>;
  final: string;
}

export interface CampaignReport {
  outcomes: IntentOutcome[];
  injected: Record<string, number>;
  byFinalState: Record<string, number>;
  byFault: Record<string, Record<string, number>>;
  violations: string[];
  orphanOrders: SandboxOrder[];
  seconds: number;
}

export interface JournalEntry {
  pressId: string | null;
  view: IntentView;
  /** An order readied at a pointer-down, not clicked (or its click's write not landed). */
  primed: boolean;
}

/** Settlement states a trade leaves later (an event tells the extension when it does). */
const UNSETTLED = new Set(['MATCHED', 'DELAYED', 'RETRYING']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a stopped worker may take to answer a wake message. CI once saw no start within
 * 15 s of the campaign's deliberate stop (running → stopping → stopped, then nothing), with
 * a lane only waiting for it: both the stop's wake and the lanes now send their own, longer.
 */
const WAKE_LIMIT_MS = 40_000;

/** Keeps both sides of the campaign's books stocked, as a market maker would. */
export function liquidity(
  h: Harness,
  seed: number,
): { ready: Promise<void>; stop(): Promise<void> } {
  const core = h.sandbox.core;
  const maker = core.accounts.byLabel('bot-maker-1');
  const trader = new BotTrader(core, maker, new Rng(seed).fork('campaign-liquidity'));
  let running = true;
  let filled = () => {};
  /** Resolves once every market has been stocked the first time. */
  const ready = new Promise<void>((resolve) => {
    filled = resolve;
  });
  const depth = (levels: { size: string }[]) => levels.reduce((sum, l) => sum + BigInt(l.size), 0n);
  const loop = (async () => {
    while (running) {
      for (const slug of MARKETS) {
        const market = core.markets.bySlug(slug);
        const book = core.orderbook(slug);
        if (!market || !book) continue;
        const mid = Number(market.startMidMillis);
        const contracts = 800_000_000n;
        if (depth(book.asks) < 600_000_000n) {
          await trader.place(market, {
            outcome: 'YES',
            postOnly: true,
            amounts: { orderType: 'GTC', side: 'SELL', price: (mid + 20) / 1000, contracts },
          });
        }
        if (depth(book.bids) < 600_000_000n) {
          await trader.place(market, {
            outcome: 'YES',
            postOnly: true,
            amounts: { orderType: 'GTC', side: 'BUY', price: (mid - 20) / 1000, contracts },
          });
        }
      }
      filled();
      await sleep(500);
    }
  })();
  return {
    ready,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/**
 * The intent for press `i`: mostly small buys, some sells of a quarter of the position,
 * and a few that must end in an error the user sees: a market past its deadline, an
 * amount above the confirmation threshold without the second click, a FOK too large for
 * the book.
 */
function intentFor(rng: Rng, i: number, seed: number): QuickOrderRequest {
  const marketSlug = MARKETS[rng.int(0, 3) === 0 ? 0 : rng.int(0, MARKETS.length - 1)] as string;
  const outcome = rng.int(0, 1) === 0 ? 'YES' : 'NO';
  const orderType = rng.int(0, 9) < 7 ? 'FOK' : 'FAK';
  const pressId = `fault-campaign-${seed}-${i}`;
  const buy = { outcome, side: 'BUY', orderType: 'FOK', pressId } as const;
  if (i % 40 === 7) return { ...buy, marketSlug: 'sandbox-expired', amountRaw: '1000000' };
  if (i % 40 === 17) return { ...buy, marketSlug, amountRaw: '150000000' };
  if (i % 40 === 27) return { ...buy, marketSlug, amountRaw: '990000000' };
  if (rng.int(0, 3) === 0) {
    return { marketSlug, outcome, side: 'SELL', orderType, sellPercent: 25, pressId };
  }
  return {
    marketSlug,
    outcome,
    side: 'BUY',
    orderType,
    amountRaw: String(rng.int(1, 3) * 1_000_000),
    pressId,
  };
}

/** Every journaled intent in storage.session, read in the worker (its signed body never leaves). */
export const readJournal = (h: Harness) =>
  // withApp: the journal's press ids and records are the worker's; no UI is shown them.
  h.withApp(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { storage: { session: { get(k: null): Promise<Record<string, unknown>> } } };
    };
    const all = await chrome.storage.session.get(null);
    return Object.entries(all)
      .filter(([key]) => key.startsWith('desk.intent.'))
      .map(([, value]) => {
        const record = value as { pressId: string | null; view: unknown; primed?: boolean };
        return { pressId: record.pressId, view: record.view, primed: record.primed === true };
      });
  }) as Promise<JournalEntry[]>;

/**
 * Watches the worker's requests through DevTools and names the fault each one met,
 * by clientOrderId. Re-attached after the worker is stopped.
 */
class WireWatch {
  readonly met = new Map<string, Set<FaultName>>();
  private cdp: WorkerCdp | null = null;
  private readonly requests = new Map<string, { ids: string[]; path: string }>();

  constructor(private readonly h: Harness) {}

  private note(ids: string[], fault: FaultName): void {
    for (const id of ids) {
      const set = this.met.get(id) ?? new Set<FaultName>();
      set.add(fault);
      this.met.set(id, set);
    }
  }

  async attach(): Promise<void> {
    await this.cdp?.close();
    const cdp = await WorkerCdp.attach(this.h.context, this.h.extensionId);
    this.cdp = cdp;
    cdp.on<{ requestId: string; request: { url: string; method: string; postData?: string } }>(
      'Network.requestWillBeSent',
      ({ requestId, request }) => {
        if (request.method !== 'POST' || !request.postData) return;
        const path = new URL(request.url).pathname;
        let ids: string[] = [];
        try {
          const body = JSON.parse(request.postData) as {
            clientOrderId?: string;
            clientOrderIds?: string[];
          };
          ids = body.clientOrderIds ?? (body.clientOrderId ? [body.clientOrderId] : []);
        } catch {
          return;
        }
        if (ids.length > 0) this.requests.set(requestId, { ids, path });
      },
    );
    cdp.on<{ requestId: string; response: { status: number } }>(
      'Network.responseReceived',
      ({ requestId, response }) => {
        const req = this.requests.get(requestId);
        if (!req || response.status < 400) return;
        void this.classify(cdp, requestId, req, response.status);
      },
    );
    cdp.on<{ requestId: string }>('Network.loadingFailed', ({ requestId }) => {
      const req = this.requests.get(requestId);
      if (req?.path === '/orders') this.note(req.ids, 'connection dropped after handling');
    });
    await cdp.send('Network.enable');
  }

  private async classify(
    cdp: WorkerCdp,
    requestId: string,
    req: { ids: string[]; path: string },
    status: number,
  ): Promise<void> {
    if (req.path !== '/orders') {
      if (status >= 500) this.note(req.ids, 'status check 5xx');
      if (status === 401) this.note(req.ids, '401 (clock offset)');
      return;
    }
    let body = '';
    // The body is there once loading finished; ask a few times.
    for (let i = 0; i < 10 && body === ''; i++) {
      try {
        body = (await cdp.send<{ body: string }>('Network.getResponseBody', { requestId })).body;
      } catch {
        await sleep(50);
      }
    }
    // A dropped keep-alive connection is not seen as a failure: Chromium resends the same
    // bytes on a new connection by itself, and the exchange answers 409 (it has the order).
    if (status === 409) this.note(req.ids, '409 on a resend');
    else if (status === 429) this.note(req.ids, '429 with Retry-After');
    else if (status === 401) this.note(req.ids, '401 (clock offset)');
    else if (status === 425)
      this.note(
        req.ids,
        body.includes(INJECTED_RECEIVE_WINDOW)
          ? 'receive-window 425 (injected)'
          : 'receive-window 425 (clock offset)',
      );
    else if (status >= 500)
      this.note(
        req.ids,
        body.includes('after handling') ? '5xx after handling' : '5xx before handling',
      );
  }

  async close(): Promise<void> {
    await this.cdp?.close();
    this.cdp = null;
  }
}

/** Runs the campaign on a started harness (its own sandbox, bots off). */
export async function runCampaign(h: Harness, options: CampaignOptions): Promise<CampaignReport> {
  const { intents, seed } = options;
  const concurrency = options.concurrency ?? 6;
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const vault = await h.onboard('alice');
  const profileId = vault.profileId ?? 101;
  await h.updateSettings((s) => ({
    ...s,
    caps: { ...s.caps, maxOrdersPerMinute: 600 },
    notifications: { enabled: false },
  }));
  const page: Page = await h.openOptions();
  const stock = liquidity(h, seed);
  const wire = new WireWatch(h);
  await wire.attach();

  await h.admin.faults({
    faults: [
      { kind: 'status-before', route: 'POST /orders', status: 503, probability: P },
      { kind: 'status-before', route: 'POST /orders', status: 429, retryAfter: 1, probability: P },
      { kind: 'receive-window', route: 'POST /orders', probability: P },
      { kind: 'status-after', route: 'POST /orders', status: 500, probability: P },
      { kind: 'drop-after', route: 'POST /orders' as const, probability: P },
      { kind: 'status-before', route: 'POST /orders/status/batch', status: 503, probability: 0.1 },
    ],
  });

  const rng = new Rng(seed).fork('campaign-intents');
  const requests = Array.from({ length: intents }, (_, i) => intentFor(rng, i, seed));
  const replies = new Map<number, { view: IntentView | null; refusal: string | null }>();
  const journal = new Map<string, JournalEntry>();
  const episodes = new Map<number, Set<FaultName>>();
  const inFlight = new Set<number>();
  const injected: Record<string, number> = {};
  const count = (name: string) => {
    injected[name] = (injected[name] ?? 0) + 1;
  };
  const mark = (indices: Iterable<number>, fault: FaultName) => {
    for (const i of indices) {
      const set = episodes.get(i) ?? new Set<FaultName>();
      set.add(fault);
      episodes.set(i, set);
    }
  };
  const merge = (entries: JournalEntry[]) => {
    for (const e of entries) {
      const known = journal.get(e.view.clientOrderId);
      if (!known || known.view.updatedAt <= e.view.updatedAt) journal.set(e.view.clientOrderId, e);
    }
  };

  let clockOn = false;
  let duplicatesOn = false;
  const episode = async (i: number) => {
    const f = i / intents;
    if (i > 0 && i % Math.max(1, Math.floor(intents / 10)) === 0) {
      await h.admin.faults({ kind: 'disconnect-sockets' });
      count('socket disconnect');
      mark(inFlight, 'socket disconnect');
    }
    if (!duplicatesOn && f >= 0.2 && f < 0.8) {
      duplicatesOn = true;
      await h.admin.faults({ kind: 'duplicate-order-events', enabled: true });
      count('duplicate order events (switched on)');
    }
    if (duplicatesOn && f >= 0.8) {
      duplicatesOn = false;
      await h.admin.faults({ kind: 'duplicate-order-events', enabled: false });
    }
    if (!clockOn && f >= 0.3 && f < 0.7) {
      clockOn = true;
      await h.admin.clock(40_000);
      count('40 s clock offset (jumps)');
    }
    if (clockOn && f >= 0.7) {
      clockOn = false;
      await h.admin.clock(0);
      count('40 s clock offset (jumps)');
    }
  };

  /** Stops the worker a moment after intent `i` left, so intents are in flight when it goes. */
  const stopMidFlight = async (i: number) => {
    await sleep(15);
    log(`intent ${i}: stopping the worker with ${inFlight.size} intents in flight`);
    mark(inFlight, 'worker stop');
    count('worker stop');
    await h.stopWorker();
    // A message wakes it: every lane may be waiting for the worker itself, and nothing else
    // is sure to arrive. Chrome refuses one that meets the old worker going, so it is sent
    // until answered (and a refusal was swallowed here before, unseen).
    const refusals = await h.wakeWorker(page, WAKE_LIMIT_MS);
    if (refusals.length > 0)
      log(
        `the worker woke at the wake message's try ${refusals.length + 1} (${refusals.join('; ')})`,
      );
    // DevTools must follow the new instance (withApp: it returns once that one's app runs).
    await h.withApp(() => true);
    await wire.attach();
  };

  const send = async (i: number) => {
    const request = requests[i] as QuickOrderRequest;
    inFlight.add(i);
    if (clockOn) mark([i], '40 s clock offset');
    if (duplicatesOn) mark([i], 'duplicate order events');
    try {
      // A lost answer (the worker stopped mid-message) is sent again with the same press id,
      // as the panel's retry does: the desk must give back the same intent.
      for (let attempt = 0; ; attempt++) {
        try {
          const reply = await h.send('panel.quickOrder', request, page);
          replies.set(
            i,
            reply.ok
              ? { view: reply.data, refusal: null }
              : { view: null, refusal: JSON.stringify(reply.error) },
          );
          return;
        } catch (error) {
          if (attempt >= 3) {
            replies.set(i, { view: null, refusal: `no answer: ${String(error)}` });
            return;
          }
          // Woken by a message of its own rather than waited for: the stop's wake may still
          // be meeting the old worker going, and nothing else is sure to arrive.
          await h.wakeWorker(page, WAKE_LIMIT_MS);
          await sleep(200);
        }
      }
    } finally {
      inFlight.delete(i);
    }
  };

  let next = 0;
  const lane = async () => {
    for (;;) {
      const i = next++;
      if (i >= intents) return;
      const due = started + i * SPACING_MS;
      if (Date.now() < due) await sleep(due - Date.now());
      await episode(i);
      if (i > 0 && i % 25 === 0) merge(await readJournal(h));
      if (i % 100 === 0) log(`intent ${i}/${intents}`);
      if (i === Math.floor(intents / 2)) {
        await Promise.all([send(i), stopMidFlight(i)]);
      } else {
        await send(i);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));

  // Faults off; every intent must reach a final state.
  await h.admin.clearFaults();
  await h.admin.clock(0);
  merge(await readJournal(h));
  try {
    await eventually(
      async () => {
        merge(await readJournal(h));
        // withApp: the desk's resume, driven now, is its own timer's work no UI can start.
        return h.withApp((app) => {
          app.desk.resumeStalled();
          return app.desk.pending().length === 0;
        });
      },
      { timeoutMs: 120_000, intervalMs: 1_000, what: 'every intent in a final state' },
    );
  } catch {
    // Reported below, intent by intent, as intents without a final state.
    // withApp: the journal (send counts, signed state) is the worker's; no UI is shown it.
    const stuck = await h.withApp(async () => {
      const { chrome } = globalThis as unknown as {
        chrome: { storage: { session: { get(k: null): Promise<Record<string, unknown>> } } };
      };
      const all = await chrome.storage.session.get(null);
      return Object.values(all).flatMap((value) => {
        const r = value as {
          view?: {
            state: string;
            clientOrderId: string;
            error: unknown;
            orderId: string | null;
            filledContractsRaw: string;
            eligibleAt: string | null;
            createdAt: number;
            updatedAt: number;
            marketSlug: string;
          };
          sends?: number;
          signatures?: number;
          reconciles?: number;
        };
        if (
          !r.view ||
          [
            'filled',
            'partially-filled',
            'killed',
            'cancelled',
            'stp-cancelled',
            'rejected',
            'failed',
          ].includes(r.view.state)
        )
          return [];
        return [
          `${r.view.clientOrderId} ${r.view.state} ${r.view.marketSlug} filled=${r.view.filledContractsRaw} created=${new Date(r.view.createdAt).toISOString()} eligibleAt=${r.view.eligibleAt} updated=${new Date(r.view.updatedAt).toISOString()} order=${r.view.orderId} sends=${r.sends} signatures=${r.signatures} reconciles=${r.reconciles} error=${JSON.stringify(r.view.error)}`,
        ];
      });
    });
    for (const line of stuck) log(`still pending: ${line}`);
  }
  // Late events (settlement) may still refine a final state: wait until the exchange has
  // settled every trade of ours and the journal has heard of every failed settlement.
  try {
    await eventually(
      async () => {
        const ours = (await h.admin.orders()).filter(
          (o) => o.ownerId === profileId && o.clientOrderId !== null,
        );
        if (ours.some((o) => o.settlementStatus !== null && UNSETTLED.has(o.settlementStatus)))
          return false;
        const failed = new Set(
          ours.filter((o) => o.settlementStatus === 'FAILED').map((o) => o.clientOrderId),
        );
        const entries = await readJournal(h);
        merge(entries);
        return entries.every((e) => !failed.has(e.view.clientOrderId) || e.view.state === 'failed');
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'every settlement heard' },
    );
  } catch {
    // Whatever was not heard shows below as a mismatch with the exchange.
  }
  const refused = h.handshakes.filter((r) => !r.ok);
  log(
    `live connection at the end: ${JSON.stringify(await h.connection())}; handshakes ${h.handshakes.length}, refused ${refused.length}${refused.length > 0 ? ` (${[...new Set(refused.map((r) => r.refusal))].join('; ')})` : ''}`,
  );
  merge(await readJournal(h));
  await stock.stop();
  await wire.close();

  const orders = (await h.admin.orders()).filter(
    (o) => o.ownerId === profileId && o.clientOrderId !== null,
  );
  const byClient = new Map<string, SandboxOrder[]>();
  for (const o of orders) {
    const list = byClient.get(o.clientOrderId as string) ?? [];
    list.push(o);
    byClient.set(o.clientOrderId as string, list);
  }
  const byPress = new Map<string, JournalEntry[]>();
  for (const entry of journal.values()) {
    if (!entry.pressId) continue;
    byPress.set(entry.pressId, [...(byPress.get(entry.pressId) ?? []), entry]);
  }

  const violations: string[] = [];
  const outcomes: IntentOutcome[] = requests.map((request, index) => {
    const pressId = request.pressId;
    const entries = byPress.get(pressId) ?? [];
    if (entries.length > 1) violations.push(`${pressId}: ${entries.length} intents for one press`);
    const entry = entries[0] ?? null;
    const reply = replies.get(index);
    const view = entry?.view ?? null;
    const accepted = view
      ? (byClient.get(view.clientOrderId) ?? []).filter((o) => o.status !== 'REJECTED')
      : [];
    const faults = new Set<FaultName>([
      ...(episodes.get(index) ?? []),
      ...(view ? (wire.met.get(view.clientOrderId) ?? []) : []),
    ]);
    // A 409 answers a resend of bytes that had landed: after a 5xx after handling (the
    // transport resends), or after a dropped connection (Chromium resends by itself).
    if (faults.delete('409 on a resend') && !faults.has('5xx after handling')) {
      faults.add('connection dropped after handling');
    }
    let final: string;
    if (!view) {
      final = reply?.refusal ? 'refused before sending (error shown)' : 'NO FINAL STATE';
      if (!reply?.refusal) violations.push(`${pressId}: no journal entry and no answer`);
    } else {
      final = view.state;
      const placedStates = ['filled', 'partially-filled', 'killed', 'cancelled', 'stp-cancelled'];
      if (!['rejected', 'failed', ...placedStates].includes(view.state)) {
        violations.push(`${pressId} (${view.clientOrderId}): not final (${view.state})`);
      }
      if (accepted.length > 1) {
        violations.push(`${view.clientOrderId}: ${accepted.length} accepted orders`);
      }
      if (placedStates.includes(view.state) && accepted.length !== 1) {
        violations.push(
          `${view.clientOrderId}: ${view.state} but ${accepted.length} accepted orders at the exchange`,
        );
      }
      if ((view.state === 'rejected' || view.state === 'failed') && accepted.length > 0) {
        const placed = accepted[0];
        // A settlement that failed after the fill is a placed order with a failed outcome.
        const settlementFailed = placed?.settlementStatus === 'FAILED';
        if (!settlementFailed) {
          violations.push(
            `${view.clientOrderId}: ${view.state} (${view.error ? JSON.stringify(view.error) : 'no error'}) but the exchange accepted ${placed?.id} (${placed?.status})`,
          );
        }
      }
      const placed = accepted[0];
      if (placed && view.orderId && placed.id !== view.orderId) {
        violations.push(
          `${view.clientOrderId}: order id ${view.orderId} ≠ exchange's ${placed.id}`,
        );
      }
      if (view.state === 'filled' && placed && placed.status !== 'FILLED') {
        violations.push(`${view.clientOrderId}: filled, but the exchange says ${placed.status}`);
      }
      if (
        placed?.status === 'FILLED' &&
        !['filled', 'partially-filled', 'failed'].includes(view.state)
      ) {
        violations.push(
          `${view.clientOrderId}: the exchange filled it, the desk says ${view.state}`,
        );
      }
    }
    return {
      index,
      pressId,
      request,
      view,
      refusal: reply?.refusal ?? null,
      accepted,
      faults,
      final,
    };
  });

  const known = new Set(outcomes.flatMap((o) => (o.view ? [o.view.clientOrderId] : [])));
  const orphanOrders = orders.filter(
    (o) => o.status !== 'REJECTED' && !known.has(o.clientOrderId as string),
  );
  for (const o of orphanOrders) {
    violations.push(`orphan order at the exchange: ${o.id} (${o.clientOrderId}, ${o.status})`);
  }

  const byFinalState: Record<string, number> = {};
  const byFault: Record<string, Record<string, number>> = {};
  for (const o of outcomes) {
    byFinalState[o.final] = (byFinalState[o.final] ?? 0) + 1;
    const names = o.faults.size > 0 ? [...o.faults] : ['no fault met'];
    for (const name of names) {
      const row = byFault[name] ?? {};
      row[o.final] = (row[o.final] ?? 0) + 1;
      byFault[name] = row;
    }
  }
  for (const set of wire.met.values()) for (const name of set) count(`requests that met: ${name}`);
  return {
    outcomes,
    injected,
    byFinalState,
    byFault,
    violations,
    orphanOrders,
    seconds: (Date.now() - started) / 1000,
  };
}

/** The counts as a person reads them: by final state, then by fault (with final states). */
export function formatReport(report: CampaignReport): string {
  const lines: string[] = [];
  const total = report.outcomes.length;
  lines.push(`fault campaign: ${total} intents in ${report.seconds.toFixed(0)} s`);
  lines.push('by final state:');
  for (const [state, n] of Object.entries(report.byFinalState).sort((a, b) => b[1] - a[1])) {
    lines.push(`  ${state.padEnd(40)} ${String(n).padStart(5)}`);
  }
  lines.push('by fault met (intents; their final states):');
  for (const [fault, states] of Object.entries(report.byFault).sort()) {
    const n = Object.values(states).reduce((a, b) => a + b, 0);
    const detail = Object.entries(states)
      .sort((a, b) => b[1] - a[1])
      .map(([s, k]) => `${s} ${k}`)
      .join(', ');
    lines.push(`  ${fault.padEnd(36)} ${String(n).padStart(5)}  (${detail})`);
  }
  const refusals: Record<string, number> = {};
  for (const o of report.outcomes) {
    if (o.view || !o.refusal) continue;
    // The sentence the user was shown, without the ids and numbers that differ per intent.
    const parsed = /"message":"([^"]*)"/.exec(o.refusal)?.[1] ?? o.refusal;
    const reason = parsed.replace(/\d[\d.,]*/g, 'N').slice(0, 90);
    refusals[reason] = (refusals[reason] ?? 0) + 1;
  }
  if (Object.keys(refusals).length > 0) {
    lines.push('refused before sending, by the sentence shown:');
    for (const [reason, n] of Object.entries(refusals).sort((a, b) => b[1] - a[1])) {
      lines.push(`  ${reason.padEnd(90)} ${String(n).padStart(5)}`);
    }
  }
  lines.push('injected / observed:');
  for (const [name, n] of Object.entries(report.injected).sort()) {
    lines.push(`  ${name.padEnd(56)} ${String(n).padStart(5)}`);
  }
  lines.push(`violations: ${report.violations.length}`);
  for (const v of report.violations.slice(0, 30)) lines.push(`  ${v}`);
  return lines.join('\n');
}
