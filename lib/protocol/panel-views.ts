import { z } from 'zod';
import { MaintenanceStatus } from '../core/api/maintenance';
import { UserOrder } from '../core/api/user-orders';
import { BookLadder } from '../core/orders/book-ladder';
import { BookTop } from '../core/orders/book-top';
import {
  CapsSettings,
  PanelSettings,
  QuickTradeSettings,
  ThemeSetting,
} from '../core/settings/sections';
import { IntentView } from './intent';

/*
 * What the page panel receives, apart from the popup's views: the content script imports
 * only this module, so a web page's tab constructs only these schemas.
 */

export const TradingModeView = MaintenanceStatus.extend({ checkedAt: z.number() });
export type TradingModeView = z.infer<typeof TradingModeView>;

/**
 * Whether the exchange answers, as the background's heartbeat and live connection tell
 * (lib/background/trading/exchange-health.ts). `since`: the first contact left unanswered (the
 * dropped socket, or the heartbeat that got no answer); `detectedAt`: when the background
 * concluded it; `lastAnsweredAt`: the last answer before (null: none since the start).
 */
export const ExchangeStatus = z.discriminatedUnion('status', [
  z.object({ status: z.literal('up') }),
  z.object({
    status: z.literal('down'),
    since: z.number(),
    detectedAt: z.number(),
    lastAnsweredAt: z.number().nullable(),
    reason: z.string(),
  }),
]);
export type ExchangeStatus = z.infer<typeof ExchangeStatus>;

/** Why the page panel cannot place new orders on this market right now (null: it can). */
export const PanelBlock = z.object({
  code: z.enum([
    'exchange-down',
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
  /** Null when the exchange gives no price to value it at (an AMM market without trades). */
  unrealizedPnlRaw: Raw.nullable(),
  /** Which price marks the P&L, one sentence (the figure's tooltip). */
  markedBy: z.string().max(300).optional(),
});
export type PanelPositionSide = z.infer<typeof PanelPositionSide>;

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
  /** The top levels of each outcome, for limit orders from the book (null: no book yet). */
  ladder: BookLadder.nullable(),
  position: z.object({ yes: PanelPositionSide, no: PanelPositionSide }).nullable(),
  /** Strict copies: whatever else the exchange adds to an order never reaches a web page. */
  openOrders: z.array(z.object(UserOrder.shape)),
  intents: z.array(IntentView),
  quickTrade: QuickTradeSettings,
  /** So a button above the per-order cap is disabled with the cap named, never pressed. */
  caps: CapsSettings,
  panel: PanelSettings,
  /** With the state, so a framed panel painted from it is in the user's theme at once. */
  theme: ThemeSetting,
  block: PanelBlock.nullable(),
  /** A first step to try, for a newcomer in the sandbox before their first order; else null. */
  hint: z.string().nullable(),
  connection: z.enum(['live', 'connecting', 'offline']),
  exchange: ExchangeStatus,
  /**
   * The taker fee a SELL pays here, basis points (0: none; absent: not known): a sell's
   * estimate says what it would bring net of it.
   */
  sellFeeBps: z.number().int().min(0).max(10_000).optional(),
  /** The exchange's clock minus this machine's, in ms: countdowns to `eligibleAt`/`resumeAt` run on it. */
  clockOffsetMs: z.number(),
});
export type PanelState = z.infer<typeof PanelState>;

export const PanelPortMessage = z.object({ topic: z.literal('panel'), data: PanelState });
export type PanelPortMessage = z.infer<typeof PanelPortMessage>;
