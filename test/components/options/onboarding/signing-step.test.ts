import { describe, expect, it } from 'vitest';
import {
  checkOwnKey,
  checkSubAccount,
  signingOptions,
  smartWalletNotice,
} from '../../../../components/options/onboarding/signing-step';
import { Profile } from '../../../../lib/core/api/profiles';
import * as ex from '../../../lib/core/api/examples';

const KEY_1 = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const KEY_2 = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

describe('the address of a pasted key (viem derives it, EIP-55 checksummed)', () => {
  it.each([
    [KEY_1, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
    [KEY_2, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
    [`0x${'0'.repeat(63)}1`, '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf'],
  ])('%s → %s', (key, address) => {
    expect(checkOwnKey(key, { account: address.toLowerCase() })).toEqual({
      ok: true,
      privateKey: key,
      address,
    });
  });
});

describe('a key outside the curve', () => {
  it.each([`0x${'f'.repeat(64)}`, `0x${'0'.repeat(64)}`])('%s is refused with why', (key) => {
    expect(checkOwnKey(key, { account: '0x0000000000000000000000000000000000000001' })).toEqual({
      ok: false,
      message: 'That is not a valid private key (out of the curve’s range).',
    });
  });
});

describe('checkOwnKey', () => {
  const profile = Profile.parse(ex.profile());

  it('accepts the key of the profile account, with or without 0x', () => {
    const result = checkOwnKey(KEY_1.slice(2), profile);
    expect(result).toEqual({ ok: true, privateKey: KEY_1, address: ex.ACCOUNT });
  });

  it('refuses a key of another account and names both addresses, never the key', () => {
    const result = checkOwnKey(KEY_2, profile);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
      expect(result.message).toContain(ex.ACCOUNT);
      expect(result.message).not.toContain(KEY_2.slice(2));
    }
  });

  it('refuses text that is not a key', () => {
    expect(checkOwnKey('', profile)).toEqual({
      ok: false,
      message: 'Paste the private key of your account.',
    });
    const short = checkOwnKey('0x1234', profile);
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.message).toMatch(/64 hex characters/);
  });

  it('refuses the zero key (outside the curve range)', () => {
    const zero = checkOwnKey(`0x${'0'.repeat(64)}`, profile);
    expect(zero.ok).toBe(false);
  });
});

describe('signing choices', () => {
  const profile = Profile.parse(ex.profile());
  const sub = { id: 202, account: ex.SUB_WALLET, displayName: 'Sub 1' };

  it('tells smart-wallet profiles that self-signed orders need EOA mode', () => {
    expect(smartWalletNotice({ tradeWalletOption: 'smart_wallet' })).toMatch(/EOA mode/);
    expect(smartWalletNotice({ tradeWalletOption: 'eoa' })).toBeNull();
  });

  it('offers delegated signing to partners whose token may use it, and prefers it', () => {
    const scopes = { trading: true, withdrawal: true, delegatedSigning: true };
    expect(signingOptions({ profile, scopes, partnerAccounts: [sub] })).toEqual({
      kinds: ['eoa', 'delegated'],
      preferred: 'delegated',
    });
    expect(signingOptions({ profile, scopes, partnerAccounts: [] }).kinds).toEqual(['eoa']);
    expect(
      signingOptions({
        profile,
        scopes: { ...scopes, delegatedSigning: false },
        partnerAccounts: [sub],
      }).kinds,
    ).toEqual(['eoa']);
  });

  it('needs one of the listed sub-accounts', () => {
    expect(checkSubAccount(null, [sub]).ok).toBe(false);
    expect(checkSubAccount(999, [sub]).ok).toBe(false);
    expect(checkSubAccount(202, [sub])).toEqual({ ok: true, id: 202 });
  });
});
