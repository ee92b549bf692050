import { describe, expect, it } from 'vitest';
import {
  checkCredentialsForm,
  describeDemoAccount,
  formatFeeRate,
  summarizeCheck,
  usableDemoAccounts,
} from '../../../../components/options/onboarding/credentials-step';
import { Profile } from '../../../../lib/core/api/profiles';
import { SandboxAccount } from '../../../../lib/core/api/sandbox';
import * as ex from '../../../lib/core/api/examples';

describe('checkCredentialsForm', () => {
  it('accepts a token id and a base64 secret, trimmed', () => {
    expect(checkCredentialsForm({ tokenId: ' tok ', secret: ' c2VjcmV0 ' })).toEqual({
      ok: true,
      value: { tokenId: 'tok', secret: 'c2VjcmV0' },
    });
  });

  it('asks for each missing field', () => {
    const result = checkCredentialsForm({ tokenId: '', secret: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.tokenId).toBe('Enter the token id.');
      expect(result.issues.secret).toBe('Enter the token secret.');
    }
  });

  it('refuses a secret that is not base64', () => {
    for (const secret of ['not base64!', 'abc', 'A===']) {
      const result = checkCredentialsForm({ tokenId: 'tok', secret });
      expect(result.ok, secret).toBe(false);
      if (!result.ok) expect(result.issues.secret).toMatch(/base64/);
    }
  });
});

describe('summarizeCheck', () => {
  const profile = Profile.parse(ex.profile());

  it('shows the profile the token unlocks and which scopes worked', () => {
    const summary = summarizeCheck({
      profile,
      scopes: { trading: true, withdrawal: false, delegatedSigning: null },
      partnerAccounts: [],
    });
    expect(summary).toMatchObject({
      name: 'Ada',
      account: ex.ACCOUNT,
      rank: 'Gold',
      feeRate: '0.30% (30 bps)',
      warnings: [],
    });
    expect(summary.scopes).toEqual([
      { scope: 'trading', label: 'trading', state: 'works' },
      { scope: 'withdrawal', label: 'withdrawal', state: 'missing' },
    ]);
  });

  it('warns when the token cannot trade', () => {
    const summary = summarizeCheck({
      profile,
      scopes: { trading: false, withdrawal: true, delegatedSigning: null },
      partnerAccounts: [],
    });
    expect(summary.warnings[0]).toMatch(/cannot trade/);
  });

  it('lists delegated signing for partners only', () => {
    const summary = summarizeCheck({
      profile,
      scopes: { trading: true, withdrawal: true, delegatedSigning: false },
      partnerAccounts: [{ id: 202, account: ex.SUB_WALLET, displayName: 'Sub 1' }],
    });
    expect(summary.scopes.map((s) => s.scope)).toContain('delegatedSigning');
    expect(summary.warnings.join(' ')).toMatch(/lacks delegated signing/);
  });

  it('formats fee rates exactly', () => {
    expect(formatFeeRate(0)).toBe('0.00% (0 bps)');
    expect(formatFeeRate(100)).toBe('1.00% (100 bps)');
    expect(formatFeeRate(1234)).toBe('12.34% (1234 bps)');
  });
});

describe('demo accounts', () => {
  const account = (over: Partial<SandboxAccount>) =>
    SandboxAccount.parse({
      label: 'alice',
      role: 'trader',
      profileId: 101,
      account: ex.ACCOUNT,
      privateKey: null,
      tokenId: 'sandbox-token-alice',
      secret: 'c2VjcmV0',
      scopes: ['trading'],
      partnerProfileId: null,
      displayName: 'Alice',
      ...over,
    });

  it('offers only accounts with a token, never bots', () => {
    const list = usableDemoAccounts([
      account({}),
      account({ label: 'sub-1', role: 'subaccount', tokenId: null, secret: null }),
      account({ label: 'bot', role: 'bot' }),
    ]);
    expect(list.map((a) => a.label)).toEqual(['alice']);
  });

  it('describes an account by name, label and role', () => {
    expect(describeDemoAccount(account({}))).toBe('Alice (alice) — trader with its own key');
  });
});
