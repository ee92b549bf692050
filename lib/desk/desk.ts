import type { OrderEvent } from '../core/api/events';
import { modeAllowsNewOrder } from '../core/api/maintenance';
import type { OrderPlacementResponse } from '../core/api/orders';
import type { Outcome, ReportedTradingMode } from '../core/api/primitives';
import { type ClientErrorInfo, ExchangeError, toErrorInfo } from '../core/client/errors';
import type { ActAs, ExchangeClient } from '../core/client/exchange-client';
import { buildOrderRequest, type OrderContext } from '../core/orders/build';
import type { OutcomeQuote } from '../core/orders/pricing';
import { type IntentView, isFinal } from '../protocol/intent';
import { type GuardLimits, OrderGuards } from './guards';
import { deadlineOf, NOT_SENT_UNREACHABLE, signingWindow } from './intent-deadline';
import { IntentStore, type PlaceSpec } from './intent-store';
import { fromSpec, type IntentRecord, type JournalStore } from './journal';
import { applyOrderEvent } from './order-events';
import { cancelledState, placementTrade, stateFromExecution } from './outcome';
import { crossingSentence, isCrossingRefusal } from './post-only';
import type { PrimedOrder } from './primed-orders';
import { Priming } from './priming';
import { Reconciler } from './reconcile';

export type { PlaceSpec } from './intent-store';

/** Fresh signatures after receive-window refusals. */
const MAX_SIGNATURES = 3;
/** Status checks in one run before leaving the intent to the next resume. */
const MAX_RECONCILES_PER_RUN = 6;

export interface DeskDeps {
  store: JournalStore;
  /** The signed client; throws an `unavailable` ExchangeError while locked. */
  client(): ExchangeClient;
  /** Who signs and for whom, on which market: the venue is cached by the client. */
  orderContext(marketSlug: string): Promise<OrderContext>;
  /** `onBehalfOf` for cancels and status checks when acting for a sub-account. */
  actAs(): ActAs;
  limits(): GuardLimits;
  tradingMode(): ReportedTradingMode | null;
  /** A trading-mode 425 arrived: the background refreshes maintenance status. */
  onTradingModeRefused(info: Extract<ClientErrorInfo, { kind: 'trading-mode' }>): void;
  onChange(view: IntentView): void;
  /** The live book's best prices of an outcome, to say where a refused post-only order stood. */
  quote?: (marketSlug: string, outcome: Outcome) => OutcomeQuote | null;
  /**
   * Every order is signed with this receive window, timestamped in the exchange's time. A
   * copy still on its way once its window has closed can no longer be placed: only then
   * can unanswered sends be called "not placed" (otherwise a late copy may still land).
   */
  receiveWindow?: { ms: number; serverNow: () => number };
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  newId?: () => string;
}

const refusal = (message: string): ExchangeError =>
  new ExchangeError({ kind: 'unavailable', message });

const notJournaled: ClientErrorInfo = {
  kind: 'unavailable',
  message: 'Not sent: the extension could not record the order first. Nothing was placed.',
};

/**
 * Order intents → exactly one order each, or a clear final error. Every intent's signed
 * bytes are handed to the journal before they are sent (see `send`); transient failures
 * resend the same signed bytes;
 * a conflict or a lost answer is settled by asking the exchange (`/orders/status/batch`);
 * a receive-window refusal gets a fresh signature; a restarted worker resumes the journal.
 * Every intent has a deadline (`intent-deadline.ts`): past it, nothing new is signed or
 * sent for it, and one the exchange has not taken ends "not sent".
 */
export class OrderDesk {
  private readonly intents: IntentStore;
  private readonly running = new Set<string>();
  private readonly guards: OrderGuards;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly newId: () => string;
  private readonly reconciler: Reconciler;
  private readonly priming: Priming;
  /** Presses being placed: a second message of the same press waits for the first's answer. */
  private readonly placing = new Map<string, Promise<IntentView>>();

  constructor(private readonly deps: DeskDeps) {
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.guards = new OrderGuards(this.now);
    this.intents = new IntentStore(deps.store, this.now, (view) => this.deps.onChange(view));
    this.reconciler = new Reconciler(this.intents, deps, this.sleep, this.now);
    this.priming = new Priming({
      intents: this.intents,
      reconciler: this.reconciler,
      signedBody: (record) => this.signedBody(record),
      client: () => this.clientOrNull(),
      run: (id) => void this.run(id),
      now: this.now,
      newId: this.newId,
    });
  }

