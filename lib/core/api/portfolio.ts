import { z } from 'zod';
import {
  Address,
  IntegerLike,
  IsoTime,
  Outcome,
  Price,
  RawAmount,
  record,
  Side,
  UnsignedRawAmount,
} from './primitives';
import { UserOrder } from './user-orders';

export const Rewards = record({
  todaysRewards: RawAmount,
  totalUnpaidRewards: RawAmount,
  totalUserRewardsLastEpoch: RawAmount,
  rewardsByEpoch: z.array(
    record({
      epochId: z.number().int(),
      timestamp: z.string(),
      totalRewards: RawAmount,
      userRewards: RawAmount,
      earnedPercent: z.number(),
    }),
  ),
  rewardsChartData: z.array(
    record({ timestamp: z.number(), userRewards: RawAmount, totalRewards: RawAmount }),
  ),
});
export type Rewards = z.infer<typeof Rewards>;

/** One side of a CLOB position; `fillPrice` is a raw price (1e6 = 1.00). */
export const PositionSide = record({
  cost: RawAmount,
  fillPrice: RawAmount,
  realisedPnl: RawAmount,
  unrealizedPnl: RawAmount,
  marketValue: RawAmount,
});
export type PositionSide = z.infer<typeof PositionSide>;

/**
 * The spec names these keys; `slug` is not among them, so it is optional and the UI
 * degrades (no link, no per-market orders) when a server leaves it out.
 */
export const ClobPositionMarket = record({
  slug: z.string().optional(),
  address: z.string().nullable(),
  title: z.string(),
  proxyTitle: z.string().nullable(),
  description: z.string().nullable(),
  question_id: z.string().nullable(),
  condition_id: z.string().nullable(),
  position_ids: z.array(z.string()),
  outcome_slot_count: z.number().int(),
  winning_index: z.number().int().nullable(),
  payout_numerators: z.array(z.number()).nullable(),
  status: z.string(),
  og_url: z.string().nullable(),
  image_url: z.string().nullable(),
  deadline: z.string().nullable(),
  startAt: z.string().nullable(),
  hidden: z.boolean(),
  txHash: z.string().nullable(),
  resolutionTxHash: z.string().nullable(),
  priority_index: z.number().nullable(),
});
export type ClobPositionMarket = z.infer<typeof ClobPositionMarket>;

/** Contents below are ours: the spec does not show them. */
export const TokensBalance = record({ yes: UnsignedRawAmount, no: UnsignedRawAmount });
export type TokensBalance = z.infer<typeof TokensBalance>;

export const LatestTrade = record({
  latestYesPrice: Price.nullable(),
  latestNoPrice: Price.nullable(),
  outcomeTokenPrice: Price.nullable(),
});

export const PositionRewards = record({ epochRewards: RawAmount, isEarning: z.boolean() });

export const ClobPosition = record({
  market: ClobPositionMarket,
  positions: record({ yes: PositionSide, no: PositionSide }),
  tokensBalance: TokensBalance,
  orders: z.array(UserOrder),
  latestTrade: LatestTrade.nullable(),
  rewards: PositionRewards.nullable(),
});
export type ClobPosition = z.infer<typeof ClobPosition>;

export const AmmPosition = record({
  market: record({
    slug: z.string().optional(),
    title: z.string(),
    status: z.string(),
    image_url: z.string().nullable().optional(),
  }),
  outcomeIndex: z.number().int().min(0).max(1),
  collateralAmount: RawAmount,
  latestTrade: record({ outcomeTokenPrice: Price.nullable() }).nullable(),
  outcomeTokenAmount: RawAmount,
  account: z.string(),
});
export type AmmPosition = z.infer<typeof AmmPosition>;

export const GroupPosition = record({
  group: record({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    image_url: z.string().nullable().optional(),
  }),
  positions: z.array(ClobPosition),
});
export type GroupPosition = z.infer<typeof GroupPosition>;

export const Positions = record({
  rewards: Rewards,
  points: z.number(),
  accumulativePoints: z.number(),
  amm: z.array(AmmPosition),
  clob: z.array(ClobPosition),
  group: z.array(GroupPosition),
});
export type Positions = z.infer<typeof Positions>;
export type PositionsInput = z.input<typeof Positions>;

/** `GET /portfolio/trades` (shape is ours). */
export const Trade = record({
  id: z.string(),
  marketSlug: z.string(),
  marketTitle: z.string(),
  tokenId: IntegerLike,
  outcome: Outcome,
  side: Side,
  price: Price,
  contracts: UnsignedRawAmount,
  collateral: UnsignedRawAmount,
  fee: UnsignedRawAmount,
  orderId: z.string(),
  role: z.enum(['MAKER', 'TAKER']),
  txHash: z.string().nullable(),
  createdAt: IsoTime,
});
export type Trade = z.infer<typeof Trade>;
export const Trades = record({ data: z.array(Trade), totalCount: z.number().int() });

export const PnlTimeframe = z.enum(['1d', '1w', '1m', 'all']);
export type PnlTimeframe = z.infer<typeof PnlTimeframe>;

/** `GET /portfolio/pnl-chart` (shape is ours): cumulative P&L over time, raw units. */
export const PnlChart = record({
  timeframe: PnlTimeframe,
  data: z.array(record({ timestamp: z.number().int(), value: RawAmount })),
  current: RawAmount,
});
export type PnlChart = z.infer<typeof PnlChart>;

/** `GET /portfolio/history` (shape is ours). */
export const HistoryEntry = record({
  id: z.string(),
  type: z.string(),
  marketSlug: z.string().nullable(),
  title: z.string().nullable(),
  amount: RawAmount,
  txHash: z.string().nullable(),
  createdAt: IsoTime,
});
export const History = record({ data: z.array(HistoryEntry), totalCount: z.number().int() });
export type History = z.infer<typeof History>;

export const WithdrawBody = z.object({
  amount: z
    .string()
    .regex(/^\d+$/, 'amount must be a whole number of raw units (6 decimals)')
    // Zod runs every check even after the regex fails: BigInt must not see a non-integer.
    .refine((a) => !/^\d+$/.test(a) || BigInt(a) > 0n, 'amount must be more than zero'),
  onBehalfOf: z.number().int().positive().optional(),
  token: Address.optional(),
  destination: Address.optional(),
});
export type WithdrawBody = z.input<typeof WithdrawBody>;

export const WithdrawResult = record({
  hash: z.string(),
  userOperationHash: z.string().nullable(),
  transactionId: z.string(),
  walletAddress: Address,
  token: Address,
  destination: Address,
  amount: UnsignedRawAmount,
});
export type WithdrawResult = z.infer<typeof WithdrawResult>;

/**
 * `GET /portfolio/withdrawal-addresses` (ours): the allowlist, read-only for a scoped
 * token. Managing it needs the exchange's own sign-in.
 */
export const WithdrawalAddress = record({
  address: Address,
  label: z.string().nullable(),
  active: z.boolean(),
  createdAt: IsoTime,
});
export type WithdrawalAddress = z.infer<typeof WithdrawalAddress>;
export const WithdrawalAddresses = z.array(WithdrawalAddress);
