import type { PositionsEvent } from '../core/api/events';
import type { UserOrder } from '../core/api/orders';
import type { ClobPosition, Positions } from '../core/api/portfolio';
import type { Outcome } from '../core/api/primitives';
import type { ClientErrorInfo } from '../core/client/errors';
import type { PortfolioView } from '../protocol/views';
import { type AmmHoldings, ammHoldings } from './amm-holdings';

/** Every CLOB position, standalone or inside a group, with the slug of its market. */
export function clobEntries(positions: Positions): ClobPosition[] {
  return [...positions.clob, ...positions.group.flatMap((g) => g.positions)];
}

/**
 * The user's positions: the REST snapshot, patched in place by `positions` events
 * between refreshes (the REST answer stays the source of truth).
 */
export class PortfolioTracker {
  view: PortfolioView = { positions: null, fetchedAt: null, error: null };

  set(positions: Positions, at: number): void {
    this.view = { positions, fetchedAt: at, error: null };
  }

  fail(error: ClientErrorInfo): void {
    this.view = { ...this.view, error };
  }

  clear(): void {
    this.view = { positions: null, fetchedAt: null, error: null };
  }

  entry(marketSlug: string): ClobPosition | null {
    if (!this.view.positions) return null;
    return clobEntries(this.view.positions).find((p) => p.market.slug === marketSlug) ?? null;
  }

  /** What is held in this AMM market (listed apart from the CLOB positions); null: nothing known. */
  amm(marketSlug: string): AmmHoldings | null {
    if (!this.view.positions) return null;
    return ammHoldings(this.view.positions).get(marketSlug) ?? null;
  }

  /** Applies a live update; false when the market is not in the snapshot (a refresh is due). */
  apply(event: PositionsEvent): boolean {
    const entry = this.entry(event.marketSlug);
    if (!entry) return false;
    entry.positions = event.positions;
    entry.tokensBalance = event.tokensBalance;
    return true;
  }

  held(marketSlug: string, outcome: Outcome): bigint {
    const entry = this.entry(marketSlug);
    if (!entry) return 0n;
    return BigInt(outcome === 'YES' ? entry.tokensBalance.yes : entry.tokensBalance.no);
  }

  openOrders(): { marketSlug: string; orders: UserOrder[] }[] {
    if (!this.view.positions) return [];
    return clobEntries(this.view.positions)
      .filter((p) => p.market.slug && p.orders.length > 0)
      .map((p) => ({ marketSlug: p.market.slug ?? '', orders: p.orders }));
  }

  openOrderCount(): number {
    return this.openOrders().reduce((n, m) => n + m.orders.length, 0);
  }
}