  /** Loads the journal; intents cut off by a stopped worker are resumed, never re-signed blindly. */
  async init(): Promise<void> {
    const records = await this.intents.load();
    this.guards.restore(records.filter((r) => r.sends > 0).map((r) => r.view.createdAt));
    this.priming.restore(records);
    for (const record of this.intents.all()) {
      if (record.view.state === 'preparing') {
        // Never sent (no bytes were signed and journaled): say so rather than trade late.
        this.intents.finish(record, 'failed', {
          kind: 'unavailable',
          message: 'Not sent: the extension restarted before the order left. Nothing was placed.',
        });
        await this.intents.save(record);
      }
    }
  }

  views(): IntentView[] {
    return [...this.intents.all()].map((r) => r.view).sort((a, b) => b.createdAt - a.createdAt);
  }

  view(clientOrderId: string): IntentView | null {
    return this.intents.get(clientOrderId)?.view ?? null;
  }

  /** The intent a press made, if it made one: its retry is answered with it. */
  ofPress(pressId: string): IntentView | null {
    return this.intents.ofPress(pressId)?.view ?? null;
  }

  /** Whether an exchange order id is one of this desk's intents. */
  hasOrder(orderId: string): boolean {
    return this.intents.hasOrder(orderId);
  }

  /**
   * Intents that still wait on the exchange (for resume on reconnect, unlock or an alarm):
   * unfinished ones, and those that ended "not sent" while the exchange could not be asked
   * whether their bytes landed.
   */
  pending(): IntentView[] {
    return [...this.intents.all()]
      .filter((r) => !isFinal(r.view.state) || r.landingUnknown === true)
      .map((r) => r.view);
  }

  /**
   * Places an order for an intent and waits (up to `waitMs`) for its first outcome.
   * Refusals before anything is journaled (locked, mode, caps) throw with a sentence.
   * A press's second message while its first is being placed gets the first's answer.
   */
  async place(spec: PlaceSpec, waitMs = 8_000): Promise<IntentView> {
    const pressId = spec.pressId;
    if (!pressId) return this.placeNew(spec, null, waitMs);
    const first = this.intents.ofPress(pressId);
    if (first) return first.view;
    const under = this.placing.get(pressId);
    if (under) return under;
    // A press retried after a restart, whose primed order its click may have sent before
    // the worker stopped: that order is this press's, whatever the book says now.
    const orphan = this.priming.takeOrphan(pressId);
    const placing = orphan
      ? this.outcomeOf(this.priming.adoptOrphan(orphan), waitMs)
      : this.placeNew(spec, this.priming.take(pressId), waitMs);
    this.placing.set(pressId, placing);
    try {
      return await placing;
    } finally {
      this.placing.delete(pressId);
    }
  }

  /**
   * Signs and journals the order a press would make when its pointer goes down, so its
   * click has only to send it (`priming.ts`). Nothing is shown and nothing leaves:
   * the click places it only when it asks for the same order, and a press never clicked is
   * dropped. A refusal is silent here: the click meets it again and says why.
   */
  prime(spec: PlaceSpec): void {
    const pressId = spec.pressId;
    if (!pressId || this.intents.ofPress(pressId) || this.placing.has(pressId)) return;
    if (this.priming.has(pressId)) return;
    const mode = this.deps.tradingMode();
    if (mode && !modeAllowsNewOrder(mode, spec.postOnly === true)) return;
    this.priming.prime(pressId, spec);
  }

  private async placeNew(
    spec: PlaceSpec,
    primedOrder: Promise<PrimedOrder | null> | null,
    waitMs: number,
  ): Promise<IntentView> {
    const primed = primedOrder ? await primedOrder : null;
    try {
      this.admit(spec);
    } catch (error) {
      if (primed) this.priming.discard(primed);
      throw error;
    }
    const record =
      primed && (await this.priming.commit(primed, spec))
        ? primed.record
        : this.intents.create(spec, this.newId());
    // No write yet: with the market's venue and the key at hand, signing ends within this
    // task, and the intent's first write is then its signed 'sending' record (one write on
    // the click's path, not two). Only a signing still waiting after it (the venue read
    // from the network, the first order on a market) journals 'preparing' first, so a
    // worker stopped meanwhile comes back saying the order never left. A stop before
    // either write leaves nothing: nothing was sent, and the sender got no answer.
    setTimeout(() => {
      if (record.view.state === 'preparing' && record.sends === 0) void this.intents.save(record);
    }, 0);
    return this.outcomeOf(record, waitMs);
  }

