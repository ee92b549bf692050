import { z } from 'zod';
import type { OrderStatus } from '../core/api/orders';
import { type Backoff, backoffCeiling } from '../core/backoff';
import type { ExchangeClient } from '../core/client/exchange-client';
import { type IntentState, isFinal } from '../protocol/intent';
import { deadlineOf, NOT_SENT_UNREACHABLE } from './intent-deadline';
import type { IntentStore } from './intent-store';
import type { IntentRecord } from './journal';
import { stateFromStatus, statusFilled } from './outcome';

/** Sends of the same signed bytes before giving up on an order the exchange never saw. */
const MAX_SENDS = 3;
/** Allowance for our estimate of the exchange's clock when waiting out a receive window. */
const WINDOW_MARGIN_MS = 1_000;

const SignedWindow = z.object({ timestamp: z.number(), recvWindow: z.number() });

/** Between status checks of an order whose outcome is not known yet. */
const RECONCILE_BACKOFF: Backoff = { baseMs: 250, maxMs: 8_000 };
/** Between resends of the same signed bytes after a transient failure. */
const RESEND_BACKOFF: Backoff = { baseMs: 200, maxMs: 4_000 };

/** What asking the exchange needs of the desk's dependencies. */
export interface ReconcileDeps {
  /** The signed client; throws an `unavailable` ExchangeError while locked. */
  client(): ExchangeClient;
  /** The receive window orders are signed with, in the exchange's time (see `DeskDeps`). */
  receiveWindow?: { ms: number; serverNow: () => number };
}

/**
 * Settles an intent whose send went unanswered or conflicted by asking the exchange
 * (`/orders/status/batch`): found there, it takes the exchange's state; unknown there, its
 * same signed bytes are sent again, up to `MAX_SENDS` and only before the intent's deadline,
 * and only then is it called not placed. Past the deadline, an intent the exchange never
 * took ends "not sent" once no copy of its bytes can land any more, even while the exchange
 * cannot be asked; it is then asked again later (`askAfterNotSent`).
 */
export class Reconciler {
  constructor(
    private readonly intents: IntentStore,
    private readonly deps: ReconcileDeps,
    private readonly sleep: (ms: number) => Promise<void>,
    private readonly now: () => number,
  ) {}

  /** One round of a run; returns whether to keep going in this run. */
  async reconcile(record: IntentRecord, round: number): Promise<boolean> {
    const lastKind = record.view.error?.kind;
    const pastDeadline = this.now() >= deadlineOf(record);
    // Taken by the exchange (an order id, or a 409 for its clientOrderId): never "not sent".
    const taken = record.view.orderId !== null || lastKind === 'conflict';
    let found: IntentState | null;
    try {
      found = await this.statusOf(record);
    } catch {
      const landable = this.windowOpenFor(record);
      if (pastDeadline && !taken && landable <= 0) {
        // The exchange cannot be asked, and no copy can land any more: the trader is told
        // now, and the exchange is asked again when it answers.
        record.landingUnknown = true;
        this.intents.finish(record, 'failed', NOT_SENT_UNREACHABLE);
        await this.intents.save(record);
        return false;
      }
      // Not past the moment the intent can be settled, so that the trader hears at it.
      const until = taken ? Number.POSITIVE_INFINITY : this.untilSettleable(record, landable);
      await this.sleep(Math.max(1, Math.min(backoffCeiling(round, RECONCILE_BACKOFF), until)));
      return true;
    }
    if (found !== null) {
      await this.intents.save(record);
      // Known to the exchange in a state we cannot read yet: ask again, not at once.
      if (found === 'reconciling') await this.sleep(backoffCeiling(round, RECONCILE_BACKOFF));
      return true;
    }
    // The exchange does not know this clientOrderId.
    if (lastKind === 'conflict') {
      // "Being processed": look again, never send a second order.
      await this.sleep(backoffCeiling(round, RECONCILE_BACKOFF));
      return true;
    }
    if (record.sends < MAX_SENDS && !pastDeadline) {
      await this.sleep(backoffCeiling(record.sends, RESEND_BACKOFF));
      // Past the deadline by now, `OrderDesk.send` stops the resend and asks again instead.
      this.intents.transition(record, 'sending');
      await this.intents.save(record);
      return true;
    }
    // An unanswered send may still be on its way: look once more after it can no longer land.
    if (await this.waitOutReceiveWindow(record)) return true;
    record.landingUnknown = false;
    this.intents.finish(
      record,
      'failed',
      pastDeadline
        ? NOT_SENT_UNREACHABLE
        : {
            kind: 'unavailable',
            message: `The exchange never confirmed this order after ${record.sends} attempts; it was not placed.`,
          },
    );
    await this.intents.save(record);
    return false;
  }

