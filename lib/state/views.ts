import { z } from 'zod';
import { MaintenanceStatus } from '../api/maintenance';
import { UserOrder } from '../api/orders';
import { Positions } from '../api/portfolio';
import { Price } from '../api/primitives';
import { PartnerAccount } from '../api/profiles';
import { ClientErrorInfo } from '../client/errors';
import { IntentView } from '../desk/intent';
import { Settings } from '../settings/schema';

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
  z.object({ status: z.literal('error'), reason: z.string() }),
]);
export type ConnectionState = z.infer<typeof ConnectionState>;

export const TradingModeView = MaintenanceStatus.extend({ checkedAt: z.number() });
export type TradingModeView = z.infer<typeof TradingModeView>;

/** Top of a market's book in YES terms; NO is `1 − price` with bid/ask swapped. */
export const BookTop = z.object({
  marketSlug: z.string(),
  bestBid: Price.nullable(),
  bestAsk: Price.nullable(),
  /** Raw contracts available at the best levels. */
  bidSize: z.string().nullable(),
  askSize: z.string().nullable(),
  midpoint: Price.nullable(),
  updatedAt: z.number(),
});
export type BookTop = z.infer<typeof BookTop>;

export const PortfolioView = z.object({
  positions: Positions.nullable(),
  fetchedAt: z.number().nullable(),
  error: ClientErrorInfo.nullable(),
});
export type PortfolioView = z.infer<typeof PortfolioView>;

/** Everything an extension page shows, pushed over the state port. */
export const AppSnapshot = z.object({
  vault: VaultView,
  connection: ConnectionState,
  mode: TradingModeView.nullable(),
  portfolio: PortfolioView,
  intents: z.array(IntentView),
  books: z.record(z.string(), BookTop),
  settings: Settings,
});
export type AppSnapshot = z.infer<typeof AppSnapshot>;
export type AppTopic = keyof AppSnapshot;

export const StatePortMessage = z.discriminatedUnion('topic', [
  z.object({ topic: z.literal('snapshot'), data: AppSnapshot }),
  z.object({ topic: z.literal('patch'), data: AppSnapshot.partial() }),
]);
export type StatePortMessage = z.infer<typeof StatePortMessage>;

/** Why the page panel cannot place new orders on this market right now (null: it can). */
export const PanelBlock = z.object({
  code: z.enum([
    'locked',
    'not-set-up',
    'trading-mode',
    'amm',
    'resolved',
    'expired',
    'unknown-market',
    'not-tradable',
  ]),
  message: z.string(),
  /** Cancelling stays possible in some trading modes. */
  cancelAllowed: z.boolean(),
  resumeAt: z.string().nullable(),
});
export type PanelBlock = z.infer<typeof PanelBlock>;

const Raw = z.string().regex(/^-?\d+$/);

export const PanelPositionSide = z.object({
  contractsRaw: Raw,
  /** Average fill price, raw (1e6 = 1.00). */
  avgPriceRaw: Raw,
  unrealizedPnlRaw: Raw,
});

/** What a content script may know about one market: nothing beyond the user's own state there. */
export const PanelState = z.object({
  marketSlug: z.string(),
  market: z
    .object({
      title: z.string(),
      imageUrl: z.string().nullable(),
      tradeType: z.enum(['clob', 'amm']),
      status: z.string(),
      deadline: z.string().nullable(),
      /** Token ids, so the panel can tell a YES order from a NO one. */
      tokens: z.object({ yes: z.string(), no: z.string() }).nullable().optional(),
    })
    .nullable(),
  vaultStatus: z.enum(['empty', 'locked', 'unlocked']),
  mode: z.object(TradingModeView.shape).nullable(),
  book: BookTop.nullable(),
  position: z.object({ yes: PanelPositionSide, no: PanelPositionSide }).nullable(),
  /** Strict copies: whatever else the exchange adds to an order never reaches a web page. */
  openOrders: z.array(z.object(UserOrder.shape)),
  intents: z.array(IntentView),
  quickTrade: Settings.shape.quickTrade,
  panel: Settings.shape.panel,
  block: PanelBlock.nullable(),
  connection: z.enum(['live', 'connecting', 'offline']),
});
export type PanelState = z.infer<typeof PanelState>;

export const PanelPortMessage = z.object({ topic: z.literal('panel'), data: PanelState });
