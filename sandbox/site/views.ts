import type { SandboxCore } from '../core/core';
import type { SandboxMarket } from '../core/markets';
import { outcomeWon, payoutNumerators } from '../core/markets';

/** Where a market stands, for badges, banners and the trade form. */
export type MarketPhase = 'open' | 'resolved' | 'closed' | 'amm';

export function marketPhase(core: SandboxCore, market: SandboxMarket): MarketPhase {
  if (market.status === 'RESOLVED') return 'resolved';
  if (Date.parse(market.deadline) <= core.clock.now()) return 'closed';
  if (market.tradeType === 'amm') return 'amm';
  return 'open';
}

/** `[yes, no]` in thousandths: the result once resolved, else the stored midpoint; null if none. */
export function priceMillis(market: SandboxMarket): [bigint, bigint] | null {
  const payout = market.status === 'RESOLVED' ? payoutNumerators(market) : null;
  if (payout) return [BigInt(payout[0]) * 1000n, BigInt(payout[1]) * 1000n];
  if (market.tradeType !== 'clob' || market.lastMidMillis === null) return null;
  return [market.lastMidMillis, 1000n - market.lastMidMillis];
}

export function winningLabel(market: SandboxMarket): string | null {
  const yesWon = outcomeWon(market, 'YES');
  return yesWon === null ? null : yesWon ? 'Yes' : 'No';
}
