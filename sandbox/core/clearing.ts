import type { MakerMatch } from '../../lib/core/api/orders';
import { takerFee } from '../engine/fees';
import type { Fill, Outcome } from '../engine/types';
import type { SandboxProfile } from './accounts';
import type { FillEvent, FillParty } from './events';
import {
  type BalanceDelta,
  COLLATERAL,
  HOUSE_PROFILE_ID,
  type Ledger,
  type Leg,
  type TradeRecord,
} from './ledger';
import type { SandboxMarket } from './markets';
import type { OrderRecord } from './orders';
import { makerMatchView } from './views';

/** What one fill does to its resting (maker) order; the caller applies it. */
export interface MakerFill {
  maker: OrderRecord;
  contracts: bigint;
  /** Collateral the maker pays (BUY) or receives (SELL). */
  collateral: bigint;
  /** What the fill takes out of the maker's reservation: collateral for a BUY, contracts for a SELL. */
  reservationUsed: bigint;
  remainingAfter: bigint;
}

/** Everything one taker execution's fills change, computed without changing anything. */
export interface Clearing {
  trade: TradeRecord;
  makerFills: MakerFill[];
  makerMatches: MakerMatch[];
  fillEvents: FillEvent[];
}

export interface ClearingInput {
  taker: OrderRecord;
  owner: SandboxProfile;
  market: SandboxMarket & { tokens: NonNullable<SandboxMarket['tokens']> };
  tradeEventId: string;
  fills: readonly Fill[];
  at: number;
  /** A resting order and its owner, by order id. */
  maker(orderId: string): { order: OrderRecord; owner: SandboxProfile } | undefined;
  /** The ledger's cost basis and realised P&L of a sale, read before the trade applies. */
  closeInfo: Ledger['closeInfo'];
  newId(): string;
}

/**
 * Clears the fills of one taker execution: the balance deltas and the legs of the trade
 * (taker, maker and house), what each maker order gives up, the maker matches of the
 * placement answer and the fill events for the feed. Pure: the caller books the result.
 */
