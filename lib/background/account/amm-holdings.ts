import type { Positions } from '../../core/api/portfolio';
import type { Outcome } from '../../core/api/primitives';
import { priceNumberToRaw, valueAtPrice } from '../../core/format/raw-price';
import { RAW_PER_UNIT } from '../../core/orders/units';

/** One outcome held in an AMM market, summed over the exchange's AMM entries for it. */
export interface AmmHolding {
  contractsRaw: bigint;
  /** What was paid in (`collateralAmount`). */
  costRaw: bigint;
  /** Average paid per contract, raw (1e6 = 1.00); 0 when nothing is held. */
  avgPriceRaw: bigint;
  /** At the latest outcome-token price; null when the exchange gives none (never invented). */
  unrealizedPnlRaw: bigint | null;
}

export type AmmHoldings = Record<Outcome, AmmHolding>;

const none = (): AmmHolding => ({
  contractsRaw: 0n,
  costRaw: 0n,
  avgPriceRaw: 0n,
  unrealizedPnlRaw: 0n,
});

/**
 * What the user holds in each AMM market, by slug: the exchange lists AMM positions apart
 * from the CLOB ones (one entry per outcome bought), and the panel and the badges read
 * them here so an AMM market shows what the popup shows.
 */
export function ammHoldings(positions: Positions): Map<string, AmmHoldings> {
  const out = new Map<string, AmmHoldings>();
  for (const entry of positions.amm) {
    const slug = entry.market.slug;
    if (!slug) continue;
    const holdings = out.get(slug) ?? { YES: none(), NO: none() };
    const outcome: Outcome = entry.outcomeIndex === 0 ? 'YES' : 'NO';
    const side = holdings[outcome];
    const contracts = BigInt(entry.outcomeTokenAmount);
    const cost = BigInt(entry.collateralAmount);
    const price = priceNumberToRaw(entry.latestTrade?.outcomeTokenPrice);
    side.contractsRaw += contracts;
    side.costRaw += cost;
    side.unrealizedPnlRaw =
      price === null || side.unrealizedPnlRaw === null
        ? null
        : side.unrealizedPnlRaw + valueAtPrice(contracts, price) - cost;
    side.avgPriceRaw =
      side.contractsRaw > 0n ? (side.costRaw * RAW_PER_UNIT) / side.contractsRaw : 0n;
    out.set(slug, holdings);
  }
  return out;
}
