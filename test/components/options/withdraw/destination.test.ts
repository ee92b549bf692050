import { describe, expect, it } from 'vitest';
import {
  checkDestination,
  destinationOptions,
} from '../../../../components/options/withdraw/destination';
import { checkWithdrawForm } from '../../../../components/options/withdraw/form';
import type { WithdrawalTargets } from '../../../../lib/protocol/messages';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SMART = '0x1111111111111111111111111111111111111111';
const COLD = '0x2222222222222222222222222222222222222222';
const OLD = '0x3333333333333333333333333333333333333333';
const STRANGER = '0x4444444444444444444444444444444444444444';

const targets = (over: Partial<WithdrawalTargets> = {}): WithdrawalTargets => ({
  source: ACCOUNT,
  account: ACCOUNT,
  smartWallet: null,
  allowlist: [
    { address: COLD, label: 'cold', active: true, createdAt: '2025-01-01T00:00:00.000Z' },
    { address: OLD, label: 'old', active: false, createdAt: '2025-01-01T00:00:00.000Z' },
  ],
  allowlistOwner: 'self',
  ...over,
});

describe('destinationOptions', () => {
  it('offers the account, the smart wallet and the allowlist, marking the default', () => {
    const options = destinationOptions(targets({ smartWallet: SMART }));
    expect(options.map((o) => [o.kind, o.address, o.active, o.isDefault])).toEqual([
      ['account', ACCOUNT, true, false],
      ['smart-wallet', SMART, true, true],
      ['allowlist', COLD, true, false],
      ['allowlist', OLD, false, false],
    ]);
  });

  it("speaks of the partner's wallets when acting for a sub-account", () => {
    const [account] = destinationOptions(targets({ allowlistOwner: 'partner' }));
    expect(account?.label).toBe("The partner's account");
    expect(account?.phrase).toBe("the partner's account");
    expect(destinationOptions(targets())[1]?.phrase).toBe('the allowlisted address “cold”');
  });
});

describe('checkDestination', () => {
  it('accepts allowed addresses whatever their case', () => {
    const result = checkDestination(COLD.toUpperCase().replace('0X', '0x'), targets());
    expect(result.ok && result.option.kind).toBe('allowlist');
    expect(checkDestination(ACCOUNT.toLowerCase(), targets()).ok).toBe(true);
  });

  it('blocks a third-party address with the spec reason', () => {
    const result = checkDestination(STRANGER, targets());
    expect(result).toEqual({
      ok: false,
      message:
        'Third-party addresses not on the allowlist are blocked: a withdrawal may only go to your account, your smart wallet or an active address of your allowlist.',
    });
  });

  it('blocks an inactive allowlisted address and says why', () => {
    const result = checkDestination(OLD, targets());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/allowlist but not active/);
  });

  it("blocks the sub-account's own wallet: the partner's rules apply", () => {
    const SUB = '0x5555555555555555555555555555555555555555';
    const result = checkDestination(SUB, targets({ source: SUB, allowlistOwner: 'partner' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/the partner's allowlist/);
  });

  it('refuses text that is not an address', () => {
    expect(checkDestination('', targets()).ok).toBe(false);
    const result = checkDestination('0x123', targets());
    if (!result.ok) expect(result.message).toMatch(/40 hex characters/);
  });
});

describe('checkWithdrawForm', () => {
  it('builds the plan: raw amount, collateral by default, the chosen destination', () => {
    const result = checkWithdrawForm({ amount: '2.50', token: '', destination: COLD }, targets());
    expect(result.ok && result.value).toMatchObject({
      amountRaw: '2500000',
      token: null,
      destination: { address: COLD, kind: 'allowlist' },
    });
  });

  it('reports every wrong field at once', () => {
    const result = checkWithdrawForm(
      { amount: '0', token: 'usdc', destination: STRANGER },
      targets(),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.issues.amount).toBe('Enter more than zero.');
      expect(result.issues.token).toMatch(/ERC20 contract address/);
      expect(result.issues.destination).toMatch(/Third-party addresses/);
    }
  });
});
