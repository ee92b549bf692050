import type { TradingMode } from '../../lib/core/api/primitives';
import type { OrderBook } from '../engine/book';
import type { Totals } from '../engine/fees';
import type { MatchOutcome } from '../engine/types';
import type { AccountRegistry } from './accounts';
import type { SandboxClock } from './clock';
import type { Ledger } from './ledger';
import type { MarketRegistry, SandboxMarket } from './markets';
import type { OrderRecord, OrderStore } from './orders';
import type { makerMatchView } from './views';

/*
 * The parts of the core that order placement and the portfolio views read. They are
 * called by the core and take it as an argument, so they name what they need here rather
 * than import the core (that would be an import cycle).
 */

/** What one run of the engine did to an order, for the placement response. */
export interface ExecutionReport {
  outcome: MatchOutcome;
  tradeEventId: string | null;
  totals: Totals;
  makerMatches: ReturnType<typeof makerMatchView>[];
  stpMakerCancels: string[];
}

/** The core's registries (what the portfolio views read). */
export interface CoreRegistries {
  readonly clock: SandboxClock;
  readonly accounts: AccountRegistry;
  readonly markets: MarketRegistry;
  readonly ledger: Ledger;
  readonly orders: OrderStore;
  readonly baseUrl: string;
}

/** The core as order placement uses it. */
export interface PlacementCore extends CoreRegistries {
  readonly exchangeName: string;
  readonly tradingMode: { mode: TradingMode; resumeAt: string | null };
  book(slug: string): OrderBook | undefined;
  readonly takerDelay: {
    mustDelay(o: OrderRecord, market: SandboxMarket): boolean;
    hold(o: OrderRecord, market: SandboxMarket): void;
  };
  fundingShortfall(o: OrderRecord): string | null;
  executeNew(o: OrderRecord, market: SandboxMarket): ExecutionReport | { rejected: string };
}
