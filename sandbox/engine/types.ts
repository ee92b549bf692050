/**
 * The matching engine's own vocabulary. Prices are thousandths (bigint) in the order's own
 * token terms; sizes are raw contracts (1 contract = 1,000,000 raw). Nothing here knows
 * about HTTP, balances or time.
 */
export type Side = 'BUY' | 'SELL';
export type Outcome = 'YES' | 'NO';
export type EngineOrderType = 'GTC' | 'FAK' | 'FOK';
export type StpPolicy = 'cancel_maker' | 'cancel_taker' | 'cancel_both';

export const PRICE_ONE = 1000n;

/** A resting order. Its place in the (YES-terms) book follows from side and outcome. */
export interface BookOrder {
  id: string;
  ownerId: number;
  side: Side;
  outcome: Outcome;
  /** Limit in the order's own token terms. */
  priceMillis: bigint;
  /** Contracts still on the book. */
  remaining: bigint;
  /** Arrival sequence: time priority within a price. */
  seq: number;
}

/** An order arriving at the engine. */
export interface TakerOrder {
  id: string;
  ownerId: number;
  side: Side;
  outcome: Outcome;
  orderType: EngineOrderType;
  /** Limit in own token terms; null for FOK (it walks the book without a limit). */
  limitMillis: bigint | null;
  /**
   * `contracts` for GTC, FAK and FOK SELL; `budget` (collateral to spend) for FOK BUY.
   */
  size: { contracts: bigint } | { budget: bigint };
  postOnly: boolean;
  stpPolicy: StpPolicy;
}

/**
 * How two orders met: a `transfer` moves existing tokens from seller to buyer; a `mint`
 * pairs a YES buyer with a NO buyer (a new YES/NO pair is created from their collateral);
 * a `merge` pairs a YES seller with a NO seller (a pair is redeemed for collateral).
 */
export type FillKind = 'transfer' | 'mint' | 'merge';

export interface Fill {
  maker: BookOrder;
  contracts: bigint;
  kind: FillKind;
  /** The maker's limit, in YES terms: the price of the fill. */
  yesPriceMillis: bigint;
  takerPriceMillis: bigint;
  makerPriceMillis: bigint;
  /**
   * Collateral of each leg = floor(ownPriceMillis × contracts / 1000), raw. In a mint or a
   * merge the two legs can sum to one raw unit less than `contracts` (the house absorbs it).
   */
  takerCollateral: bigint;
  makerCollateral: bigint;
  /** What the maker still has on the book after this fill. */
  makerRemaining: bigint;
}

export type RejectionReason =
  | 'POST_ONLY_WOULD_MATCH'
  | 'NO_LIQUIDITY'
  | 'FOK_NOT_FILLABLE'
  | 'STP_TAKER_REJECTED';

export type MatchOutcome =
  | {
      kind: 'rejected';
      reason: Exclude<RejectionReason, 'STP_TAKER_REJECTED'>;
      message: string;
    }
  | {
      /** cancel_taker / cancel_both: the taker is refused; `canceledMakers` for cancel_both. */
      kind: 'stp-rejected';
      reason: 'STP_TAKER_REJECTED';
      canceledMakers: BookOrder[];
    }
  | {
      kind: 'executed';
      fills: Fill[];
      /** Own resting orders removed by `cancel_maker`. */
      stpCanceled: BookOrder[];
      /** The taker's remainder now resting (GTC only). */
      rested: BookOrder | null;
      /** Contracts (or, for a FOK BUY, budget) killed without filling (FAK remainder). */
      killed: bigint;
      filledContracts: bigint;
      /** Collateral the taker paid (BUY) or received before fees (SELL). */
      takerCollateral: bigint;
    };