export function clearTrade(input: ClearingInput): Clearing {
  const { taker: o, owner, market, tradeEventId, fills, at, newId } = input;
  const deltas: BalanceDelta[] = [];
  const legs: Leg[] = [];
  const makerFills: MakerFill[] = [];
  const makerMatches: MakerMatch[] = [];
  const fillEvents: FillEvent[] = [];
  const iso = new Date(at).toISOString();
  const tokenOf = (outcome: Outcome) => (outcome === 'YES' ? market.tokens.yes : market.tokens.no);
  const move = (profileId: number, asset: string, amount: bigint) => {
    if (amount !== 0n) deltas.push({ profileId, asset, amount });
  };
  const takerOutcome = o.outcome ?? 'YES';
  const party = (
    p: SandboxProfile,
    rec: OrderRecord,
    side: 'BUY' | 'SELL',
    outcome: Outcome,
    terms: Pick<FillParty, 'priceMillis' | 'contracts' | 'collateral' | 'fee' | 'close'>,
  ): FillParty => ({
    profileId: p.profileId,
    orderId: rec.id,
    clientOrderId: rec.clientOrderId,
    side,
    outcome,
    tokenId: tokenOf(outcome),
    ...terms,
  });

  for (const fill of fills) {
    const found = input.maker(fill.maker.id);
    if (!found) continue;
    const { order: maker, owner: makerOwner } = found;
    const makerOutcome = fill.maker.outcome;
    const fee = takerFee(
      o.side,
      fill.contracts,
      fill.takerCollateral,
      o.feeRateBps,
      market.feesEnabled,
    );
    const takerFeeAmount = o.side === 'BUY' ? fee.contractsFee : fee.usdFee;

    // Taker leg.
    const takerContracts = o.side === 'BUY' ? fill.contracts - fee.contractsFee : fill.contracts;
    const takerCollateral =
      o.side === 'BUY' ? fill.takerCollateral : fill.takerCollateral - fee.usdFee;
    const takerClose =
      o.side === 'SELL'
        ? input.closeInfo(
            owner.profileId,
            market.slug,
            takerOutcome,
            fill.contracts,
            takerCollateral,
          )
        : null;
    if (o.side === 'BUY') {
      move(owner.profileId, COLLATERAL, -fill.takerCollateral);
      move(owner.profileId, tokenOf(takerOutcome), takerContracts);
      move(HOUSE_PROFILE_ID, tokenOf(takerOutcome), fee.contractsFee);
    } else {
      move(owner.profileId, tokenOf(takerOutcome), -fill.contracts);
      move(owner.profileId, COLLATERAL, takerCollateral);
      move(HOUSE_PROFILE_ID, COLLATERAL, fee.usdFee);
    }

    // Maker leg: paid from its reservation.
    const makerClose =
      maker.side === 'SELL'
        ? input.closeInfo(
            makerOwner.profileId,
            market.slug,
            makerOutcome,
            fill.contracts,
            fill.makerCollateral,
          )
        : null;
    if (maker.side === 'BUY') {
      move(makerOwner.profileId, COLLATERAL, -fill.makerCollateral);
      move(makerOwner.profileId, tokenOf(makerOutcome), fill.contracts);
    } else {
      move(makerOwner.profileId, tokenOf(makerOutcome), -fill.contracts);
      move(makerOwner.profileId, COLLATERAL, fill.makerCollateral);
    }
    makerFills.push({
      maker,
      contracts: fill.contracts,
      collateral: fill.makerCollateral,
      reservationUsed: maker.side === 'BUY' ? fill.makerCollateral : fill.contracts,
      remainingAfter: fill.makerRemaining,
    });
    // Mint and merge: the legs sum to the contracts (lib/core/orders/fills.ts), so the house
    // moves nothing; kept so that no rounding could ever create or destroy collateral.
    if (fill.kind === 'mint') {
      move(
        HOUSE_PROFILE_ID,
        COLLATERAL,
        fill.takerCollateral + fill.makerCollateral - fill.contracts,
      );
    } else if (fill.kind === 'merge') {
      move(
        HOUSE_PROFILE_ID,
        COLLATERAL,
        fill.contracts - fill.takerCollateral - fill.makerCollateral,
      );
    }

    const legBase = { tradeEventId, marketSlug: market.slug, at, failed: false };
    legs.push({
      ...legBase,
      id: newId(),
      profileId: owner.profileId,
      orderId: o.id,
      outcome: takerOutcome,
      tokenId: tokenOf(takerOutcome),
      side: o.side,
      contracts: takerContracts,
      collateral: takerCollateral,
      fee: takerFeeAmount,
      priceMillis: fill.takerPriceMillis,
      role: 'TAKER',
    });
    legs.push({
      ...legBase,
      id: newId(),
      profileId: makerOwner.profileId,
      orderId: maker.id,
      outcome: makerOutcome,
      tokenId: tokenOf(makerOutcome),
      side: maker.side,
      contracts: fill.contracts,
      collateral: fill.makerCollateral,
      fee: 0n,
      priceMillis: fill.makerPriceMillis,
      role: 'MAKER',
    });

    const matchId = newId();
    makerMatches.push(
      makerMatchView(
        matchId,
        maker,
        makerOwner,
        fill.contracts,
        fill.takerPriceMillis,
        fill.takerCollateral,
      ),
    );
    fillEvents.push({
      id: matchId,
      tradeEventId,
      marketSlug: market.slug,
      marketId: market.id,
      kind: fill.kind,
      contracts: fill.contracts,
      yesPriceMillis: fill.yesPriceMillis,
      taker: party(owner, o, o.side, takerOutcome, {
        priceMillis: fill.takerPriceMillis,
        contracts: takerContracts,
        collateral: takerCollateral,
        fee: takerFeeAmount,
        close: takerClose,
      }),
      maker: party(makerOwner, maker, maker.side, makerOutcome, {
        priceMillis: fill.makerPriceMillis,
        contracts: fill.contracts,
        collateral: fill.makerCollateral,
        fee: 0n,
        close: makerClose,
      }),
      at: iso,
    });
  }

  return {
    trade: {
      tradeEventId,
      marketSlug: market.slug,
      takerOrderId: o.id,
      deltas,
      legs,
      status: 'MATCHED',
      txHash: null,
      at,
    },
    makerFills,
    makerMatches,
    fillEvents,
  };
}
