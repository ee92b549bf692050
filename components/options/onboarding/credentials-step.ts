import { ApiCredentials } from '../../../lib/core/api/exchange';
import type { SandboxAccount } from '../../../lib/core/api/sandbox';
import { traderName } from '../../../lib/core/format/identity';
import type { CredentialCheck, ScopeProbe } from '../../../lib/protocol/messages';
import { type Checked, fieldIssues } from '../../common/field-issues';

export type CredentialField = 'tokenId' | 'secret';

export function checkCredentialsForm(draft: {
  tokenId: string;
  secret: string;
}): Checked<ApiCredentials, CredentialField> {
  const parsed = ApiCredentials.safeParse(draft);
  if (!parsed.success) return { ok: false, issues: fieldIssues<CredentialField>(parsed.error) };
  if (!decodesToBytes(parsed.data.secret)) {
    return { ok: false, issues: { secret: 'The secret is not valid base64.' } };
  }
  return { ok: true, value: parsed.data };
}

/** The alphabet and length can pass while the padding is still impossible (`AAA=` is fine, `A===` not). */
function decodesToBytes(secret: string): boolean {
  try {
    return atob(secret).length > 0;
  } catch {
    return false;
  }
}

export type ScopeName = keyof ScopeProbe;
export type ScopeState = 'works' | 'missing' | 'unknown';

export const SCOPE_LABELS: Record<ScopeName, string> = {
  trading: 'trading',
  withdrawal: 'withdrawal',
  delegatedSigning: 'delegated signing',
};

/** What the token unlocks, as the credentials step shows it back. */
export interface ProfileSummary {
  name: string;
  account: string;
  rank: string;
  /** `1.00% (100 bps)`. */
  feeRate: string;
  wallet: 'eoa' | 'smart_wallet';
  smartWallet: string | null;
  scopes: { scope: ScopeName; label: string; state: ScopeState }[];
  subAccounts: number;
  warnings: string[];
}

export function formatFeeRate(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const cents = String(bps % 100).padStart(2, '0');
  return `${whole}.${cents}% (${bps} bps)`;
}

const stateOf = (value: boolean | null): ScopeState =>
  value === true ? 'works' : value === false ? 'missing' : 'unknown';

export function summarizeCheck(check: CredentialCheck): ProfileSummary {
  const { profile, scopes, partnerAccounts } = check;
  const names: ScopeName[] = ['trading', 'withdrawal', 'delegatedSigning'];
  const warnings: string[] = [];
  if (scopes.trading === false) {
    warnings.push(
      'This token cannot trade: orders and cancels will be refused. Create a token with the trading scope for one-click trading.',
    );
  }
  if (partnerAccounts.length > 0 && scopes.delegatedSigning === false) {
    warnings.push(
      'This partner token lacks delegated signing: it cannot act for its sub-accounts.',
    );
  }
  return {
    name: traderName(profile),
    account: profile.account,
    rank: profile.rankName ?? profile.rank.name,
    feeRate: formatFeeRate(profile.rank.feeRateBps),
    wallet: profile.tradeWalletOption,
    smartWallet: profile.smartWallet,
    scopes: names
      // Delegated signing only means something for a partner.
      .filter((scope) => scope !== 'delegatedSigning' || partnerAccounts.length > 0)
      .map((scope) => ({ scope, label: SCOPE_LABELS[scope], state: stateOf(scopes[scope]) })),
    subAccounts: partnerAccounts.length,
    warnings,
  };
}

/** Demo accounts that a person can sign in as (they have a token). */
export function usableDemoAccounts(accounts: readonly SandboxAccount[]): SandboxAccount[] {
  return accounts.filter((a) => a.tokenId !== null && a.secret !== null && a.role !== 'bot');
}

const ROLE_WORDS: Record<SandboxAccount['role'], string> = {
  trader: 'trader with its own key',
  partner: 'partner with sub-accounts (delegated signing)',
  partner_trading: 'partner token without delegated signing',
  subaccount: 'sub-account',
  readonly: 'token without trading',
  smart_wallet: 'smart-wallet trader',
  bot: 'market bot',
};

export function describeDemoAccount(account: SandboxAccount): string {
  return `${account.displayName ?? account.label} (${account.label}) — ${ROLE_WORDS[account.role]}`;
}
