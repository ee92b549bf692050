// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { WithdrawSection } from '../../../components/options/withdraw/WithdrawSection';
import { ExchangeError } from '../../../lib/core/client/errors';
import {
  ALICE,
  ALICE_VIEW,
  aliceTargets,
  COLD,
  OLD,
  optionsWorld,
  renderWithDeps,
  STRANGER,
  settle,
} from './fakes';

afterEach(cleanup);

async function show(world = optionsWorld()) {
  renderWithDeps(<WithdrawSection view={ALICE_VIEW} />, world.deps);
  await settle();
  return world;
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const review = () => fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
const pick = (address: string) =>
  fireEvent.click(screen.getByRole('radio', { name: new RegExp(address) }));

describe('WithdrawSection', () => {
  it('offers the account and active allowlisted addresses; the inactive one cannot be picked', async () => {
    await show();
    expect(
      (screen.getByRole('radio', { name: new RegExp(ALICE) }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (screen.getByRole('radio', { name: new RegExp(COLD) }) as HTMLInputElement).disabled,
    ).toBe(false);
    expect(
      (screen.getByRole('radio', { name: new RegExp(OLD) }) as HTMLInputElement).disabled,
    ).toBe(true);
  });

  it('says what is wrong with the amount', async () => {
    const world = await show();
    review();
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount.');
    type('Amount ($)', '1.0000001');
    review();
    expect(screen.getByRole('alert').textContent).toMatch(/At most 6 decimals/);
    type('Amount ($)', '0');
    review();
    expect(screen.getByRole('alert').textContent).toBe('Enter more than zero.');
    expect(world.bg.named('withdraw.submit')).toEqual([]);
  });

  it('blocks a third-party address with the spec reason, before sending', async () => {
    const world = await show();
    type('Amount ($)', '5');
    fireEvent.click(screen.getByRole('radio', { name: 'Another address' }));
    type('Destination address', STRANGER);
    review();
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Third-party addresses not on the allowlist are blocked/,
    );
    expect(world.bg.named('withdraw.submit')).toEqual([]);
  });

  it('refuses a token that is not an address', async () => {
    await show();
    type('Amount ($)', '5');
    type('Token (optional)', 'USDC');
    review();
    expect(screen.getByRole('alert').textContent).toMatch(/ERC20 contract address/);
  });

  it('confirms amount and destination, sends exact raw units, and shows the hash', async () => {
    const world = await show();
    type('Amount ($)', '12.345678');
    pick(COLD);
    review();
    const box = screen.getByRole('alertdialog');
    expect(box.textContent).toContain('$12.345678');
    expect(box.textContent).toContain('12345678 raw units');
    expect(box.textContent).toContain(COLD);
    expect(box.textContent).toContain('the collateral token');
    expect(document.activeElement?.textContent).toBe('Withdraw');
    type('Your passphrase', 'correct horse battery staple');
    fireEvent.click(within(box).getByRole('button', { name: 'Withdraw' }));
    await settle();
    expect(world.bg.named('withdraw.submit')[0]?.request).toEqual({
      amountRaw: '12345678',
      destination: COLD,
      passphrase: 'correct horse battery staple',
    });
    expect(screen.getByTestId('withdraw-hash').textContent).toBe(`0x${'ab'.repeat(32)}`);
  });

  it('backs out of the confirmation with Escape, keeping what was typed', async () => {
    const world = await show();
    type('Amount ($)', '3');
    review();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((screen.getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('3');
    expect(world.bg.named('withdraw.submit')).toEqual([]);
  });

  it('shows the exchange’s refusal in one sentence', async () => {
    const world = optionsWorld({
      handlers: {
        'withdraw.submit': () => {
          throw new ExchangeError({
            kind: 'rejected',
            status: 400,
            message: 'Insufficient balance: 5000000 raw units requested, 10 available',
          });
        },
      },
    });
    await show(world);
    type('Amount ($)', '5');
    review();
    type('Your passphrase', 'correct horse battery staple');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'Refused by the exchange: Insufficient balance: 5000000 raw units requested, 10 available.',
    );
    expect((screen.getByLabelText('Amount ($)') as HTMLInputElement).value).toBe('5');
  });

  it('asks for the passphrase again, and a wrong one keeps the confirmation with the reason', async () => {
    const world = optionsWorld({
      handlers: {
        'withdraw.submit': () => {
          throw new ExchangeError({
            kind: 'validation',
            source: 'client',
            issues: [{ field: 'passphrase', message: 'That passphrase does not open the vault.' }],
          });
        },
      },
    });
    await show(world);
    type('Amount ($)', '5');
    review();
    type('Your passphrase', 'not the passphrase');
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await settle();
    expect(screen.getByRole('alertdialog')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('That passphrase does not open the vault.');
    expect(world.bg.named('withdraw.submit')[0]?.request).toMatchObject({
      passphrase: 'not the passphrase',
    });
  });

  it('shows the allowlist read-only and why it cannot be managed here', async () => {
    await show();
    const list = screen.getByRole('region', { name: 'Your allowlist' });
    expect(list.textContent).toContain('alice-cold-wallet');
    expect(list.textContent).toContain('inactive');
    expect(list.textContent).toMatch(/needs the exchange's own sign-in/);
    expect(within(list).queryByRole('button')).toBeNull();
  });

  it("uses the partner's allowlist and wallets for a sub-account", async () => {
    const SUB = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    const world = optionsWorld({
      handlers: {
        'withdraw.targets': () => aliceTargets({ source: SUB, allowlistOwner: 'partner' }),
      },
    });
    await show(world);
    expect(document.body.textContent).toContain(SUB);
    expect(screen.getByRole('radio', { name: /The partner's account/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: "The partner's allowlist" })).toBeTruthy();
  });
});
