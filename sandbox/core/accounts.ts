import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Profile } from '../../lib/core/api/profiles';
import type { SandboxAccount } from '../../lib/core/api/sandbox';
import { labelAddress, labelPrivateKey } from './ids';

export type Scope = 'trading' | 'delegated_signing' | 'withdrawal';
export type AccountRole = SandboxAccount['role'];

/** A scoped API token (id + base64 secret). */
export interface ApiToken {
  tokenId: string;
  secret: string;
  scopes: Scope[];
}

/** One profile of the sandbox, with everything the server knows about it. */
export interface SandboxProfile {
  label: string;
  role: AccountRole;
  profileId: number;
  /** The trading address: the EOA, or the server wallet of a sub-account. */
  account: Address;
  /** Demo key (EOA) or the server wallet's key (sub-accounts; never served to clients). */
  privateKey: Hex;
  /** Whether the key is the user's own (served by `GET /__sandbox/accounts`). */
  keyIsPublic: boolean;
  token: ApiToken | null;
  /**
   * More tokens of the same profile, each served as its own demo account under its own
   * label: a partner may hold several tokens with different scopes.
   */
  extraTokens: (ApiToken & { label: string; role: AccountRole })[];
  partnerProfileId: number | null;
  displayName: string;
  username: string;
  rankName: string;
  feeRateBps: number;
  tradeWalletOption: 'eoa' | 'smart_wallet';
  smartWallet: Address | null;
  /** Seeded withdrawal allowlist of this profile. */
  allowlist: { address: Address; label: string; active: boolean }[];
}

const ANVIL_KEY_1 = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const ANVIL_KEY_2 = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

/** base64 of a fixed string, so the secrets are stable and readable in docs. */
const demoSecret = (n: number): string =>
  Buffer.from(`sandbox-demo-secret-${String(n).padStart(4, '0')}`).toString('base64');

interface Seed {
  label: string;
  role: AccountRole;
  profileId: number;
  key?: Hex;
  keyIsPublic?: boolean;
  token?: { n: number; scopes: Scope[] };
  extraTokens?: { label: string; role: AccountRole; n: number; scopes: Scope[] }[];
  partnerProfileId?: number;
  displayName: string;
  rankName?: string;
  feeRateBps?: number;
  smartWallet?: boolean;
  allowlist?: { label: string; active: boolean }[];
}

export const SEEDED_PROFILES: readonly Seed[] = [
  {
    label: 'alice',
    role: 'trader',
    profileId: 101,
    key: ANVIL_KEY_1,
    token: { n: 1, scopes: ['trading', 'withdrawal'] },
    displayName: 'Alice',
    rankName: 'Silver',
    feeRateBps: 100,
    allowlist: [
      { label: 'alice-cold-wallet', active: true },
      { label: 'alice-old-wallet', active: false },
    ],
  },
  {
    label: 'bob',
    role: 'trader',
    profileId: 102,
    key: ANVIL_KEY_2,
    token: { n: 2, scopes: ['trading', 'withdrawal'] },
    displayName: 'Bob',
    rankName: 'Silver',
    feeRateBps: 100,
  },
  {
    label: 'readonly',
    role: 'readonly',
    profileId: 103,
    // A read-only token: no scope at all (reads work, trading and withdrawals do not).
    token: { n: 3, scopes: [] },
    displayName: 'Carol',
  },
  {
    label: 'dana',
    role: 'smart_wallet',
    profileId: 104,
    token: { n: 4, scopes: ['trading', 'withdrawal'] },
    displayName: 'Dana',
    smartWallet: true,
  },
  {
    label: 'partner',
    role: 'partner',
    profileId: 201,
    token: { n: 5, scopes: ['trading', 'delegated_signing', 'withdrawal'] },
    // The same partner with `trading` only: it may place orders it signs for its
    // sub-accounts (`onBehalfOf`), but neither send unsigned ones nor cancel for them.
    extraTokens: [{ label: 'partner-trading', role: 'partner_trading', n: 6, scopes: ['trading'] }],
    displayName: 'Partner Desk',
    rankName: 'Partner',
    allowlist: [{ label: 'partner-treasury', active: true }],
  },
  {
    label: 'sub-1',
    role: 'subaccount',
    profileId: 202,
    keyIsPublic: false,
    partnerProfileId: 201,
    displayName: 'Sub-account 1',
  },
  {
    label: 'sub-2',
    role: 'subaccount',
    profileId: 203,
    keyIsPublic: false,
    partnerProfileId: 201,
    displayName: 'Sub-account 2',
  },
  { label: 'bot-maker-1', role: 'bot', profileId: 301, displayName: 'Maker One' },
  { label: 'bot-maker-2', role: 'bot', profileId: 302, displayName: 'Maker Two' },
  { label: 'bot-taker-1', role: 'bot', profileId: 303, displayName: 'Taker One' },
  { label: 'bot-taker-2', role: 'bot', profileId: 304, displayName: 'Taker Two' },
  { label: 'bot-taker-3', role: 'bot', profileId: 305, displayName: 'Taker Three' },
];

/** Profiles that start with YES and NO tokens in every CLOB market. */
export const HOLDER_LABELS = ['alice', 'bob', 'dana', 'sub-1', 'sub-2'] as const;
/** Profiles that quote the starting books. */
export const SEED_MAKER_LABELS = ['bot-maker-1', 'bot-maker-2'] as const;

