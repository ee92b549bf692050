/**
 * Withdrawals from the options page against the sandbox: to an allowlisted address it
 * goes through (amount and destination confirmed, the hash shown, the ledger debited
 * exactly); to a third-party address the page refuses with the spec's reason before
 * sending, and the exchange refuses it too when asked directly.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COLLATERAL } from '../../../sandbox/core/ledger';
import { TEST_PASSPHRASE, useHarness } from '../fixtures';

const h = useHarness(import.meta.url);

const STRANGER = '0x4444444444444444444444444444444444444444';

async function openWithdraw(): Promise<Page> {
  const page = await h().openOptions();
  await page.getByRole('tab', { name: 'Withdraw' }).click();
  await page.getByRole('region', { name: 'Your allowlist' }).waitFor();
  return page;
}

const available = (profileId: number) => h().sandbox.core.ledger.available(profileId, COLLATERAL);

describe('withdrawals from the options page', () => {
  it('sends to an allowlisted address after a confirmation and shows the transaction hash', async () => {
    const view = await h().onboard('alice');
    const profileId = view.profileId ?? 0;
    const page = await openWithdraw();
    await h().shot(page, 'withdraw-form');

    const allowlist =
      (await page.getByRole('region', { name: 'Your allowlist' }).textContent()) ?? '';
    expect(allowlist).toContain('alice-cold-wallet');
    expect(allowlist).toMatch(/needs the exchange's own sign-in/);
    const cold = page.getByRole('radio', { name: /Allowlisted: alice-cold-wallet/ });
    const coldAddress = (await cold.getAttribute('value')) ?? '';
    expect(coldAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The inactive entry is listed but cannot be chosen.
    expect(await page.getByRole('radio', { name: /alice-old-wallet/ }).isDisabled()).toBe(true);

    const before = available(profileId);
    await page.getByLabel('Amount ($)').fill('12.345678');
    await cold.check();
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    const stated = (await confirm.textContent()) ?? '';
    expect(stated).toContain('$12.345678');
    expect(stated).toContain('12345678 raw units');
    expect(stated).toContain(coldAddress);
    await h().shot(page, 'withdraw-confirm');

    // Escape backs out; nothing moved.
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(available(profileId)).toBe(before);

    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    // Money leaves for good: the passphrase is asked again, and a wrong one moves nothing.
    await page.getByLabel('Your passphrase').fill('not my passphrase');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.locator('#withdraw-passphrase-error').waitFor();
    expect(await page.locator('#withdraw-passphrase-error').textContent()).toMatch(
      /passphrase does not open the vault/,
    );
    expect(available(profileId)).toBe(before);
    await page.getByLabel('Your passphrase').fill(TEST_PASSPHRASE);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const hash = page.getByTestId('withdraw-hash');
    await hash.waitFor();
    expect(await hash.textContent()).toMatch(/^0x[0-9a-f]{64}$/);
    expect(before - available(profileId)).toBe(12_345_678n);
    await h().shot(page, 'withdraw-done');
  });

  it('refuses a third-party address with the spec reason, on the page and at the exchange', async () => {
    const page = await openWithdraw();
    const before = available(101);
    await page.getByLabel('Amount ($)').fill('5');
    await page.getByRole('radio', { name: 'Another address' }).check();
    await page.getByLabel('Destination address').fill(STRANGER);
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    const error = page.locator('#withdraw-destination-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      'Third-party addresses not on the allowlist are blocked: a withdrawal may only go to your account, your smart wallet or an active address of your allowlist.',
    );
    await h().shot(page, 'withdraw-third-party-refused');
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // The exchange applies the same rule to anything that gets past the page.
    const reply = await h().send(
      'withdraw.submit',
      { amountRaw: '5000000', destination: STRANGER, passphrase: TEST_PASSPHRASE },
      page,
    );
    expect(reply.ok).toBe(false);
    if (!reply.ok) {
      expect(reply.error).toMatchObject({ kind: 'forbidden' });
      expect(JSON.stringify(reply.error)).toMatch(
        /is not allowed: use your account, your smart wallet or an active allowlisted address/,
      );
    }
    expect(available(101)).toBe(before);
  });

  it("withdraws for a partner's sub-account to the partner's allowlisted address", async () => {
    const view = await h().onboard('partner', { subAccount: 'sub-1' });
    const sub = view.subAccounts.find((s) => s.id === view.activeSubAccountId);
    expect(sub).toBeDefined();
    const page = await h().openOptions();
    await page.getByRole('tab', { name: 'Withdraw' }).click();
    const allowlist = page.getByRole('region', { name: "The partner's allowlist" });
    await allowlist.waitFor();
    expect((await allowlist.textContent()) ?? '').toContain('partner-treasury');
    expect((await page.locator('main').textContent()) ?? '').toContain(sub?.account ?? 'none');
    await h().shot(page, 'withdraw-sub-account-form');

    const before = available(sub?.id ?? 0);
    await page.getByLabel('Amount ($)').fill('1.5');
    await page.getByRole('radio', { name: /Allowlisted: partner-treasury/ }).check();
    await page.getByRole('button', { name: 'Review withdrawal' }).click();
    await page.getByLabel('Your passphrase').fill(TEST_PASSPHRASE);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByTestId('withdraw-hash').waitFor();
    expect(before - available(sub?.id ?? 0)).toBe(1_500_000n);
    await h().shot(page, 'withdraw-sub-account-done');
  });
});
