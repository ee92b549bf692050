import type { Outcome } from '../core/api/primitives';
import type { ClientErrorInfo } from '../core/client/errors';
import type { AmountIntent } from '../core/orders/amounts';
import { type IntentState, type IntentView, isFinal } from '../protocol/intent';
import { INTENT_DEADLINE_MS } from './intent-deadline';
import { IntentIndex } from './intent-index';
import { type IntentRecord, type JournalStore, toSpec } from './journal';
import { type CountedTrade, type Filled, summarize } from './outcome';

/** What a UI asks the desk to place: the intent, before it has an id or a signature. */
export interface PlaceSpec {
  marketSlug: string;
  marketTitle: string | null;
  outcome: Outcome;
  amounts: AmountIntent;
  /** Collateral at stake, for the caps and the confirmation threshold. */
  notionalRaw: bigint;
  confirmed: boolean;
  postOnly?: boolean;
  /** One per button press: a repeat returns the first intent instead of a second order. */
  pressId?: string | null;
  /**
   * When the trader decided: the background's receipt of the press message (the sender's
   * own clock is not to be trusted across contexts, and the receipt is within ms of it).
   * The intent's deadline counts from here; absent, from the moment the desk takes it.
   */
  decidedAt?: number;
}

/**
 * The desk's intents: each one's record, found through the index (`intent-index.ts`) and
 * written through to the journal; the moves of the order state machine over them and whom
 * each move tells (the UIs through `onChange`, the callers waiting for an intent's first
 * outcome, and, on `save`, the journal). Every part of the desk (a click's run, the
 * reconciler, the socket's order events) changes an intent through here and nowhere else.
 */
export class IntentStore {
  private readonly index: IntentIndex;
  /** Callers waiting for an intent's first outcome, each also woken by its own time limit. */
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(
    private readonly journal: JournalStore,
    private readonly now: () => number,
    private readonly onChange: (view: IntentView) => void,
  ) {
    this.index = new IntentIndex(journal);
  }

  // ── Records ───────────────────────────────────────────────────────────────────

  /** What the journal holds, indexed. */
  load(): Promise<IntentRecord[]> {
    return this.index.load();
  }

  /** A new intent, `preparing`: nothing signed, nothing journaled yet. */
  create(spec: PlaceSpec, clientOrderId: string): IntentRecord {
    const record = this.draft(spec, clientOrderId);
    this.index.add(record);
    return record;
  }

  /** A record for `spec`, `preparing`, known to nobody yet (a primed order's, until its click). */
  draft(spec: PlaceSpec, clientOrderId: string): IntentRecord {
    const at = this.now();
    const amounts = spec.amounts;
    const record: IntentRecord = {
      view: {
        clientOrderId,
        marketSlug: spec.marketSlug,
        marketTitle: spec.marketTitle,
        outcome: spec.outcome,
        side: amounts.side,
        orderType: amounts.orderType,
        price: amounts.orderType === 'FOK' ? null : Number(String(amounts.price)),
        requestedRaw: (amounts.orderType === 'FOK' && amounts.side === 'BUY'
          ? amounts.spend
          : amounts.contracts
        ).toString(),
        state: 'preparing',
        orderId: null,
        filledContractsRaw: '0',
        filledCollateralRaw: '0',
        eligibleAt: null,
        error: null,
        summary: 'preparing',
        createdAt: at,
        updatedAt: at,
      },
      pressId: spec.pressId ?? null,
      spec: toSpec(amounts),
      postOnly: spec.postOnly === true,
      body: null,
      sends: 0,
      signatures: 0,
      reconciles: 0,
      countedTrades: [],
      deadline: (spec.decidedAt ?? at) + INTENT_DEADLINE_MS,
    };
    return record;
  }

  /** A drafted record becomes an intent: found, shown and written through from now on. */
  adopt(record: IntentRecord): void {
    this.index.add(record);
  }

