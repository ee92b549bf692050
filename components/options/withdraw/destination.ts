import { Address } from '../../../lib/core/api/primitives';
import type { WithdrawalTargets } from '../../../lib/protocol/messages';

export type DestinationKind = 'account' | 'smart-wallet' | 'allowlist';

/** One address the form offers (inactive allowlist entries are shown, not selectable). */
export interface DestinationOption {
  address: string;
  kind: DestinationKind;
  label: string;
  /** The option inside a sentence: "your account", "the allowlisted address “cold”". */
  phrase: string;
  active: boolean;
  /** Where the exchange sends a withdrawal that names no destination. */
  isDefault: boolean;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * What the spec allows as a destination: the caller's account, the caller's smart
 * wallet, or an active address of the caller's allowlist. Acting for a sub-account, the
 * caller is the partner: its account, smart wallet and allowlist apply.
 */
export function destinationOptions(targets: WithdrawalTargets): DestinationOption[] {
  const partner = targets.allowlistOwner === 'partner';
  const fallback = targets.smartWallet ?? targets.account;
  const options: DestinationOption[] = [
    {
      address: targets.account,
      kind: 'account',
      label: partner ? "The partner's account" : 'Your account',
      phrase: partner ? "the partner's account" : 'your account',
      active: true,
      isDefault: same(fallback, targets.account),
    },
  ];
  if (targets.smartWallet) {
    options.push({
      address: targets.smartWallet,
      kind: 'smart-wallet',
      label: partner ? "The partner's smart wallet" : 'Your smart wallet',
      phrase: partner ? "the partner's smart wallet" : 'your smart wallet',
      active: true,
      isDefault: true,
    });
  }
  for (const entry of targets.allowlist) {
    if (options.some((o) => same(o.address, entry.address))) continue;
    options.push({
      address: entry.address,
      kind: 'allowlist',
      label: entry.label ? `Allowlisted: ${entry.label}` : 'Allowlisted address',
      phrase: entry.label ? `the allowlisted address “${entry.label}”` : 'an allowlisted address',
      active: entry.active,
      isDefault: false,
    });
  }
  return options;
}

export type DestinationCheck =
  | { ok: true; option: DestinationOption }
  | { ok: false; message: string };

/** The spec's rule, for an address the user typed or picked. */
export function checkDestination(text: string, targets: WithdrawalTargets): DestinationCheck {
  const address = text.trim();
  if (!address) return { ok: false, message: 'Choose where the funds go.' };
  if (!Address.safeParse(address).success) {
    return { ok: false, message: 'An address is 0x followed by 40 hex characters.' };
  }
  const option = destinationOptions(targets).find((o) => same(o.address, address));
  if (option?.active) return { ok: true, option };
  const whose = targets.allowlistOwner === 'partner' ? "the partner's" : 'your';
  if (option) {
    return {
      ok: false,
      message: `This address is on ${whose} allowlist but not active: only active allowlisted addresses may receive withdrawals.`,
    };
  }
  return {
    ok: false,
    message: `Third-party addresses not on the allowlist are blocked: a withdrawal may only go to ${whose} account, ${whose} smart wallet or an active address of ${whose} allowlist.`,
  };
}