function buildProfile(seed: Seed): SandboxProfile {
  const privateKey = seed.key ?? labelPrivateKey(seed.label);
  const account = privateKeyToAccount(privateKey).address;
  const carol = seed.label === 'readonly';
  return {
    label: seed.label,
    role: seed.role,
    profileId: seed.profileId,
    account,
    privateKey,
    keyIsPublic: seed.keyIsPublic ?? true,
    token: seed.token
      ? {
          tokenId: `sandbox-token-${seed.label}`,
          secret: demoSecret(seed.token.n),
          scopes: [...seed.token.scopes],
        }
      : null,
    extraTokens: (seed.extraTokens ?? []).map((t) => ({
      label: t.label,
      role: t.role,
      tokenId: `sandbox-token-${t.label}`,
      secret: demoSecret(t.n),
      scopes: [...t.scopes],
    })),
    partnerProfileId: seed.partnerProfileId ?? null,
    displayName: seed.displayName,
    username: carol ? 'carol' : seed.label.replace(/-/g, '_'),
    rankName: seed.rankName ?? 'Bronze',
    feeRateBps: seed.feeRateBps ?? 0,
    tradeWalletOption: seed.smartWallet ? 'smart_wallet' : 'eoa',
    smartWallet: seed.smartWallet ? labelAddress(`smart-wallet:${seed.label}`) : null,
    allowlist: (seed.allowlist ?? []).map((a) => ({
      address: labelAddress(`allowlist:${a.label}`),
      label: a.label,
      active: a.active,
    })),
  };
}

/** Every profile of the sandbox, with look-ups by label, id, token and address. */
export class AccountRegistry {
  private readonly profiles: SandboxProfile[] = [];
  private nextSubAccount = 1;

  constructor() {
    for (const seed of SEEDED_PROFILES) this.profiles.push(buildProfile(seed));
  }

  list(): readonly SandboxProfile[] {
    return this.profiles;
  }

  byLabel(label: string): SandboxProfile {
    const profile = this.profiles.find((p) => p.label === label);
    if (!profile) throw new Error(`no sandbox profile labelled ${label}`);
    return profile;
  }

  byId(profileId: number): SandboxProfile | undefined {
    return this.profiles.find((p) => p.profileId === profileId);
  }

  byTokenId(tokenId: string): SandboxProfile | undefined {
    return this.tokenById(tokenId)?.profile;
  }

  /** The profile a token belongs to, and that token (with its own scopes). */
  tokenById(tokenId: string): { profile: SandboxProfile; token: ApiToken } | undefined {
    for (const profile of this.profiles) {
      const token = [profile.token, ...profile.extraTokens].find((t) => t?.tokenId === tokenId);
      if (token) return { profile, token };
    }
    return undefined;
  }

  byAddress(address: string): SandboxProfile | undefined {
    const a = address.toLowerCase();
    return this.profiles.find(
      (p) => p.account.toLowerCase() === a || p.smartWallet?.toLowerCase() === a,
    );
  }

  subAccountsOf(partnerProfileId: number): SandboxProfile[] {
    return this.profiles.filter((p) => p.partnerProfileId === partnerProfileId);
  }

  isPartnerOf(partnerProfileId: number, subProfileId: number): boolean {
    return this.byId(subProfileId)?.partnerProfileId === partnerProfileId;
  }

  /** `POST /profiles/partner-accounts`: a new sub-account with a server wallet. */
  createSubAccount(partnerProfileId: number, displayName?: string): SandboxProfile {
    const n = this.nextSubAccount++;
    const label = `partner-created-${n}`;
    const profile = buildProfile({
      label,
      role: 'subaccount',
      profileId: 1000 + n,
      keyIsPublic: false,
      partnerProfileId,
      displayName: displayName ?? `Sub-account ${label}`,
    });
    this.profiles.push(profile);
    return profile;
  }

  /** Back to the seeded list (drops sub-accounts created at run time). */
  reset(): void {
    this.profiles.length = 0;
    this.nextSubAccount = 1;
    for (const seed of SEEDED_PROFILES) this.profiles.push(buildProfile(seed));
  }
}

export function profileView(p: SandboxProfile): Profile {
  return {
    id: p.profileId,
    account: p.account,
    displayName: p.displayName,
    username: p.username,
    pfpUrl: null,
    rankName: p.rankName,
    rank: { name: p.rankName, feeRateBps: p.feeRateBps },
    tradeWalletOption: p.tradeWalletOption,
    smartWallet: p.smartWallet,
  };
}

/** Every demo account of a profile: its own token, then each extra token under its label. */
export function sandboxAccountViews(p: SandboxProfile): SandboxAccount[] {
  return [
    sandboxAccountView(p),
    ...p.extraTokens.map((t) => ({
      ...sandboxAccountView(p),
      label: t.label,
      role: t.role,
      tokenId: t.tokenId,
      secret: t.secret,
      scopes: [...t.scopes],
    })),
  ];
}

export function sandboxAccountView(p: SandboxProfile): SandboxAccount {
  return {
    label: p.label,
    role: p.role,
    profileId: p.profileId,
    account: p.account,
    privateKey: p.keyIsPublic ? p.privateKey : null,
    tokenId: p.token?.tokenId ?? null,
    secret: p.token?.secret ?? null,
    scopes: p.token ? [...p.token.scopes] : [],
    partnerProfileId: p.partnerProfileId,
    displayName: p.displayName,
    smartWallet: p.smartWallet,
    tradeWalletOption: p.tradeWalletOption,
    feeRateBps: p.feeRateBps,
  };
}
