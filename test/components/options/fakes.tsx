import { signal } from '@preact/signals';
import { render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { privateKeyToAccount } from 'viem/accounts';
import { type OptionsDeps, OptionsDepsContext } from '../../../components/options/deps';
import type { SandboxAccount } from '../../../lib/core/api/sandbox';
import { ExchangeError } from '../../../lib/core/client/errors';
import type { Settings } from '../../../lib/core/settings/schema';
import type { CredentialCheck, WithdrawalTargets } from '../../../lib/protocol/messages';
import type { AppSnapshot, VaultView } from '../../../lib/protocol/views';
import { appSnapshot } from '../../lib/protocol/fixtures';
import { type FakeHandlers, fakeBackground } from '../popup/fakes';

export const ALICE_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const BOB_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
export const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const SUB_1 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
export const PARTNER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
export const COLD = '0x2222222222222222222222222222222222222222';
export const OLD = '0x3333333333333333333333333333333333333333';
export const STRANGER = '0x4444444444444444444444444444444444444444';
export const EXCHANGE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const ADAPTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const ALICE_SECRET = btoa('sandbox-demo-secret-0001');
export const PARTNER_SECRET = btoa('sandbox-demo-secret-0005');

const profile = (over: Partial<CredentialCheck['profile']> = {}): CredentialCheck['profile'] => ({
  id: 101,
  account: ALICE,
  displayName: 'Alice',
  username: 'alice',
  pfpUrl: null,
  rankName: 'Silver',
  rank: { name: 'Silver', feeRateBps: 100 },
  tradeWalletOption: 'eoa',
  smartWallet: null,
  ...over,
});

/** What the fake exchange knows: token id → the check its token passes. */
export const TOKENS: Record<string, { secret: string; check: CredentialCheck }> = {
  'sandbox-token-alice': {
    secret: ALICE_SECRET,
    check: {
      profile: profile(),
      scopes: { trading: true, withdrawal: true, delegatedSigning: null },
      partnerAccounts: [],
    },
  },
  'sandbox-token-dana': {
    secret: btoa('sandbox-demo-secret-0004'),
    check: {
      profile: profile({
        id: 104,
        displayName: 'Dana',
        account: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
        tradeWalletOption: 'smart_wallet',
        smartWallet: '0x1111111111111111111111111111111111111111',
      }),
      scopes: { trading: true, withdrawal: true, delegatedSigning: null },
      partnerAccounts: [],
    },
  },
  'sandbox-token-partner': {
    secret: PARTNER_SECRET,
    check: {
      profile: profile({ id: 201, displayName: 'Partner Desk', account: PARTNER }),
      scopes: { trading: true, withdrawal: true, delegatedSigning: true },
      partnerAccounts: [
        { id: 202, account: SUB_1, displayName: 'Sub-account 1' },
        { id: 203, account: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', displayName: null },
      ],
    },
  },
};

export const DEMO_ACCOUNTS: SandboxAccount[] = [
  {
    label: 'alice',
    role: 'trader',
    profileId: 101,
    account: ALICE,
    privateKey: ALICE_KEY,
    tokenId: 'sandbox-token-alice',
    secret: ALICE_SECRET,
    scopes: ['trading', 'withdrawal'],
    partnerProfileId: null,
    displayName: 'Alice',
  },
  {
    label: 'partner',
    role: 'partner',
    profileId: 201,
    account: PARTNER,
    privateKey: null,
    tokenId: 'sandbox-token-partner',
    secret: PARTNER_SECRET,
    scopes: ['trading', 'delegated_signing', 'withdrawal'],
    partnerProfileId: null,
    displayName: 'Partner Desk',
  },
  {
    label: 'sub-1',
    role: 'subaccount',
    profileId: 202,
    account: SUB_1,
    privateKey: null,
    tokenId: null,
    secret: null,
    scopes: [],
    partnerProfileId: 201,
    displayName: 'Sub-account 1',
  },
];

export function vaultView(over: Partial<VaultView> = {}): VaultView {
  return {
    status: 'empty',
    exchangeName: 'Sandbox',
    tokenId: null,
    profileId: null,
    account: null,
    displayName: null,
    signingKind: null,
    subAccounts: [],
    activeSubAccountId: null,
    ...over,
  };
}

export const ALICE_VIEW = vaultView({
  status: 'unlocked',
  tokenId: 'sandbox-token-alice',
  profileId: 101,
  account: ALICE,
  displayName: 'Alice',
  signingKind: 'eoa',
});

export function snapshot(over: Partial<AppSnapshot> = {}): AppSnapshot {
  return appSnapshot({ vault: vaultView(), ...over });
}

export const aliceTargets = (over: Partial<WithdrawalTargets> = {}): WithdrawalTargets => ({
  source: ALICE,
  account: ALICE,
  smartWallet: null,
  allowlist: [
    {
      address: COLD,
      label: 'alice-cold-wallet',
      active: true,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
    {
      address: OLD,
      label: 'alice-old-wallet',
      active: false,
      createdAt: '2025-01-01T00:00:00.000Z',
    },
  ],
  allowlistOwner: 'self',
  ...over,
});

const refuse = (message: string) => new ExchangeError({ kind: 'forbidden', message });

/**
 * A background keeping the real handlers' contract for the options page: the same
 * checks (token, key ↔ account, sub-account, passphrase, withdrawal destinations) and the
 * same typed refusals, with the vault state pushed to the page as the state port would.
 */
export function optionsWorld(options: { snapshot?: AppSnapshot; handlers?: FakeHandlers } = {}) {
  const state = signal<AppSnapshot | null>(options.snapshot ?? snapshot());
  const connected = signal(true);
  let passphrase = 'correct horse battery staple';
  let savedCheck: CredentialCheck | null = null;
  const setVault = (vault: VaultView) => {
    const current = state.value ?? snapshot();
    state.value = { ...current, vault };
    return vault;
  };
  const vault = () => (state.value ?? snapshot()).vault;

  const handlers: FakeHandlers = {
    'setup.sandboxAccounts': () => DEMO_ACCOUNTS,
    'setup.checkCredentials': ({ credentials }) => {
      const known = TOKENS[credentials.tokenId];
      if (!known || known.secret !== credentials.secret) {
        throw new ExchangeError({ kind: 'unauthenticated', message: 'Invalid signature' });
      }
      return known.check;
    },
    'setup.save': ({ exchange, credentials, signing, passphrase: chosen }) => {
      const known = TOKENS[credentials.tokenId];
      if (!known) throw new ExchangeError({ kind: 'unauthenticated', message: 'Invalid token' });
      if (signing.kind === 'eoa') {
        const address = privateKeyToAccount(signing.privateKey as `0x${string}`).address;
        if (address.toLowerCase() !== known.check.profile.account.toLowerCase()) {
          throw new ExchangeError({
            kind: 'validation',
            source: 'client',
            issues: [{ field: 'privateKey', message: `this key belongs to ${address}` }],
          });
        }
      }
      passphrase = chosen;
      savedCheck = known.check;
      return setVault(
        vaultView({
          status: 'unlocked',
          exchangeName: exchange.name,
          tokenId: credentials.tokenId,
          profileId: known.check.profile.id,
          account: known.check.profile.account,
          displayName: known.check.profile.displayName,
          signingKind: signing.kind,
          subAccounts: known.check.partnerAccounts,
          activeSubAccountId: signing.kind === 'delegated' ? signing.activeSubAccountId : null,
        }),
      );
    },
    'vault.unlock': ({ passphrase: given }) => {
      if (given !== passphrase) {
        throw new ExchangeError({
          kind: 'validation',
          source: 'client',
          issues: [{ field: 'passphrase', message: 'That passphrase does not open the vault.' }],
        });
      }
      return setVault({ ...vault(), status: 'unlocked' });
    },
    'vault.lock': () => setVault({ ...vault(), status: 'locked' }),
    'vault.changePassphrase': ({ current, next }) => {
      if (current !== passphrase) {
        throw new ExchangeError({
          kind: 'validation',
          source: 'client',
          issues: [{ field: 'passphrase', message: 'The current passphrase is not right.' }],
        });
      }
      passphrase = next;
      return vault();
    },
    'vault.forget': () => setVault(vaultView({ status: 'empty' })),
    'account.setActiveSubAccount': ({ subAccountId }) =>
      setVault({ ...vault(), activeSubAccountId: subAccountId }),
    'markets.venues': () => [
      {
        slug: 'sandbox-btc-100k',
        title: 'BTC above $100k?',
        negRisk: false,
        grouped: false,
        venue: { exchange: EXCHANGE, adapter: ADAPTER },
      },
      {
        slug: 'sandbox-election-a',
        title: 'Election: A',
        negRisk: true,
        grouped: true,
        venue: { exchange: EXCHANGE, adapter: ADAPTER },
      },
    ],
    'withdraw.targets': () => aliceTargets(),
    'withdraw.submit': ({ amountRaw, destination }) => {
      const t = aliceTargets();
      const to = destination ?? t.account;
      const ok =
        to.toLowerCase() === t.account.toLowerCase() ||
        t.allowlist.some((a) => a.active && a.address.toLowerCase() === to.toLowerCase());
      if (!ok) throw refuse(`Withdrawal destination ${to} is not allowed`);
      return {
        hash: `0x${'ab'.repeat(32)}`,
        userOperationHash: null,
        transactionId: 'wd-1',
        walletAddress: t.source,
        token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        destination: to,
        amount: amountRaw,
      };
    },
    ...options.handlers,
  };
  const bg = fakeBackground(handlers);

  const permissionRequests: string[][] = [];
  const permissionRemovals: string[][] = [];
  let grant = true;
  const files: { name: string; text: string }[] = [];
  let shortcutsOpened = 0;
  const deps: OptionsDeps = {
    send: bg.send,
    snapshot: state,
    connected,
    updateSettings: async (change) => {
      const current = state.value ?? snapshot();
      const next: Settings = change(current.settings);
      state.value = { ...current, settings: next };
      return next;
    },
    requestHostPermissions: async (patterns) => {
      permissionRequests.push(patterns);
      return grant;
    },
    removeHostPermissions: async (patterns) => {
      permissionRemovals.push(patterns);
      return true;
    },
    openShortcutSettings: () => {
      shortcutsOpened++;
    },
    saveFile: (name, text) => {
      files.push({ name, text });
    },
    now: () => new Date('2026-03-04T05:06:07Z'),
  };
  return {
    deps,
    state,
    bg,
    permissionRequests,
    permissionRemovals,
    files,
    denyPermissions: () => {
      grant = false;
    },
    shortcutsOpened: () => shortcutsOpened,
    savedCheck: () => savedCheck,
  };
}

export function renderWithDeps(ui: ComponentChildren, deps: OptionsDeps) {
  return render(<OptionsDepsContext.Provider value={deps}>{ui}</OptionsDepsContext.Provider>);
}

export { flushTasks as settle } from '../../support/flush';