  /** What must hold before a new order: a session, the trading mode, the caps (then counted). */
  private admit(spec: PlaceSpec): void {
    this.deps.client();
    const mode = this.deps.tradingMode();
    if (mode && !modeAllowsNewOrder(mode, spec.postOnly === true)) {
      throw refusal(
        mode === 'post_only'
          ? 'The exchange accepts post-only orders only right now.'
          : `Trading is ${mode === 'disabled' ? 'disabled' : 'limited to cancellations'} right now.`,
      );
    }
    const verdict = this.guards.check(spec.notionalRaw, spec.confirmed, this.deps.limits());
    if (!verdict.ok) throw refusal(verdict.message);
    this.guards.record();
  }

  /** Runs an intent and waits (up to `waitMs`) for its first outcome, journaled. */
  private async outcomeOf(record: IntentRecord, waitMs: number): Promise<IntentView> {
    const id = record.view.clientOrderId;
    const settled = this.intents.waitForOutcome(id, waitMs);
    void this.run(id);
    await settled;
    // The answer the user sees is one a restarted worker would show too: journaled first.
    await this.intents.flushed();
    return this.intents.get(id)?.view ?? record.view;
  }

  /** Cancels the order behind an intent (a delayed one until its `eligibleAt`, or a resting one). */
  async cancel(clientOrderId: string): Promise<IntentView> {
    const record = this.intents.get(clientOrderId);
    if (!record) throw refusal('That order is not one this extension placed.');
    if (isFinal(record.view.state)) return record.view;
    const id = record.view.orderId ? { orderId: record.view.orderId } : { clientOrderId };
    await this.deps.client().cancelOrder(id, this.deps.actAs());
    const filled = BigInt(record.view.filledContractsRaw);
    this.intents.finish(record, cancelledState(record.view, filled, false), null);
    await this.intents.save(record);
    return record.view;
  }

  /** Resumes every unfinished intent (after a restart, a reconnect or an unlock). */
  resumePending(): void {
    for (const record of this.intents.all()) {
      const { state, eligibleAt } = record.view;
      if (state === 'sending' || state === 'reconciling') void this.run(record.view.clientOrderId);
      // Its release may have happened while we were not listening (an intent adopted from a
      // status check does not know its eligibleAt: ask).
      if (state === 'delayed' && this.releaseDue(eligibleAt))
        void this.reconciler.reconcileOnce(record);
      if (state === 'resting') void this.reconciler.reconcileOnce(record);
      if (record.landingUnknown) void this.reconciler.askAfterNotSent(record);
    }
    this.priming.askAboutOrphans();
  }

  /**
   * Whether a delayed order's release should be over. `eligibleAt` is the exchange's time:
   * compared with our estimate of it, so a skewed local clock neither hides nor invents one.
   */
  private releaseDue(eligibleAt: string | null): boolean {
    if (!eligibleAt) return true;
    const exchangeNow = this.deps.receiveWindow?.serverNow() ?? this.now();
    return Date.parse(eligibleAt) < exchangeNow - 2_000;
  }

  /**
   * Picks up intents whose run gave up for now (the exchange was unreachable while
   * reconciling) and delayed ones whose release went unheard: called on a timer, so
   * nothing waits for the next reconnect to finish.
   */
  resumeStalled(): number {
    let resumed = 0;
    for (const record of this.intents.all()) {
      const { state, clientOrderId } = record.view;
      if ((state === 'sending' || state === 'reconciling') && !this.running.has(clientOrderId)) {
        resumed++;
        void this.run(clientOrderId);
      }
      // A release whose events fell into a socket gap (a reconnect that came before the
      // release does not ask): without this it would wait for the next reconnect, forever.
      if (state === 'delayed' && this.releaseDue(record.view.eligibleAt)) {
        resumed++;
        void this.reconciler.reconcileOnce(record);
      }
      if (record.landingUnknown) {
        resumed++;
        void this.reconciler.askAfterNotSent(record);
      }
    }
    this.priming.askAboutOrphans();
    return resumed;
  }

