import { z } from 'zod';
import { ExchangeProfile } from '../../core/api/exchange';
import { PartnerAccount, Profile } from '../../core/api/profiles';
import type { VaultView } from '../../protocol/views';
import type { VaultStatus } from '../../vault/vault';

/**
 * Who the vault belongs to, kept in clear in `storage.local`: no secret here, only what
 * the UIs may show (the secret is never displayed again once saved).
 */
export const AccountInfo = z.object({
  exchange: ExchangeProfile,
  tokenId: z.string(),
  profile: Profile,
  signingKind: z.enum(['eoa', 'delegated']),
  subAccounts: z.array(PartnerAccount),
  activeSubAccountId: z.number().int().nullable(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export function vaultView(
  status: VaultStatus,
  account: AccountInfo | null,
  exchangeName: string,
): VaultView {
  return {
    status,
    exchangeName: account?.exchange.name ?? exchangeName,
    tokenId: account?.tokenId ?? null,
    profileId: account?.profile.id ?? null,
    account: account?.profile.account ?? null,
    displayName: account?.profile.displayName ?? account?.profile.username ?? null,
    signingKind: account?.signingKind ?? null,
    subAccounts: account?.subAccounts ?? [],
    activeSubAccountId: account?.activeSubAccountId ?? null,
  };
}

/** The sub-account orders are placed for, when the vault holds delegated signing. */
export function activeSubAccount(account: AccountInfo): z.infer<typeof PartnerAccount> | null {
  if (account.signingKind !== 'delegated') return null;
  return account.subAccounts.find((s) => s.id === account.activeSubAccountId) ?? null;
}
