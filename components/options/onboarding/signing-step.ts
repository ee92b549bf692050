import { privateKeyToAddress } from 'viem/accounts';
import type { PartnerAccount, Profile } from '../../../lib/core/api/profiles';
import type { CredentialCheck } from '../../../lib/protocol/messages';
import { PrivateKey } from '../../../lib/protocol/secrets';

export type SigningKind = 'eoa' | 'delegated';

export type OwnKeyCheck =
  | { ok: true; privateKey: `0x${string}`; address: string }
  | { ok: false; message: string };

/**
 * A pasted key is good when it is 32 bytes of hex and its address is the profile's
 * account (the background checks the same on save). The message never repeats the key.
 */
export function checkOwnKey(text: string, profile: Pick<Profile, 'account'>): OwnKeyCheck {
  if (!text.trim()) return { ok: false, message: 'Paste the private key of your account.' };
  const parsed = PrivateKey.safeParse(text);
  if (!parsed.success) {
    return { ok: false, message: 'A private key is 64 hex characters (32 bytes), 0x optional.' };
  }
  const privateKey = parsed.data as `0x${string}`;
  let address: string;
  try {
    address = privateKeyToAddress(privateKey);
  } catch {
    return { ok: false, message: 'That is not a valid private key (out of the curve’s range).' };
  }
  if (address.toLowerCase() !== profile.account.toLowerCase()) {
    return {
      ok: false,
      message: `This key belongs to ${address}, but the token's profile trades as ${profile.account}; paste the key of that account.`,
    };
  }
  return { ok: true, privateKey, address };
}

/** Smart-wallet-mode profiles cannot place self-signed orders (spec, rule 8). */
export function smartWalletNotice(profile: Pick<Profile, 'tradeWalletOption'>): string | null {
  return profile.tradeWalletOption === 'smart_wallet'
    ? 'This profile trades through a smart wallet: the exchange refuses self-signed orders from it (signer mismatch). Switch the profile to EOA mode on the exchange to trade with your own key.'
    : null;
}

/** Which ways of signing this token allows, and the one to preselect. */
export function signingOptions(check: CredentialCheck): {
  kinds: SigningKind[];
  preferred: SigningKind;
} {
  const delegated = check.partnerAccounts.length > 0 && check.scopes.delegatedSigning !== false;
  return {
    kinds: delegated ? ['eoa', 'delegated'] : ['eoa'],
    preferred: delegated ? 'delegated' : 'eoa',
  };
}

export function checkSubAccount(
  id: number | null,
  accounts: readonly PartnerAccount[],
): { ok: true; id: number } | { ok: false; message: string } {
  if (id === null) return { ok: false, message: 'Pick the sub-account to trade for.' };
  if (!accounts.some((a) => a.id === id)) {
    return { ok: false, message: 'Pick one of the sub-accounts this partner token manages.' };
  }
  return { ok: true, id };
}

export const subAccountName = (account: PartnerAccount): string =>
  account.displayName?.trim() || `Sub-account ${account.id}`;