  /** Order events from the socket, already de-duplicated by `eventId`. */
  handleOrderEvent(event: OrderEvent): void {
    applyOrderEvent(this.intents, event);
  }

  // ── The state machine ─────────────────────────────────────────────────────────

  private async run(id: string): Promise<void> {
    if (this.running.has(id)) return;
    this.running.add(id);
    try {
      let reconcilesThisRun = 0;
      for (;;) {
        const record = this.intents.get(id);
        if (!record || isFinal(record.view.state)) return;
        const state = record.view.state;
        if (state === 'preparing') {
          await this.sign(record);
        } else if (state === 'sending') {
          await this.send(record);
        } else if (state === 'reconciling') {
          if (reconcilesThisRun >= MAX_RECONCILES_PER_RUN) return;
          reconcilesThisRun++;
          const keepGoing = await this.reconciler.reconcile(record, reconcilesThisRun);
          if (!keepGoing) return;
        } else {
          return;
        }
      }
    } finally {
      this.running.delete(id);
    }
  }

  /**
   * Signs the intent's order, with the amounts priced at the press (so a fresh signature
   * after a receive-window refusal keeps the limit computed from what the trader saw), and
   * a receive window that closes at the intent's deadline: a copy of these bytes still on
   * its way after it is refused by the exchange itself.
   */
  private async sign(record: IntentRecord): Promise<void> {
    try {
      const body = await this.signedBody(record);
      if (body === null) {
        // Too late for a new signature: the trader decided too long ago.
        await this.notSent(record);
        return;
      }
      record.body = body;
      record.signatures++;
      record.sends = 0;
      // Straight on to `send`, which journals these bytes and tells the UIs once they left.
      record.view.state = 'sending';
    } catch (error) {
      // Nothing left the extension: a rule, the key or the market said no.
      this.intents.finish(record, 'rejected', toErrorInfo(error));
      await this.intents.save(record);
    }
  }

  /** The intent's order as signed bytes; null when its deadline leaves too little time to sign. */
  private async signedBody(record: IntentRecord): Promise<string | null> {
    const ctx = await this.deps.orderContext(record.view.marketSlug);
    const window = this.deps.receiveWindow;
    const recvWindow = window ? signingWindow(record, this.now(), window.ms) : null;
    if (window ? recvWindow === null : this.now() >= deadlineOf(record)) return null;
    const built = await buildOrderRequest(
      {
        amounts: fromSpec(record.spec),
        outcome: record.view.outcome,
        clientOrderId: record.view.clientOrderId,
        postOnly: record.postOnly,
        ...(window && recvWindow !== null
          ? { recvWindow, timestamp: Math.round(window.serverNow()) }
          : {}),
      },
      ctx,
    );
    return built.json;
  }

