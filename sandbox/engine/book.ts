import { contractsForBudget, fillCollateral } from '../../lib/core/orders/fills';
import { isBid, toYes, yesPriceOf } from './prices';
import {
  type BookOrder,
  type Fill,
  type FillKind,
  type MatchOutcome,
  type Outcome,
  PRICE_ONE,
  type Side,
  type TakerOrder,
} from './types';

export interface BookLevel {
  /** YES price, thousandths. */
  priceMillis: bigint;
  /** Contracts, raw. */
  size: bigint;
}

interface PlannedFill {
  maker: BookOrder;
  contracts: bigint;
}

interface Plan {
  fills: PlannedFill[];
  ownReached: BookOrder[];
  /** Contracts (or budget) left once the walk ends. */
  left: bigint;
}

const fillKind = (taker: { side: Side; outcome: Outcome }, maker: BookOrder): FillKind => {
  if (taker.outcome === maker.outcome) return 'transfer';
  return taker.side === 'BUY' ? 'mint' : 'merge';
};

/**
 * One market's order book in YES terms, with price-time priority. A BUY NO at q rests as
 * an ask at 1 − q, a SELL NO at q as a bid at 1 − q, so both outcomes share one book and
 * a YES buyer can meet a NO buyer (mint) or a YES seller a NO seller (merge).
 */
export class OrderBook {
  /** YES-terms bids, best (highest) first, then oldest first. */
  private readonly bids: BookOrder[] = [];
  /** YES-terms asks, best (lowest) first, then oldest first. */
  private readonly asks: BookOrder[] = [];
  private seq = 0;

  /** Puts an order on the book (no matching: callers use `execute` for that). */
  add(order: Omit<BookOrder, 'seq'>): BookOrder {
    const resting: BookOrder = { ...order, seq: this.seq++ };
    const bid = isBid(order.side, order.outcome);
    const list = bid ? this.bids : this.asks;
    const price = yesPriceOf(resting);
    const before = (o: BookOrder) => (bid ? yesPriceOf(o) < price : yesPriceOf(o) > price);
    const at = list.findIndex(before);
    if (at === -1) list.push(resting);
    else list.splice(at, 0, resting);
    return resting;
  }

  get(id: string): BookOrder | undefined {
    return this.bids.find((o) => o.id === id) ?? this.asks.find((o) => o.id === id);
  }

  remove(id: string): BookOrder | undefined {
    for (const list of [this.bids, this.asks]) {
      const at = list.findIndex((o) => o.id === id);
      if (at !== -1) return list.splice(at, 1)[0];
    }
    return undefined;
  }

  orders(): BookOrder[] {
    return [...this.bids, ...this.asks];
  }

  ordersOf(ownerId: number): BookOrder[] {
    return this.orders().filter((o) => o.ownerId === ownerId);
  }

  /** Aggregated levels in YES terms: bids descending, asks ascending. */
  levels(): { bids: BookLevel[]; asks: BookLevel[] } {
    const aggregate = (list: BookOrder[]) => {
      const levels: BookLevel[] = [];
      for (const o of list) {
        const price = yesPriceOf(o);
        const last = levels[levels.length - 1];
        if (last && last.priceMillis === price) last.size += o.remaining;
        else levels.push({ priceMillis: price, size: o.remaining });
      }
      return levels;
    };
    return { bids: aggregate(this.bids), asks: aggregate(this.asks) };
  }

  bestBid(): bigint | null {
    const top = this.bids[0];
    return top ? yesPriceOf(top) : null;
  }

  bestAsk(): bigint | null {
    const top = this.asks[0];
    return top ? yesPriceOf(top) : null;
  }

  /** Midpoint in YES thousandths (rounded down to the grid), or null when one side is empty. */
  midpoint(): bigint | null {
    const bid = this.bestBid();
    const ask = this.bestAsk();
    if (bid === null || ask === null) return null;
    return (bid + ask) / 2n;
  }

  /** The resting orders a taker would meet, best first. */
  private opposite(taker: Pick<TakerOrder, 'side' | 'outcome'>): BookOrder[] {
    return isBid(taker.side, taker.outcome) ? this.asks : this.bids;
  }

  /** Whether the resting order is within the taker's limit (always, for a FOK). */
  private withinLimit(taker: TakerOrder, maker: BookOrder): boolean {
    if (taker.limitMillis === null) return true;
    const limitYes = toYes(taker.outcome, taker.limitMillis);
    const makerYes = yesPriceOf(maker);
    return isBid(taker.side, taker.outcome) ? makerYes <= limitYes : makerYes >= limitYes;
  }

  /** The taker's own-terms price when it meets this maker. */
  private takerPrice(taker: Pick<TakerOrder, 'outcome'>, maker: BookOrder): bigint {
    const yes = yesPriceOf(maker);
    return taker.outcome === 'YES' ? yes : PRICE_ONE - yes;
  }