  /**
   * Journals a record that is not an intent (a primed order) as it is now; resolves to
   * whether it was stored. Its later writes, once adopted, go through `save`.
   */
  journalAside(record: IntentRecord): Promise<boolean> {
    try {
      return this.journal.put(record).then(
        () => true,
        () => false,
      );
    } catch {
      return Promise.resolve(false);
    }
  }

  /** Removes records that never became intents from the journal. */
  forgetAside(clientOrderIds: string[]): Promise<void> {
    return this.journal.remove(clientOrderIds).catch(() => undefined);
  }

  get(clientOrderId: string): IntentRecord | undefined {
    return this.index.get(clientOrderId);
  }

  /** The intent a button press made, if that press was seen already. */
  ofPress(pressId: string): IntentRecord | undefined {
    return this.index.ofPress(pressId);
  }

  hasOrder(orderId: string): boolean {
    return this.index.hasOrder(orderId);
  }

  /** By client order id first (ours), else by the exchange's order id. */
  find(clientOrderId: string | null, orderId: string | null): IntentRecord | undefined {
    return this.index.find(clientOrderId, orderId);
  }

  all(): IterableIterator<IntentRecord> {
    return this.index.all();
  }

  linkOrder(record: IntentRecord, orderId: string): void {
    this.index.linkOrder(record, orderId);
  }

  /** Hands the record's write to the journal now; resolves to whether it was stored. */
  save(record: IntentRecord): Promise<boolean> {
    return this.index.save(record);
  }

  /** Resolves once every write asked for so far has been made (or failed). */
  flushed(): Promise<void> {
    return this.index.flushed();
  }

  /** Drops every intent, in memory and in the journal (the user forgot the account). */
  forgetAll(): Promise<void> {
    return this.index.forgetAll();
  }

  // ── Moves ─────────────────────────────────────────────────────────────────────

  setFilled(record: IntentRecord, filled: Filled): void {
    record.view.filledContractsRaw = filled.contractsRaw.toString();
    record.view.filledCollateralRaw = filled.collateralRaw.toString();
    record.view.filledFeeRaw = filled.feeRaw.toString();
    record.view.feeBps = filled.feeBps;
  }

  /** Adds a trade not counted yet (or the fee an answer reports) to the intent's filled totals. */
  count(record: IntentRecord, trade: CountedTrade | null): void {
    if (!trade) return;
    if (trade.tradeEventId !== null) record.countedTrades.push(trade.tradeEventId);
    this.setFilled(record, trade.filled);
  }

  /** The view's time and summary for its current state (what is journaled with it). */
  refresh(record: IntentRecord): void {
    record.view.updatedAt = this.now();
    record.view.summary = summarize(record.view);
  }

  /** Tells the UIs of a change that keeps the state. */
  touch(record: IntentRecord): void {
    this.refresh(record);
    this.onChange(record.view);
  }

  transition(record: IntentRecord, state: IntentState): void {
    record.view.state = state;
    this.touch(record);
    if (state !== 'preparing' && state !== 'sending' && state !== 'reconciling')
      this.wake(record.view.clientOrderId);
  }

  finish(record: IntentRecord, state: IntentState, error: ClientErrorInfo | null): void {
    record.view.state = state;
    record.view.error = error;
    record.body = isFinal(state) ? null : record.body;
    this.touch(record);
    this.wake(record.view.clientOrderId);
  }

  // ── Waiting for an outcome ────────────────────────────────────────────────────

  /**
   * Resolves when the intent reaches its first outcome (a final state, or one that waits
   * on the exchange), or after `waitMs`, whichever comes first.
   */
  waitForOutcome(clientOrderId: string, waitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, waitMs);
      let set = this.waiting.get(clientOrderId);
      if (!set) {
        set = new Set();
        this.waiting.set(clientOrderId, set);
      }
      const waiters = set;
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
    });
  }

  private wake(clientOrderId: string): void {
    for (const done of this.waiting.get(clientOrderId) ?? []) done();
    this.waiting.delete(clientOrderId);
  }
}