  /**
   * Journals the signed bytes, and sends them once the browser has answered that write.
   *
   * Why the answer is waited for: the browser stops a worker when it likes, and Chromium
   * drops the storage calls of a worker it is stopping while that worker's `fetch` still
   * goes out. The fault campaign and a stress of stops with orders in flight (stop-stress)
   * caught it: an order placed at the exchange whose 'sending' record a restarted worker
   * never found, and the same button press, sent again by its panel, placed a second
   * order. With the answer in before the bytes leave, the record a restarted worker reads
   * holds these bytes whenever the stop came after they left: it resends exactly these
   * bytes (the same clientOrderId; a copy that had landed is answered 409 and reconciled)
   * or asks the exchange about them, and never signs a second order. A stop before the
   * answer leaves nothing sent, and the press's retry starts afresh. A write that fails
   * keeps the bytes home: nothing leaves that storage.session does not hold. The cost is
   * the write's round trip on the click's path (one small record, no list beside it).
   * A resend of bytes already journaled does not wait: the record holding them is stored.
   */
  private async send(record: IntentRecord): Promise<void> {
    const body = record.body;
    const id = record.view.clientOrderId;
    // A primed order's click: the journal holds these bytes already (marked primed).
    const { primed, request: made } = this.priming.takeSend(id);
    if (!body) {
      this.intents.transition(record, 'preparing');
      return;
    }
    const fresh = record.sends === 0;
    if (this.now() >= deadlineOf(record)) {
      if (fresh) {
        // These bytes never left: nothing of this signature can be at the exchange.
        await this.notSent(record);
      } else {
        // A resend is a new send, stopped; whether an earlier copy landed is still asked.
        this.intents.transition(record, 'reconciling');
        await this.intents.save(record);
      }
      return;
    }
    record.sends++;
    this.intents.refresh(record);
    // Signed while the write is answered (HMAC, headers): the bytes leave once it is. A
    // primed order's request was made at its pointer-down, and its bytes were journaled
    // then: they leave at once, and this write (no longer primed, sent once) is handed over
    // right after them (its call alone, the browser's copy of the record, costs ~0.5 ms).
    // A worker stopped before it lands leaves the primed record, which a restarted worker
    // asks the exchange about (`Priming.askAboutOrphans`), so a send is never unaccounted for.
    const journaled = primed ? null : this.intents.save(record);
    const client = made?.client ?? this.clientOrNull();
    const prepared = made?.send ?? client?.preparePlaceOrder(body);

    if (fresh && journaled && !(await journaled)) {
      this.intents.finish(record, 'failed', notJournaled);
      await this.intents.save(record);
      return;
    }
    let response: OrderPlacementResponse;
    try {
      // The session as it is now: one locked or replaced during the write refuses or signs anew.
      const now = this.deps.client();
      const placed = now === client && prepared ? prepared() : now.placeOrder(body);
      if (!journaled) void this.intents.save(record);
      // The request has started: the UIs' pushes and alerts come after it, not before.
      this.deps.onChange(record.view);
      response = await placed;
    } catch (error) {
      const info = toErrorInfo(error);
      record.view.error = info;
      switch (info.kind) {
        case 'receive-window':
          if (record.signatures < MAX_SIGNATURES) {
            // The exchange refused these bytes for age (our clock estimate was off): a fresh
            // order, same intent and id, but only before the deadline (`sign` checks it).
            this.intents.transition(record, 'preparing');
          } else {
            this.intents.finish(record, 'rejected', info);
          }
          break;
        case 'trading-mode':
          this.deps.onTradingModeRefused(info);
          this.intents.finish(record, 'rejected', info);
          break;
        case 'conflict':
        case 'network':
        case 'server':
        case 'rate-limited':
        case 'invalid-response':
        case 'unavailable':
        case 'aborted':
          // It may have landed: ask before anything else.
          this.intents.transition(record, 'reconciling');
          break;
        default:
          this.intents.finish(record, 'rejected', this.refusalOf(record, info));
      }
      await this.intents.save(record);
      return;
    }
    this.applyPlacement(record, response);
    await this.intents.save(record);
  }

  /** The signed client, or null while there is none (locked): `send` asks again after the write. */
  private clientOrNull(): ExchangeClient | null {
    try {
      return this.deps.client();
    } catch {
      return null;
    }
  }

  /** Ends an intent none of whose bytes can be at the exchange: its deadline passed first. */
  private async notSent(record: IntentRecord): Promise<void> {
    this.intents.finish(record, 'failed', NOT_SENT_UNREACHABLE);
    await this.intents.save(record);
  }

  /** A post-only order that would have crossed reads as one sentence saying so; others as sent. */
  private refusalOf(record: IntentRecord, info: ClientErrorInfo): ClientErrorInfo {
    if (!record.postOnly || !isCrossingRefusal(info)) return info;
    const quote = this.deps.quote?.(record.view.marketSlug, record.view.outcome) ?? null;
    return { kind: 'unavailable', message: crossingSentence(record.view, quote) };
  }

  private applyPlacement(record: IntentRecord, response: OrderPlacementResponse): void {
    const { order, execution } = response;
    this.intents.linkOrder(record, order.id);
    record.view.eligibleAt = execution.eligibleAt ?? null;
    this.intents.count(record, placementTrade(record.view, record.countedTrades, execution));
    const state = stateFromExecution(
      record.view,
      execution,
      BigInt(record.view.filledContractsRaw),
    );
    if (isFinal(state)) {
      this.intents.finish(
        record,
        state,
        state === 'failed'
          ? { kind: 'rejected', status: 200, message: execution.reason ?? 'settlement failed' }
          : null,
      );
    } else {
      record.view.error = null;
      this.intents.transition(record, state);
    }
  }

  /** Drops every intent, in memory and in the journal (the user forgot the account). */
  forgetAll(): Promise<void> {
    this.priming.clear();
    return this.intents.forgetAll();
  }
}
