// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { SecuritySection } from '../../../components/options/security/SecuritySection';
import { ALICE_VIEW, optionsWorld, renderWithDeps, settle, snapshot } from './fakes';

afterEach(cleanup);

function show() {
  const world = optionsWorld({ snapshot: snapshot({ vault: ALICE_VIEW }) });
  renderWithDeps(<SecuritySection view={ALICE_VIEW} autoLockMinutes={30} />, world.deps);
  return world;
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const change = () => fireEvent.click(screen.getByRole('button', { name: 'Change passphrase' }));

describe('SecuritySection', () => {
  it('locks now', async () => {
    const world = show();
    fireEvent.click(screen.getByRole('button', { name: 'Lock now' }));
    await settle();
    expect(world.bg.named('vault.lock')).toHaveLength(1);
    expect(world.state.value?.vault.status).toBe('locked');
  });

  it('refuses a weak or mismatched new passphrase before sending', () => {
    const world = show();
    type('Current passphrase', 'correct horse battery staple');
    type('New passphrase', 'short');
    type('New passphrase again', 'short');
    change();
    expect(screen.getByText('Use at least 10 characters.')).toBeTruthy();
    type('New passphrase', 'a much longer passphrase');
    type('New passphrase again', 'a much longer passphrase!');
    change();
    expect(screen.getByText('The two passphrases differ.')).toBeTruthy();
    expect(world.bg.named('vault.changePassphrase')).toEqual([]);
  });

  it('says when the current passphrase is wrong, next to it', async () => {
    show();
    type('Current passphrase', 'not the one');
    type('New passphrase', 'a much longer passphrase');
    type('New passphrase again', 'a much longer passphrase');
    change();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('The current passphrase is not right.');
  });

  it('changes the passphrase and clears the fields', async () => {
    const world = show();
    type('Current passphrase', 'correct horse battery staple');
    type('New passphrase', 'a much longer passphrase');
    type('New passphrase again', 'a much longer passphrase');
    change();
    await settle();
    expect(world.bg.named('vault.changePassphrase')[0]?.request).toEqual({
      current: 'correct horse battery staple',
      next: 'a much longer passphrase',
    });
    expect(screen.getByText('Passphrase changed.')).toBeTruthy();
    expect((screen.getByLabelText('New passphrase') as HTMLInputElement).value).toBe('');
  });

  it('forgets everything only after a confirmation; Escape backs out', async () => {
    const world = show();
    fireEvent.click(screen.getByRole('button', { name: 'Forget everything…' }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(world.bg.named('vault.forget')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Forget everything…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forget everything' }));
    await settle();
    expect(world.bg.named('vault.forget')[0]?.request).toEqual({ confirm: true });
    expect(world.state.value?.vault.status).toBe('empty');
  });
});
