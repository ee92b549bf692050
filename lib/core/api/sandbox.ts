import { z } from 'zod';
import { SETTLEMENT_STATUSES } from './orders';
import {
  Address,
  IsoTime,
  OrderType,
  record,
  Side,
  TradingMode,
  UnsignedRawAmount,
} from './primitives';

/** `GET /__sandbox/accounts` (sandbox only). Private keys are demo keys, public by design. */
export const SandboxAccount = record({
  label: z.string(),
  role: z.enum([
    'trader',
    'partner',
    /** A partner's token with `trading` but not `delegated_signing`. */
    'partner_trading',
    'subaccount',
    'readonly',
    'smart_wallet',
    'bot',
  ]),
  profileId: z.number().int(),
  account: Address,
  privateKey: z.string().nullable(),
  tokenId: z.string().nullable(),
  secret: z.string().nullable(),
  scopes: z.array(z.string()),
  partnerProfileId: z.number().int().nullable(),
  displayName: z.string().optional(),
  smartWallet: Address.nullable().optional(),
  tradeWalletOption: z.enum(['eoa', 'smart_wallet']).optional(),
  feeRateBps: z.number().int().optional(),
});
export type SandboxAccount = z.infer<typeof SandboxAccount>;
export const SandboxAccounts = z.array(SandboxAccount);

export const SandboxTradingModeBody = z.object({
  mode: TradingMode,
  resumeAt: IsoTime.nullable().optional(),
});
export const SandboxClockBody = z.object({ offsetMs: z.number().int() });
/** `POST /__sandbox/markets/:slug/amm-price`: sets an AMM market's pool price (YES, 0–1). */
export const SandboxAmmPriceBody = z.object({
  yes: z
    .number()
    .min(0.001, 'yes must be between 0.001 and 0.999')
    .max(0.999, 'yes must be between 0.001 and 0.999')
    .refine((p) => Number.isInteger(Math.round(p * 1e6) / 1e3), 'yes has at most 3 decimals'),
});
/**
 * `POST /__sandbox/markets/:slug/quote`: a house maker rests a post-only GTC order on YES,
 * which moves the book's best bid (BUY) or best ask (SELL) to `price` when it improves it.
 */
export const SandboxQuoteBody = z.object({
  side: z.enum(['BUY', 'SELL']),
  price: z
    .string()
    .regex(/^0\.(?!0+$)\d{1,3}$/, 'price is a decimal between 0 and 1 with at most 3 decimals'),
  contracts: z.number().int().min(1).max(1_000_000),
});
export const SandboxFeedState = z.enum(['ready', 'initializing', 'stale']);
export type SandboxFeedState = z.infer<typeof SandboxFeedState>;
export const SandboxFeedStateBody = z.object({ state: SandboxFeedState });

/** Lifecycle of an order as the sandbox records it (`REJECTED`: refused at placement). */
export const SandboxOrderStatus = z.enum([
  'DELAYED',
  'OPEN',
  'FILLED',
  'CANCELED',
  'KILLED',
  'REJECTED',
]);

/** `GET /__sandbox/orders`: every order the sandbox received, for inspection. */
export const SandboxOrder = record({
  id: z.string(),
  clientOrderId: z.string().nullable(),
  ownerId: z.number().int().nullable(),
  callerProfileId: z.number().int(),
  marketSlug: z.string(),
  orderType: OrderType,
  side: Side,
  tokenId: z.string(),
  price: z.number().nullable(),
  makerAmount: UnsignedRawAmount,
  takerAmount: UnsignedRawAmount,
  signature: z.string().nullable(),
  /** Whether the signature recovered to the maker; null when the order carried none. */
  signatureValid: z.boolean().nullable(),
  delegated: z.boolean(),
  postOnly: z.boolean(),
  status: SandboxOrderStatus,
  settlementStatus: z.enum(SETTLEMENT_STATUSES).nullable(),
  /** Why a REJECTED order was refused, or why an order ended (KILLED, STP, …). */
  reason: z.string().nullable(),
  /** Contracts; for a FOK BUY, collateral (the order is sized by what it spends). */
  originalSize: UnsignedRawAmount,
  remainingSize: UnsignedRawAmount,
  filledSize: UnsignedRawAmount,
  createdAt: IsoTime,
});
export type SandboxOrder = z.infer<typeof SandboxOrder>;

/** `POST /__sandbox/follows`: replaces whom `profileId` follows (the feed's `following`). */
export const SandboxFollowsBody = z.object({
  profileId: z.number().int().positive(),
  follows: z.array(z.number().int().positive()).max(500),
});
export type SandboxFollowsBody = z.infer<typeof SandboxFollowsBody>;

/** `POST /__sandbox/featured`: replaces the profiles of the feed's `featured` audience. */
export const SandboxFeaturedBody = z.object({
  profileIds: z.array(z.number().int().positive()).max(500),
});
export type SandboxFeaturedBody = z.infer<typeof SandboxFeaturedBody>;
