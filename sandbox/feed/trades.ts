import type { SandboxCore } from '../core/core';
import type { FillEvent, FillParty } from '../core/events';
import type { CloseInfo } from '../core/ledger';
import { applyLeg, type SidePosition } from '../core/ledger';
import { COLLATERAL_SYMBOL } from '../core/markets';
import { millisDecimal, ratioDecimal, rawDecimal } from './decimals';
import type { SoldFactsInput, StoredEntry, TradeFactsInput } from './entries';
import { isTrader } from './profiles';

/**
 * Whether the close figures of a sale can be given now:
 * - `covered`: the recorded position held every contract sold and its cost data has
 *   landed (no buy of that outcome in the last `closeDataLagMs`);
 * - `lagging`: covered, but a recent buy's cost data has not landed yet: null now,
 *   back-filled once the lag has passed;
 * - `uncovered`: the recorded position held fewer contracts than were sold: the figures
 *   would be partial, so they stay null and the entry shows the fill only.
 */
export type CloseCoverage = 'covered' | 'lagging' | 'uncovered';

export function closeCoverage(
  core: SandboxCore,
  fill: FillEvent,
  party: FillParty,
  soldEarlierInTrade: bigint,
  closeDataLagMs: number,
): CloseCoverage {
  const at = Date.parse(fill.at);
  const before: SidePosition = { quantity: 0n, cost: 0n, realised: 0n };
  let recentBuy = false;
  for (const leg of core.ledger.legsOf(party.profileId)) {
    if (leg.marketSlug !== fill.marketSlug || leg.outcome !== party.outcome) continue;
    if (leg.tradeEventId === fill.tradeEventId) continue;
    applyLeg(before, leg);
    if (leg.side === 'BUY' && leg.at > at - closeDataLagMs) recentBuy = true;
  }
  if (before.quantity - soldEarlierInTrade < party.contracts) return 'uncovered';
  return recentBuy ? 'lagging' : 'covered';
}

/** `realizedPnl`, `averageEntryPrice`, `roi` (a ratio: 0.25 is +25 %) from close data. */
export function closeFigures(
  close: CloseInfo,
): Pick<SoldFactsInput, 'realizedPnl' | 'averageEntryPrice' | 'roi'> {
  return {
    realizedPnl: rawDecimal(close.realisedPnl),
    averageEntryPrice: rawDecimal(close.averageEntryPriceRaw),
    roi: ratioDecimal(close.realisedPnl, close.costBasis),
  };
}

export const NO_CLOSE_FIGURES = { realizedPnl: null, averageEntryPrice: null, roi: null };

/** What changed hands: a buyer's payment, or a seller's proceeds before the taker fee. */
export function partyNotional(party: FillParty): bigint {
  return party.side === 'BUY' ? party.collateral : party.collateral + party.fee;
}

export interface TradeEntry {
  entry: StoredEntry;
  /** For a `lagging` SOLD entry: the figures to back-fill once the lag has passed. */
  backfill: CloseInfo | null;
}

/**
 * BOUGHT/SOLD entries for one fill: one per party that is a trader (market makers are
 * left out) and whose notional reaches `minNotionalRaw`.
 */
export function tradeEntries(
  core: SandboxCore,
  fill: FillEvent,
  options: { minNotionalRaw: bigint; closeDataLagMs: number },
  soldEarlierInTrade: (party: FillParty) => bigint,
): TradeEntry[] {
  const market = core.markets.bySlug(fill.marketSlug);
  if (!market) return [];
  const at = Date.parse(fill.at);
  const out: TradeEntry[] = [];
  for (const [role, party] of [
    ['t', fill.taker],
    ['m', fill.maker],
  ] as const) {
    if (!isTrader(core, party.profileId)) continue;
    const notional = partyNotional(party);
    if (notional < options.minNotionalRaw) continue;
    const base: TradeFactsInput = {
      side: party.side,
      outcome: party.outcome,
      contracts: rawDecimal(party.contracts),
      price: millisDecimal(party.priceMillis),
      notional: rawDecimal(notional),
      symbol: COLLATERAL_SYMBOL,
    };
    const common = {
      id: `fill-${fill.id}-${role}`,
      at,
      profileId: party.profileId,
      tradeEventId: fill.tradeEventId,
      subject: { kind: 'MARKET' as const, slug: market.slug },
    };
    if (party.side === 'BUY') {
      out.push({ entry: { ...common, entryType: 'BOUGHT', facts: base }, backfill: null });
      continue;
    }
    const close = party.close;
    const coverage = close
      ? closeCoverage(core, fill, party, soldEarlierInTrade(party), options.closeDataLagMs)
      : 'uncovered';
    out.push({
      entry: {
        ...common,
        entryType: 'SOLD',
        facts: {
          ...base,
          ...(close && coverage === 'covered' ? closeFigures(close) : NO_CLOSE_FIGURES),
        },
      },
      backfill: close && coverage === 'lagging' ? close : null,
    });
  }
  return out;
}
