import { z } from 'zod';
import { ApiCredentials, ExchangeProfile } from '../core/api/exchange';
import { FeedAudience, FeedResponse } from '../core/api/feed';
import { MaintenanceStatus } from '../core/api/maintenance';
import { PnlChart, PnlTimeframe, WithdrawalAddress, WithdrawResult } from '../core/api/portfolio';
import { Address } from '../core/api/primitives';
import { PartnerAccount, Profile } from '../core/api/profiles';
import { SandboxAccount } from '../core/api/sandbox';
import { NewPriceAlert, PriceAlert } from '../core/price-alerts/schema';
import { IntentView } from './intent';
import {
  CancelAllOnMarket,
  CancelAllResult,
  CancelOne,
  CancelOneResult,
  Empty,
  message,
  PANEL_MESSAGES,
} from './panel-protocol';
import { PrivateKey } from './secrets';
import { VaultView } from './views';

export * from './panel-protocol';

/** Which scopes a token was seen to have, by harmless probes; null when it could not be told. */
export const ScopeProbe = z.object({
  trading: z.boolean().nullable(),
  withdrawal: z.boolean().nullable(),
  delegatedSigning: z.boolean().nullable(),
});
export type ScopeProbe = z.infer<typeof ScopeProbe>;

export const CredentialCheck = z.object({
  profile: Profile,
  scopes: ScopeProbe,
  partnerAccounts: z.array(PartnerAccount),
});
export type CredentialCheck = z.infer<typeof CredentialCheck>;

export const SigningChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('eoa'), privateKey: PrivateKey }),
  z.object({ kind: z.literal('delegated'), activeSubAccountId: z.number().int().positive() }),
]);

/**
 * Where a withdrawal may go (spec): the caller's account, the caller's smart wallet, or an
 * active address of the caller's allowlist. Acting for a sub-account the caller is the
 * partner, so all three are the partner's; `source` is the wallet the funds leave.
 */
export const WithdrawalTargets = z.object({
  source: Address,
  account: Address,
  smartWallet: Address.nullable(),
  allowlist: z.array(WithdrawalAddress),
  /** Whose allowlist applies (the partner's when acting for a sub-account). */
  allowlistOwner: z.enum(['self', 'partner']),
});
export type WithdrawalTargets = z.infer<typeof WithdrawalTargets>;

/** A CLOB market's venue and kind: what the token-approvals table needs. */
export const MarketVenue = z.object({
  slug: z.string(),
  title: z.string(),
  negRisk: z.boolean(),
  grouped: z.boolean(),
  venue: z.object({ exchange: Address, adapter: Address }),
});
export type MarketVenue = z.infer<typeof MarketVenue>;

/**
 * Every message, defined once: its request and response schemas and who may send it.
 * The background refuses anything not listed here, from anyone not listed.
 * Nothing here returns a token, a key, a signature or fetches an arbitrary URL.
 */
export const MESSAGES = {
  ...PANEL_MESSAGES,

  // ── Vault (extension pages only) ──────────────────────────────────────────────
  'vault.status': message({ request: Empty, response: VaultView, senders: ['page'] }),
  'vault.unlock': message({
    request: z.object({ passphrase: z.string().min(1).max(1024) }),
    response: VaultView,
    senders: ['page'],
  }),
  'vault.lock': message({ request: Empty, response: VaultView, senders: ['page'] }),
  'vault.changePassphrase': message({
    request: z.object({ current: z.string().min(1).max(1024), next: z.string().min(1).max(1024) }),
    response: VaultView,
    senders: ['page'],
  }),
  'vault.forget': message({
    request: z.object({ confirm: z.literal(true) }),
    response: VaultView,
    senders: ['page'],
  }),

  // ── Onboarding (options page) ─────────────────────────────────────────────────
  'setup.sandboxAccounts': message({
    request: z.object({ exchange: ExchangeProfile }),
    response: z.array(SandboxAccount),
    senders: ['page'],
  }),
  'setup.checkCredentials': message({
    request: z.object({ exchange: ExchangeProfile, credentials: ApiCredentials }),
    response: CredentialCheck,
    senders: ['page'],
  }),
  'setup.save': message({
    request: z.object({
      exchange: ExchangeProfile,
      credentials: ApiCredentials,
      signing: SigningChoice,
      passphrase: z.string().min(1).max(1024),
    }),
    response: VaultView,
    senders: ['page'],
  }),
  'account.setActiveSubAccount': message({
    request: z.object({ subAccountId: z.number().int().positive() }),
    response: VaultView,
    senders: ['page'],
  }),

  // ── Trading from extension pages ──────────────────────────────────────────────
  'orders.cancel': message({ request: CancelOne, response: CancelOneResult, senders: ['page'] }),
  'orders.cancelAll': message({
    request: CancelAllOnMarket,
    response: CancelAllResult,
    senders: ['page'],
  }),
  /** Cancels the order behind one of the desk's intents (a delayed one before `eligibleAt`). */
  'intents.cancel': message({
    request: z.object({ clientOrderId: z.string().min(1).max(128) }),
    response: IntentView,
    senders: ['page'],
  }),

  // ── Price alerts (the list is in the snapshot too; the panel sets one with `panel.addPriceAlert`) ──
  /** The background names the market (its title) itself. */
  'priceAlerts.add': message({ request: NewPriceAlert, response: PriceAlert, senders: ['page'] }),
  'priceAlerts.list': message({ request: Empty, response: z.array(PriceAlert), senders: ['page'] }),
  'priceAlerts.remove': message({
    request: z.object({ id: z.string().min(1).max(64) }),
    response: Empty,
    senders: ['page'],
  }),

  // ── Reads for extension pages ─────────────────────────────────────────────────
  'feed.page': message({
    request: z.object({
      audience: FeedAudience,
      cursor: z.string().max(2048).optional(),
      limit: z.number().int().min(1).max(30).optional(),
    }),
    response: FeedResponse,
    senders: ['page'],
  }),
  'portfolio.refresh': message({ request: Empty, response: Empty, senders: ['page'] }),
  'portfolio.pnlChart': message({
    request: z.object({ timeframe: PnlTimeframe }),
    response: PnlChart,
    senders: ['page'],
  }),
  'maintenance.refresh': message({
    request: Empty,
    response: MaintenanceStatus,
    senders: ['page'],
  }),
  /** The venues of the exchange's active CLOB markets (public data), for the approvals table. */
  'markets.venues': message({ request: Empty, response: z.array(MarketVenue), senders: ['page'] }),
  'withdraw.targets': message({ request: Empty, response: WithdrawalTargets, senders: ['page'] }),
  'withdraw.submit': message({
    request: z.object({
      amountRaw: z.string().regex(/^\d+$/, 'the amount must be in raw units'),
      token: Address.optional(),
      destination: Address.optional(),
      /** Asked again: money leaves for good, so an unlocked vault alone is not enough. */
      passphrase: z.string().min(1, 'enter your passphrase to withdraw').max(1024),
    }),
    response: WithdrawResult,
    senders: ['page'],
  }),
} as const;

export type Messages = typeof MESSAGES;
export type MessageName = keyof Messages;
export type ParsedRequestOf<N extends MessageName> = z.output<Messages[N]['request']>;
export type ResponseOf<N extends MessageName> = z.output<Messages[N]['response']>;
