import type { ExchangeClient } from '../core/client/exchange-client';
import type { IntentStore, PlaceSpec } from './intent-store';
import { type IntentRecord, toSpec } from './journal';
import { type PrimedOrder, PrimedOrders } from './primed-orders';
import type { Reconciler } from './reconcile';

/** What priming needs of the desk: its intents, its signing, its state machine. */
export interface PrimingDeps {
  intents: IntentStore;
  reconciler: Reconciler;
  /** The record's order as signed bytes; null when its deadline leaves too little time. */
  signedBody(record: IntentRecord): Promise<string | null>;
  /** The signed client, or null while there is none (locked). */
  client(): ExchangeClient | null;
  /** Runs an intent's state machine (`OrderDesk.run`). */
  run(clientOrderId: string): void;
  now(): number;
  newId(): string;
}

/**
 * The desk's way with a press's pointer-down (`OrderDesk.prime`): the order its click would
 * make, signed and journaled ahead (`primed-orders.ts` keeps them, by press), taken by the
 * click when it asks for that same order; and the primed records a stopped worker left
 * (orphans), never sent without the exchange being asked first.
 */
export class Priming {
  private readonly primes: PrimedOrders;
  /**
   * Clicks of primed orders, by client order id, for their first `send`: their bytes are
   * journaled already, and their request (if any) was made while that write was answered.
   */
  private readonly sends = new Map<string, PrimedOrder['request']>();
  private readonly askingOrphans = new Set<string>();

  constructor(private readonly deps: PrimingDeps) {
    this.primes = new PrimedOrders((ids) => void deps.intents.forgetAside(ids));
  }

  /** The primed records of a stopped worker, from the journal at start: orphans now. */
  restore(records: readonly IntentRecord[]): void {
    for (const record of records) if (record.primed === true) this.primes.restoreOrphan(record);
  }

  /** Whether a press has a primed order (waiting, being made, or an orphan). */
  has(pressId: string): boolean {
    return this.primes.has(pressId);
  }

  /** Signs and journals the order a press's click would make, for that click to take. */
  prime(pressId: string, spec: PlaceSpec): void {
    this.primes.add(pressId, this.ready(pressId, spec));
  }

  /** The press's primed order, for its click (null: none was made or it expired). */
  take(pressId: string): Promise<PrimedOrder | null> {
    return this.primes.take(pressId);
  }

  /** A press retried after a restart: the primed order its click may have sent, if any. */
  takeOrphan(pressId: string): PrimedOrder | null {
    return this.primes.takeOrphan(pressId);
  }

  /** A primed order its click will not use (refused at the click): out of the journal. */
  discard(primed: PrimedOrder): void {
    this.primes.discard(primed);
  }

  /**
   * Whether the click's order is the one primed at its pointer-down (the same market,
   * outcome and amounts, priced again from the book at the click) and journaled: then that
   * record becomes the intent, and its bytes leave without a second write waited for.
   * Otherwise the primed order is dropped and the click signs its own, as without priming.
   */
  async commit(primed: PrimedOrder, spec: PlaceSpec): Promise<boolean> {
    const record = primed.record;
    const same =
      record.view.marketSlug === spec.marketSlug &&
      record.view.outcome === spec.outcome &&
      record.postOnly === (spec.postOnly === true) &&
      JSON.stringify(record.spec) === JSON.stringify(toSpec(spec.amounts));
    if (!same || !(await primed.journaled)) {
      this.primes.discard(primed);
      return false;
    }
    record.primed = false;
    record.view.marketTitle = spec.marketTitle;
    record.view.createdAt = this.deps.now();
    this.deps.intents.adopt(record);
    this.sends.set(record.view.clientOrderId, primed.request);
    return true;
  }

  /**
   * For an intent's `send`: whether it is a committed primed order's first send (its bytes
   * journaled at the pointer-down), and the request made for it then. Asked once.
   */
  takeSend(clientOrderId: string): {
    primed: boolean;
    request: PrimedOrder['request'];
  } {
    const primed = this.sends.has(clientOrderId);
    const request = this.sends.get(clientOrderId) ?? null;
    this.sends.delete(clientOrderId);
    return { primed, request };
  }

  /**
   * An orphan (a primed record a stopped worker left) that was, or may have been, sent:
   * an intent from now on, asked about before anything is sent again.
   */
  adoptOrphan(orphan: PrimedOrder): IntentRecord {
    const { intents } = this.deps;
    const record = orphan.record;
    record.primed = false;
    record.sends = Math.max(record.sends, 1);
    intents.adopt(record);
    intents.transition(record, 'reconciling');
    void intents.save(record);
    return record;
  }

  /**
   * Asks the exchange about each orphan once no copy of its bytes can land any more: found
   * there, its click did send it, and it is reported as what it is; unknown there, it was
   * never sent (a press not clicked, or a click the stop cut short) and is dropped without
   * a word. One the exchange cannot be asked about now is asked at the next check.
   */
  askAboutOrphans(): void {
    for (const orphan of this.primes.orphansLeft()) {
      const id = orphan.record.view.clientOrderId;
      if (this.askingOrphans.has(id) || !this.deps.reconciler.cannotLand(orphan.record)) continue;
      this.askingOrphans.add(id);
      void this.askAboutOrphan(orphan).finally(() => this.askingOrphans.delete(id));
    }
  }

  /** Drops every primed order, here and in the journal (the user forgot the account). */
  clear(): void {
    this.primes.clear();
  }

  /** Signs the order a press would make and hands it to the journal, marked primed. */
  private async ready(pressId: string, spec: PlaceSpec): Promise<PrimedOrder | null> {
    const { intents } = this.deps;
    const record = intents.draft(spec, this.deps.newId());
    try {
      const body = await this.deps.signedBody(record);
      if (body === null) return null;
      record.body = body;
      record.signatures = 1;
      record.primed = true;
      record.view.state = 'sending';
      intents.refresh(record);
    } catch {
      return null;
    }
    const journaled = intents.journalAside(record);
    const client = this.deps.client();
    const request = client ? { client, send: client.preparePlaceOrder(record.body) } : null;
    return { pressId, record, journaled, request };
  }

  private async askAboutOrphan(orphan: PrimedOrder): Promise<void> {
    const id = orphan.record.view.clientOrderId;
    let found: boolean;
    try {
      found = await this.deps.reconciler.known(orphan.record);
    } catch {
      return;
    }
    // Taken meanwhile by its press's retry: that placement settles it.
    if (!this.primes.settleOrphan(orphan)) return;
    if (!found) {
      await this.deps.intents.forgetAside([id]);
      return;
    }
    this.adoptOrphan(orphan);
    this.deps.run(id);
  }
}
