import { z } from 'zod';
import { type Backoff, backoffCeiling } from '../core/backoff';
import type { ExchangeClient } from '../core/client/exchange-client';
import { type IntentState, isFinal } from '../protocol/intent';
import type { IntentMoves } from './intent-moves';
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
 * same signed bytes are sent again, up to `MAX_SENDS`, and only then is it called not placed.
 */
export class Reconciler {
  constructor(
    private readonly moves: IntentMoves,
    private readonly deps: ReconcileDeps,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  /** One round of a run; returns whether to keep going in this run. */
  async reconcile(record: IntentRecord, round: number): Promise<boolean> {
    const lastKind = record.view.error?.kind;
    let found: IntentState | null;
    try {
      found = await this.statusOf(record);
    } catch {
      await this.sleep(backoffCeiling(round, RECONCILE_BACKOFF));
      return true;
    }
    if (found !== null) {
      await this.moves.save(record);
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
    if (record.sends < MAX_SENDS) {
      await this.sleep(backoffCeiling(record.sends, RESEND_BACKOFF));
      this.moves.transition(record, 'sending');
      await this.moves.save(record);
      return true;
    }
    // An unanswered send may still be on its way: look once more after it can no longer land.
    if (await this.waitOutReceiveWindow(record)) return true;
    this.moves.finish(record, 'failed', {
      kind: 'unavailable',
      message: `The exchange never confirmed this order after ${record.sends} attempts; it was not placed.`,
    });
    await this.moves.save(record);
    return false;
  }

  /** Asks once and journals the answer; a failure leaves it to the next resume. */
  async reconcileOnce(record: IntentRecord): Promise<void> {
    try {
      await this.statusOf(record);
      await this.moves.save(record);
    } catch {
      // Next resume will ask again.
    }
  }

  /** Asks the exchange about one intent and applies the answer; null when it is unknown there. */
  private async statusOf(record: IntentRecord): Promise<IntentState | null> {
    record.reconciles++;
    const statuses = await this.deps
      .client()
      .orderStatuses({ clientOrderIds: [record.view.clientOrderId] });
    const status = statuses.find((s) => s.clientOrderId === record.view.clientOrderId);
    if (!status) return null;
    const state = stateFromStatus(record.view, status);
    if (state === null) return null;
    if (status.orderId) this.moves.linkOrder(record, status.orderId);
    const filled = statusFilled(record.view, BigInt(status.filledSize));
    if (filled) this.moves.setFilled(record, filled);
    if (isFinal(state)) {
      this.moves.finish(
        record,
        state,
        state === 'failed' ? { kind: 'rejected', status: 200, message: 'settlement failed' } : null,
      );
    } else {
      record.view.error = null;
      this.moves.transition(record, state);
    }
    return state;
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