  /** Whether the order would trade against anything (any owner) right now. */
  wouldCross(taker: TakerOrder): boolean {
    const top = this.opposite(taker)[0];
    return top !== undefined && this.withinLimit(taker, top);
  }

  /**
   * Walks the opposite side without changing anything. Own orders are skipped under
   * `cancel_maker` (they will be cancelled) and stop the walk otherwise.
   */
  private plan(taker: TakerOrder): Plan & { conflict: BookOrder | null } {
    const fills: PlannedFill[] = [];
    const ownReached: BookOrder[] = [];
    const budgetMode = 'budget' in taker.size;
    let left = 'budget' in taker.size ? taker.size.budget : taker.size.contracts;
    for (const maker of this.opposite(taker)) {
      if (left <= 0n || !this.withinLimit(taker, maker)) break;
      if (maker.ownerId === taker.ownerId) {
        if (taker.stpPolicy !== 'cancel_maker') return { fills, ownReached, left, conflict: maker };
        ownReached.push(maker);
        continue;
      }
      const price = this.takerPrice(taker, maker);
      const contracts = budgetMode
        ? minBig(maker.remaining, contractsForBudget(left, price))
        : minBig(maker.remaining, left);
      if (contracts <= 0n) break;
      fills.push({ maker, contracts });
      left -= budgetMode ? fillCollateral(price, contracts, taker.side, 'taker') : contracts;
    }
    return { fills, ownReached, left, conflict: null };
  }

  /**
   * Matches an incoming order: price-time priority, fills at the resting maker's price,
   * never past the taker's limit. FOK is all or nothing (nothing changes when it cannot
   * fill); postOnly is refused if it would trade; STP as `taker.stpPolicy` says.
   */
  execute(taker: TakerOrder): MatchOutcome {
    if (taker.postOnly && this.wouldCross(taker)) {
      return {
        kind: 'rejected',
        reason: 'POST_ONLY_WOULD_MATCH',
        message: 'Post-only order would match immediately; it was not placed',
      };
    }
    const plan = this.plan(taker);
    if (plan.conflict) {
      const canceledMakers: BookOrder[] = [];
      if (taker.stpPolicy === 'cancel_both') {
        const removed = this.remove(plan.conflict.id);
        if (removed) canceledMakers.push(removed);
      }
      return { kind: 'stp-rejected', reason: 'STP_TAKER_REJECTED', canceledMakers };
    }
    if (taker.orderType === 'FOK' && plan.left > 0n) {
      return {
        kind: 'rejected',
        reason: 'FOK_NOT_FILLABLE',
        message: 'Fill-or-kill order could not be filled in full by the book; nothing was executed',
      };
    }
    if (taker.orderType !== 'GTC' && plan.fills.length === 0 && plan.ownReached.length === 0) {
      return {
        kind: 'rejected',
        reason: 'NO_LIQUIDITY',
        message: `${taker.orderType} order found no liquidity within its limit; nothing was executed`,
      };
    }

    const stpCanceled: BookOrder[] = [];
    for (const own of plan.ownReached) {
      const removed = this.remove(own.id);
      if (removed) stpCanceled.push(removed);
    }
    const fills: Fill[] = [];
    let filledContracts = 0n;
    let takerCollateral = 0n;
    for (const { maker, contracts } of plan.fills) {
      const takerPriceMillis = this.takerPrice(taker, maker);
      const fill: Fill = {
        maker,
        contracts,
        kind: fillKind(taker, maker),
        yesPriceMillis: yesPriceOf(maker),
        takerPriceMillis,
        makerPriceMillis: maker.priceMillis,
        takerCollateral: fillCollateral(takerPriceMillis, contracts, taker.side, 'taker'),
        makerCollateral: fillCollateral(maker.priceMillis, contracts, maker.side, 'maker'),
        makerRemaining: maker.remaining - contracts,
      };
      maker.remaining -= contracts;
      if (maker.remaining === 0n) this.remove(maker.id);
      fills.push(fill);
      filledContracts += contracts;
      takerCollateral += fill.takerCollateral;
    }

    let rested: BookOrder | null = null;
    let killed = 0n;
    if (plan.left > 0n) {
      if (taker.orderType === 'GTC' && taker.limitMillis !== null) {
        rested = this.add({
          id: taker.id,
          ownerId: taker.ownerId,
          side: taker.side,
          outcome: taker.outcome,
          priceMillis: taker.limitMillis,
          remaining: plan.left,
        });
      } else {
        killed = plan.left;
      }
    }
    return {
      kind: 'executed',
      fills,
      stpCanceled,
      rested,
      killed,
      filledContracts,
      takerCollateral,
    };
  }
}

const minBig = (a: bigint, b: bigint): bigint => (a < b ? a : b);
