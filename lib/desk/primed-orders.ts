import type { OrderPlacementResponse } from '../core/api/orders';
import type { ExchangeClient } from '../core/client/exchange-client';
import type { IntentRecord } from './journal';

/**
 * How long a primed order waits for its click. A person's press holds the button down for
 * 60–300 ms; a press held longer than this is signed afresh at its click, as it was before.
 */
export const PRIME_TTL_MS = 2_000;
/** Primed orders waiting at once: a bound on what presses without clicks can hold. */
export const MAX_PRIMED = 4;

/** An order signed and journaled at a button's pointer-down, waiting for that press's click. */
export interface PrimedOrder {
  pressId: string;
  /** Signed (`body`), `sending`, never sent: `primed` in the journal until its click. */
  record: IntentRecord;
  /** Whether the journal holds the record: only then may its click send its bytes at once. */
  journaled: Promise<boolean>;
  /** Its request, HMAC and headers made while the write was answered, and whose session. */
  request: { client: ExchangeClient; send: () => Promise<OrderPlacementResponse> } | null;
}

interface Waiting {
  /** The priming under way or done; null when it made nothing (refused, failed to sign). */
  order: Promise<PrimedOrder | null>;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The primed orders of this worker, by press, each waiting up to `PRIME_TTL_MS` for its
 * click; and the ones a stopped worker left in the journal (orphans), whose clicks may or may
 * not have sent them. A primed order is taken once: by its click, or by its expiry, which
 * removes it from the journal (this worker never sent it, so nothing can be at the exchange).
 * An orphan is never expired: it leaves only by its press's retry, or once the exchange has
 * been asked about it (`Priming.askAboutOrphans`).
 */
export class PrimedOrders {
  private readonly waiting = new Map<string, Waiting>();
  private readonly orphans = new Map<string, PrimedOrder>();

  /** `forget` removes records that never became intents from the journal. */
  constructor(private readonly forget: (clientOrderIds: string[]) => void) {}

  /** Whether a press has a primed order (waiting, or being made). */
  has(pressId: string): boolean {
    return this.waiting.has(pressId) || this.orphanOf(pressId) !== null;
  }

  /** A priming under way for `pressId`: its click waits for it rather than signing a second order. */
  add(pressId: string, order: Promise<PrimedOrder | null>): void {
    if (this.waiting.size >= MAX_PRIMED) {
      const oldest = this.waiting.keys().next().value;
      if (oldest !== undefined) this.expire(oldest);
    }
    const timer = setTimeout(() => this.expire(pressId), PRIME_TTL_MS);
    this.waiting.set(pressId, { order, timer });
  }

  /** The press's primed order, for its click: taken, so it is used at most once. */
  take(pressId: string): Promise<PrimedOrder | null> {
    const waiting = this.waiting.get(pressId);
    if (!waiting) return Promise.resolve(null);
    this.waiting.delete(pressId);
    clearTimeout(waiting.timer);
    return waiting.order;
  }

  /** A primed order its click did not use (the book moved, its write failed): out of the journal. */
  discard(order: PrimedOrder): void {
    this.forget([order.record.view.clientOrderId]);
  }

  /** A primed record found in the journal at a worker's start. */
  restoreOrphan(record: IntentRecord): void {
    if (!record.pressId) return;
    this.orphans.set(record.view.clientOrderId, {
      pressId: record.pressId,
      record,
      journaled: Promise.resolve(true),
      request: null,
    });
  }

  /** The orphan of a press being retried: taken, it is that press's intent now. */
  takeOrphan(pressId: string): PrimedOrder | null {
    const orphan = this.orphanOf(pressId);
    if (orphan) this.orphans.delete(orphan.record.view.clientOrderId);
    return orphan;
  }

  /** Orphans not taken yet. */
  orphansLeft(): PrimedOrder[] {
    return [...this.orphans.values()];
  }

  /** An orphan settled by asking the exchange: out of this list (the caller says where it goes). */
  settleOrphan(order: PrimedOrder): boolean {
    return this.orphans.delete(order.record.view.clientOrderId);
  }

  /** Drops every primed order, here and in the journal (the user forgot the account). */
  clear(): void {
    for (const pressId of [...this.waiting.keys()]) this.expire(pressId);
    this.forget([...this.orphans.keys()]);
    this.orphans.clear();
  }

  private orphanOf(pressId: string): PrimedOrder | null {
    for (const orphan of this.orphans.values()) if (orphan.pressId === pressId) return orphan;
    return null;
  }

  private expire(pressId: string): void {
    const waiting = this.waiting.get(pressId);
    if (!waiting) return;
    this.waiting.delete(pressId);
    clearTimeout(waiting.timer);
    void waiting.order.then((order) => {
      if (order) this.discard(order);
    });
  }
}
