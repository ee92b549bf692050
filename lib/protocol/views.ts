import { z } from 'zod';
import { AmmPosition, ClobPosition, GroupPosition, Positions } from '../core/api/portfolio';
import { PartnerAccount } from '../core/api/profiles';
import { ClientErrorInfo } from '../core/client/error-info';
import { PriceAlert } from '../core/price-alerts/schema';
import { Settings } from '../core/settings/schema';
import { IntentView } from './intent';
import { ExchangeStatus, TradingModeView } from './panel-views';
import { MarketMarkView } from './position-marks';

/** What UIs know of the vault: who, never a secret. */
export const VaultView = z.object({
  status: z.enum(['empty', 'locked', 'unlocked']),
  exchangeName: z.string(),
  tokenId: z.string().nullable(),
  profileId: z.number().nullable(),
  account: z.string().nullable(),
  displayName: z.string().nullable(),
  signingKind: z.enum(['eoa', 'delegated']).nullable(),
  subAccounts: z.array(PartnerAccount),
  activeSubAccountId: z.number().nullable(),
});
export type VaultView = z.infer<typeof VaultView>;

export const ConnectionState = z.discriminatedUnion('status', [
  z.object({ status: z.literal('idle') }),
  z.object({ status: z.literal('connecting'), authenticated: z.boolean() }),
  z.object({ status: z.literal('live'), authenticated: z.boolean(), since: z.number() }),
  z.object({
    status: z.literal('reconnecting'),
    authenticated: z.boolean(),
    attempt: z.number().int(),
    nextAttemptAt: z.number(),
    reason: z.string(),
  }),
  /** The exchange refused the connection (a handshake it would not authenticate): still retried. */
  z.object({
    status: z.literal('error'),
    reason: z.string(),
    attempt: z.number().int().optional(),
    nextAttemptAt: z.number().optional(),
  }),
]);
export type ConnectionState = z.infer<typeof ConnectionState>;

export const PortfolioView = z.object({
  positions: Positions.nullable(),
  fetchedAt: z.number().nullable(),
  error: ClientErrorInfo.nullable(),
  /**
   * Per market slug, how its held sides are marked (the positions' `marketValue` and
   * `unrealizedPnl` are then the live mark); a market absent here shows the exchange's figures.
   */
  marks: z.record(z.string(), MarketMarkView).optional(),
});
export type PortfolioView = z.infer<typeof PortfolioView>;

/** Everything an extension page shows, pushed over the state port. */
export const AppSnapshot = z.object({
  vault: VaultView,
  connection: ConnectionState,
  exchange: ExchangeStatus,
  mode: TradingModeView.nullable(),
  portfolio: PortfolioView,
  intents: z.array(IntentView),
  settings: Settings,
  /** The exchange's clock minus this machine's, in ms (0 until learned): what countdowns run on. */
  clockOffsetMs: z.number(),
  /** The price alerts, armed and fired, oldest first. */
  priceAlerts: z.array(PriceAlert),
});
export type AppSnapshot = z.infer<typeof AppSnapshot>;

/** A positions list's entries that changed, by index: the list kept its length. */
const ChangedEntries = <T extends z.ZodType>(entry: T) =>
  z.record(z.string().regex(/^\d+$/), entry);

/**
 * What changed in the portfolio since the state a UI was last sent. A book update moves one
 * market's entries and marks, of a portfolio of a hundred positions: those travel, not the
 * rest (75 KB a frame at 1,000 book updates/s cost the side panel its frame rate).
 */
export const PortfolioPatch = z.object({
  /** The portfolio whole: positions came or went, a list changed length, a total moved. */
  whole: PortfolioView.optional(),
  clob: ChangedEntries(ClobPosition).optional(),
  amm: ChangedEntries(AmmPosition).optional(),
  group: ChangedEntries(GroupPosition).optional(),
  /** Per market whose marks changed: its marks now, or null once it is no longer marked. */
  marks: z.record(z.string(), MarketMarkView.nullable()).optional(),
  fetchedAt: PortfolioView.shape.fetchedAt.optional(),
  error: PortfolioView.shape.error.optional(),
});
export type PortfolioPatch = z.infer<typeof PortfolioPatch>;

/** The parts of the app state that changed since the state a UI was last sent, each whole but the portfolio. */
export const StatePatch = AppSnapshot.omit({ portfolio: true })
  .partial()
  .extend({ portfolio: PortfolioPatch.optional() });
export type StatePatch = z.infer<typeof StatePatch>;

/**
 * A UI's first message on the state port is the snapshot; every later one is a patch of
 * what changed since the last (lib/protocol/state-patch.ts folds them in).
 */
export const StatePortMessage = z.discriminatedUnion('topic', [
  z.object({ topic: z.literal('snapshot'), data: AppSnapshot }),
  z.object({ topic: z.literal('patch'), data: StatePatch }),
]);
export type StatePortMessage = z.infer<typeof StatePortMessage>;

export * from './panel-views';
