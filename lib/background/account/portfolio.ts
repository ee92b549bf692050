import { clobEntries, openOrderCount } from '../../core/api/clob-entries';
import type { PositionsEvent } from '../../core/api/events';
import type { UserOrder } from '../../core/api/orders';
import type { ClobPosition, Positions } from '../../core/api/portfolio';
import type { Outcome } from '../../core/api/primitives';
import type { ClientErrorInfo } from '../../core/client/errors';
import type { PortfolioView } from '../../protocol/views';
import { type AmmHoldings, ammHoldings } from './amm-holdings';

/**
 * The user's positions: the REST snapshot, patched in place by `positions` events
 * between refreshes (the REST answer stays the source of truth).
 */
export class PortfolioTracker {
  view: PortfolioView = { positions: null, fetchedAt: null, error: null };
  /** The markets held, derived once per change: every book update of a market asks. */
  private heldSet: ReadonlySet<string> | null = null;

  set(positions: Positions, at: number): void {
    this.view = { positions, fetchedAt: at, error: null };
    this.heldSet = null;
  }

  /**
   * The open markets the user holds contracts in: their books are kept live, so the
   * positions' value and P&L follow them (`marks.ts`).
   */
  heldMarkets(): ReadonlySet<string> {
    if (this.heldSet) return this.heldSet;
    const held = new Set<string>();
    if (this.view.positions) {
      for (const p of clobEntries(this.view.positions)) {
        if (!p.market.slug || p.market.status === 'RESOLVED') continue;
        if (BigInt(p.tokensBalance.yes) > 0n || BigInt(p.tokensBalance.no) > 0n)
          held.add(p.market.slug);
      }
    }
    this.heldSet = held;
    return held;
  }

  fail(error: ClientErrorInfo): void {
    this.view = { ...this.view, error };
  }

  clear(): void {
    this.view = { positions: null, fetchedAt: null, error: null };
    this.heldSet = null;
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
    this.heldSet = null;
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
    return this.view.positions ? openOrderCount(this.view.positions) : 0;
  }
}
