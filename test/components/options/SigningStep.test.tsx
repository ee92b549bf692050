// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SigningStep } from '../../../components/options/onboarding/SigningStep';
import { ALICE, ALICE_KEY, BOB_KEY, optionsWorld, renderWithDeps, TOKENS } from './fakes';

afterEach(cleanup);

function show(token: keyof typeof TOKENS, demoKey: string | null = null) {
  const world = optionsWorld();
  const onNext = vi.fn();
  const check = TOKENS[token]?.check;
  if (!check) throw new Error(`no token ${token}`);
  renderWithDeps(
    <SigningStep check={check} demoKey={demoKey} onBack={() => undefined} onNext={onNext} />,
    world.deps,
  );
  return { onNext };
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const typeKey = (value: string) =>
  fireEvent.input(screen.getByLabelText('Private key of your account'), { target: { value } });

describe('SigningStep', () => {
  it('refuses a key of another account, naming both addresses', () => {
    const { onNext } = show('sandbox-token-alice');
    typeKey(BOB_KEY);
    next();
    const error = screen.getByRole('alert').textContent ?? '';
    expect(error).toContain('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
    expect(error).toContain(ALICE);
    expect(error).not.toContain(BOB_KEY.slice(2));
    expect(onNext).not.toHaveBeenCalled();
  });

  it('refuses text that is not a key', () => {
    show('sandbox-token-alice');
    typeKey('0xnot-a-key');
    next();
    expect(screen.getByRole('alert').textContent).toMatch(/64 hex characters/);
  });

  it('accepts the account’s key and clears the field', () => {
    const { onNext } = show('sandbox-token-alice');
    typeKey(ALICE_KEY);
    next();
    expect(onNext).toHaveBeenCalledWith({ kind: 'eoa', privateKey: ALICE_KEY });
    expect((screen.getByLabelText('Private key of your account') as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('prefills a demo account’s key', () => {
    const { onNext } = show('sandbox-token-alice', ALICE_KEY);
    expect(screen.getByText('Filled in from the demo account.')).toBeTruthy();
    next();
    expect(onNext).toHaveBeenCalledWith({ kind: 'eoa', privateKey: ALICE_KEY });
  });

  it('tells a smart-wallet profile that self-signed orders need EOA mode', () => {
    show('sandbox-token-dana');
    expect(screen.getByRole('note').textContent).toMatch(/Switch the profile to EOA mode/);
  });

  it('lets a partner pick the active sub-account for delegated signing', () => {
    const { onNext } = show('sandbox-token-partner');
    expect((screen.getByLabelText(/Delegated signing/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText(/Sub-account 203/));
    next();
    expect(onNext).toHaveBeenCalledWith({ kind: 'delegated', activeSubAccountId: 203 });
  });
});
