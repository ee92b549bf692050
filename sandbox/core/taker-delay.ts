import type { OrderBook } from '../engine/book';
import { HeldOrders } from '../engine/delay';
import type { MatchOutcome, TakerOrder } from '../engine/types';
import type { SandboxClock } from './clock';
import type { Ledger } from './ledger';
import type { MarketRegistry, SandboxMarket } from './markets';
import type { OrderRecord, OrderStore } from './orders';
import { fundingShortfall, releaseReservation, reserveFor } from './reservations';

/** What the taker delay needs of the core: its registries, and the engine path of an order. */
export interface DelayCore {
  readonly clock: SandboxClock;
  readonly markets: MarketRegistry;
  readonly ledger: Ledger;
  readonly orders: OrderStore;
  book(slug: string): OrderBook | undefined;
  /** The engine's view of an order record. */
  takerOf(o: OrderRecord): TakerOrder;
  /** Sends the order's owner one of its OME events. */
  ome(
    o: OrderRecord,
    type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION' | 'EXECUTION',
    extra?: { status?: 'FILLED' | 'PARTIALLY_FILLED' | 'KILLED'; reason?: string | null },
  ): void;
  /** Books what the engine did with a released order: fills, its state, the events. */
  applyOutcome(
    o: OrderRecord,
    market: SandboxMarket,
    outcome: Exclude<MatchOutcome, { kind: 'rejected' }>,
  ): void;
}

/**
 * Orders held back by a market's taker delay (rule 11), each with its timer: funds are
 * reserved while it waits, and at its time it reaches the engine as any fresh order would,
 * its outcome going out as order events (a held order emits nothing before).
 */
export class TakerDelay {
  private readonly held = new HeldOrders<OrderRecord>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly core: DelayCore) {}

  /** Whether a fresh order must wait for the market's taker delay (rule 11). */
  mustDelay(o: OrderRecord, market: SandboxMarket): boolean {
    if (market.takerDelayMs <= 0 || o.postOnly) return false;
    if (o.orderType !== 'GTC') return true;
    return this.core.book(market.slug)?.wouldCross(this.core.takerOf(o)) ?? false;
  }

  /** Reserve what a held order needs, so the funds are there when it is released. */
  hold(o: OrderRecord, market: SandboxMarket): void {
    const eligibleAt = this.core.clock.now() + market.takerDelayMs;
    o.state = 'DELAYED';
    o.settlementStatus = 'DELAYED';
    o.eligibleAt = eligibleAt;
    reserveFor(this.core.ledger, o);
    this.core.orders.accept(o);
    this.held.hold(o, eligibleAt);
    this.releaseAt(o.id, eligibleAt);
  }

  /**
   * The release, once the sandbox's clock has reached `eligibleAt`. Node's timers run on a
   * monotonic clock and can fire a millisecond before the wall clock gets there; released
   * then, the order's events would carry an `occurredAt` before its `eligibleAt`, which
   * rule 11 forbids. Such a timer is set again for what is left.
   */
  private releaseAt(orderId: string, eligibleAt: number): void {
    const timer = setTimeout(
      () => {
        if (this.core.clock.now() < eligibleAt) this.releaseAt(orderId, eligibleAt);
        else this.release(orderId);
      },
      Math.max(0, eligibleAt - this.core.clock.now()),
    );
    timer.unref?.();
    this.timers.set(orderId, timer);
  }

  /** Cancels a held order before its release; false when it is no longer held. */
  cancel(o: OrderRecord, reason: string): boolean {
    const held = this.held.cancel(o.id);
    const timer = this.timers.get(o.id);
    if (timer) clearTimeout(timer);
    this.timers.delete(o.id);
    if (!held) return false;
    o.state = 'CANCELED';
    o.settlementStatus = 'CANCELED';
    o.reason = reason;
    o.eligibleAt = null;
    releaseReservation(this.core.ledger, o);
    // A held order emits nothing before its eligibility, its cancellation included.
    return true;
  }

  /** Stops every release; the orders stay held (readable). */
  stopTimers(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** Forgets every held order (a reset). */
  clear(): void {
    this.stopTimers();
    this.held.clear();
  }

  /** Taker delay over: the order reaches the engine; its outcome goes out as order events. */
  private release(orderId: string): void {
    const { core } = this;
    this.timers.delete(orderId);
    const o = this.held.cancel(orderId);
    if (!o) return;
    const market = core.markets.bySlug(o.marketSlug);
    if (!market) return;
    releaseReservation(core.ledger, o);
    o.eligibleAt = null;
    if (!core.markets.isTradable(market, core.clock.now())) {
      o.state = 'CANCELED';
      o.settlementStatus = 'CANCELED';
      o.reason = 'Market no longer tradable when the taker delay ended';
      core.ome(o, 'PLACEMENT');
      core.ome(o, 'CANCELLATION', { reason: o.reason });
      return;
    }
    const shortfall = fundingShortfall(core.ledger, o);
    if (shortfall) {
      o.state = 'KILLED';
      o.settlementStatus = 'CANCELED';
      o.reason = shortfall;
      core.ome(o, 'PLACEMENT');
      core.ome(o, 'EXECUTION', { status: 'KILLED', reason: shortfall });
      return;
    }
    const outcome = core.book(market.slug)?.execute(core.takerOf(o));
    if (!outcome) return;
    core.ome(o, 'PLACEMENT');
    if (outcome.kind === 'rejected') {
      o.state = 'KILLED';
      o.settlementStatus = 'CANCELED';
      o.reason = outcome.message;
      core.ome(o, 'EXECUTION', { status: 'KILLED', reason: outcome.reason });
      return;
    }
    core.applyOutcome(o, market, outcome);
  }
}
