// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CredentialsStep } from '../../../components/options/onboarding/CredentialsStep';
import { SANDBOX_EXCHANGE } from '../../../lib/core/settings/page-defaults';
import { ALICE, ALICE_KEY, ALICE_SECRET, optionsWorld, renderWithDeps, settle } from './fakes';

afterEach(cleanup);

function show(sandbox = true) {
  const world = optionsWorld();
  const onNext = vi.fn();
  renderWithDeps(
    <CredentialsStep
      exchange={SANDBOX_EXCHANGE}
      sandbox={sandbox}
      onBack={() => undefined}
      onNext={onNext}
    />,
    world.deps,
  );
  return { world, onNext };
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const check = () => fireEvent.click(screen.getByRole('button', { name: 'Check token' }));

describe('CredentialsStep', () => {
  it('asks for both fields before checking anything', () => {
    const { world } = show();
    check();
    expect(screen.getByText('Enter the token id.')).toBeTruthy();
    expect(screen.getByText('Enter the token secret.')).toBeTruthy();
    expect(world.bg.named('setup.checkCredentials')).toEqual([]);
  });

  it('refuses a secret that is not base64, next to the field', () => {
    const { world } = show();
    type('Token id', 'sandbox-token-alice');
    type('Token secret (base64)', 'not base64!');
    check();
    expect(screen.getByText('The secret must be base64 (letters, digits, + and /).')).toBeTruthy();
    expect(world.bg.named('setup.checkCredentials')).toEqual([]);
  });

  it('says in one sentence when the exchange refuses the token', async () => {
    show();
    type('Token id', 'sandbox-token-alice');
    type('Token secret (base64)', btoa('wrong secret'));
    check();
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(
      /^The exchange did not accept the API token \(Invalid signature\)\./,
    );
  });

  it('shows back the profile the token unlocks, then goes on', async () => {
    const { onNext } = show();
    type('Token id', 'sandbox-token-alice');
    type('Token secret (base64)', ALICE_SECRET);
    check();
    await settle();
    const card = screen.getByRole('region', { name: 'Profile of this token' });
    expect(within(card).getByText('Alice')).toBeTruthy();
    expect(card.textContent).toContain(ALICE);
    expect(card.textContent).toContain('Silver');
    expect(card.textContent).toContain('1.00% (100 bps)');
    expect(card.textContent).toContain('trading: works');
    expect(card.textContent).toContain('withdrawal: works');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith(
      expect.objectContaining({
        credentials: { tokenId: 'sandbox-token-alice', secret: ALICE_SECRET },
        demoKey: null,
      }),
    );
  });

  it('fills and checks a sandbox demo account, keeping its key for the next step', async () => {
    const { onNext, world } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Use a sandbox demo account' }));
    await settle();
    // Sub-accounts have no token of their own: not offered.
    expect(screen.queryByText(/sub-1/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Alice \(alice\)/ }));
    await settle();
    expect((screen.getByLabelText('Token id') as HTMLInputElement).value).toBe(
      'sandbox-token-alice',
    );
    expect(world.bg.named('setup.checkCredentials')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext.mock.calls[0]?.[0].demoKey).toBe(ALICE_KEY);
  });

  it('offers no demo accounts away from the sandbox', () => {
    show(false);
    expect(screen.queryByRole('button', { name: 'Use a sandbox demo account' })).toBeNull();
  });

  it('forgets a check when the token is edited', async () => {
    show();
    type('Token id', 'sandbox-token-alice');
    type('Token secret (base64)', ALICE_SECRET);
    check();
    await settle();
    type('Token id', 'sandbox-token-bob');
    expect(screen.queryByRole('region', { name: 'Profile of this token' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Check token' })).toBeTruthy();
  });
});
