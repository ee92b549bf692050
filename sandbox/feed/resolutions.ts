import type { z } from 'zod';
import type { KnownResolutionResult, ResolvedPositionBreakdown } from '../../lib/core/api/feed';
import type { SandboxCore } from '../core/core';
import { outcomeWon, type SandboxMarket } from '../core/markets';
import { rawDecimal } from './decimals';
import type { StoredEntry, SubjectRef } from './entries';
import { isTrader } from './profiles';
import { groupChildren } from './subjects';

type Breakdown = z.input<typeof ResolvedPositionBreakdown>;

/** One profile's result in a resolved market or group, in raw units. */
export interface ResolutionOutcome {
  costBasis: bigint;
  payout: bigint;
  positions: Breakdown[];
}

export function resultOf(pnl: bigint): KnownResolutionResult {
  return pnl > 0n ? 'WON' : pnl < 0n ? 'LOST' : 'BREAK_EVEN';
}

/** What a profile held in these (resolved) markets: cost of what is left, and its payout. */
export function resolutionOutcome(
  core: SandboxCore,
  profileId: number,
  markets: readonly SandboxMarket[],
): ResolutionOutcome | null {
  const positions: Breakdown[] = [];
  let costBasis = 0n;
  let payout = 0n;
  for (const market of markets) {
    const position = core.ledger.position(profileId, market.slug);
    for (const outcome of ['YES', 'NO'] as const) {
      const side = position[outcome];
      if (side.quantity <= 0n) continue;
      const won = outcomeWon(market, outcome) === true;
      // A winning contract pays 1 collateral unit: raw contracts are raw collateral.
      const paid = won ? side.quantity : 0n;
      costBasis += side.cost;
      payout += paid;
      positions.push({
        marketSlug: market.slug,
        marketTitle: market.title,
        outcome,
        contracts: rawDecimal(side.quantity),
        costBasis: rawDecimal(side.cost),
        payout: rawDecimal(paid),
      });
    }
  }
  return positions.length > 0 ? { costBasis, payout, positions } : null;
}

/**
 * RESOLVED entries after `slug` resolved: one per trader holding a position. A NegRisk
 * child is reported with its group, once the whole group is resolved (GROUP subject,
 * breakdown per child); a standalone market by itself (MARKET subject).
 */
export function resolutionEntries(
  core: SandboxCore,
  slug: string,
  at: number,
  minAmountRaw: bigint,
): StoredEntry[] {
  const market = core.markets.bySlug(slug);
  if (market?.status !== 'RESOLVED') return [];
  let markets: SandboxMarket[] = [market];
  let subject: SubjectRef = { kind: 'MARKET', slug };
  if (market.group) {
    markets = groupChildren(core, market.group.slug);
    if (!markets.every((m) => m.status === 'RESOLVED')) return [];
    subject = { kind: 'GROUP', slug: market.group.slug };
  }
  const entries: StoredEntry[] = [];
  for (const profile of core.accounts.list()) {
    if (!isTrader(core, profile.profileId)) continue;
    const outcome = resolutionOutcome(core, profile.profileId, markets);
    if (!outcome) continue;
    // Small activity: both sides of the result under the threshold.
    if (outcome.costBasis < minAmountRaw && outcome.payout < minAmountRaw) continue;
    const pnl = outcome.payout - outcome.costBasis;
    entries.push({
      id: `resolved-${subject.slug}-${profile.profileId}`,
      at,
      profileId: profile.profileId,
      tradeEventId: null,
      entryType: 'RESOLVED',
      subject,
      facts: {
        result: resultOf(pnl),
        realizedPnl: rawDecimal(pnl),
        costBasis: rawDecimal(outcome.costBasis),
        payout: rawDecimal(outcome.payout),
        positions: outcome.positions,
      },
    });
  }
  return entries;
}