  /**
   * Asks about an intent that ended "not sent" while the exchange could not be asked: an
   * order found there takes the exchange's state (the trader is told what it is); one the
   * exchange does not know stays "not sent", now for certain.
   */
  async askAfterNotSent(record: IntentRecord): Promise<void> {
    try {
      await this.statusOf(record);
    } catch {
      return; // Asked again at the next resume.
    }
    record.landingUnknown = false;
    await this.intents.save(record);
  }

  /** Asks once and journals the answer; a failure leaves it to the next resume. */
  async reconcileOnce(record: IntentRecord): Promise<void> {
    try {
      await this.statusOf(record);
      await this.intents.save(record);
    } catch {
      // Next resume will ask again.
    }
  }

  /**
   * Whether the exchange knows the record's order (UNKNOWN, its word for an id it never
   * took, is not); throws when it cannot be asked. Applies nothing.
   */
  async known(record: IntentRecord): Promise<boolean> {
    const status = await this.askedStatus(record);
    return status !== null && stateFromStatus(record.view, status) !== null;
  }

  /** The exchange's status of the record's client order id, if it answered with one. */
  private async askedStatus(record: IntentRecord): Promise<OrderStatus | null> {
    const id = record.view.clientOrderId;
    const statuses = await this.deps.client().orderStatuses({ clientOrderIds: [id] });
    return statuses.find((s) => s.clientOrderId === id) ?? null;
  }

  /** Asks the exchange about one intent and applies the answer; null when it is unknown there. */
  private async statusOf(record: IntentRecord): Promise<IntentState | null> {
    record.reconciles++;
    const status = await this.askedStatus(record);
    if (!status) return null;
    const state = stateFromStatus(record.view, status);
    if (state === null) return null;
    if (status.orderId) this.intents.linkOrder(record, status.orderId);
    const filled = statusFilled(record.view, BigInt(status.filledSize));
    if (filled) this.intents.setFilled(record, filled);
    if (isFinal(state)) {
      this.intents.finish(
        record,
        state,
        state === 'failed' ? { kind: 'rejected', status: 200, message: 'settlement failed' } : null,
      );
    } else {
      record.view.error = null;
      this.intents.transition(record, state);
    }
    return state;
  }

  /** Whether no copy of the record's bytes can be placed any more: its deadline and window passed. */
  cannotLand(record: IntentRecord): boolean {
    return this.now() >= deadlineOf(record) && this.windowOpenFor(record) === 0;
  }

  /**
   * How long (ms) a copy of the last signed bytes could still be placed; 0 when none can,
   * or when the bytes carry no window to tell (nothing more can be learnt by waiting).
   */
  private windowOpenFor(record: IntentRecord): number {
    const window = this.deps.receiveWindow;
    const signed = record.body ? SignedWindow.safeParse(JSON.parse(record.body)) : null;
    if (!window || !signed?.success) return 0;
    const closesAt = signed.data.timestamp + signed.data.recvWindow + WINDOW_MARGIN_MS;
    return Math.max(0, closesAt - window.serverNow());
  }

  /** Until both the deadline and the last bytes' window have passed. */
  private untilSettleable(record: IntentRecord, landable: number): number {
    return Math.max(deadlineOf(record) - this.now(), landable);
  }

  /** Waits until no copy of the last signed bytes can be placed; false if there was nothing to wait for. */
  private async waitOutReceiveWindow(record: IntentRecord): Promise<boolean> {
    const window = this.deps.receiveWindow;
    const signed = record.body ? SignedWindow.safeParse(JSON.parse(record.body)) : null;
    if (!window || !signed?.success) return false;
    const closesAt = signed.data.timestamp + signed.data.recvWindow + WINDOW_MARGIN_MS;
    if (window.serverNow() >= closesAt) return false;
    for (let i = 0; i < 100 && window.serverNow() < closesAt; i++) {
      await this.sleep(closesAt - window.serverNow());
    }
    return true;
  }
}
