// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PassphraseStep } from '../../../components/options/onboarding/PassphraseStep';
import { ExchangeError } from '../../../lib/core/client/errors';
import { optionsWorld, renderWithDeps, settle } from './fakes';

afterEach(cleanup);

function show(onSave = vi.fn(async () => undefined)) {
  const world = optionsWorld();
  renderWithDeps(
    <PassphraseStep
      summary={{ exchange: 'Sandbox', tokenId: 'tok', account: '0xabc', signing: 'Own key' }}
      onBack={() => undefined}
      onSave={onSave}
    />,
    world.deps,
  );
  return { onSave };
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save and encrypt' }));

describe('PassphraseStep', () => {
  it('refuses a passphrase that is too short', () => {
    const { onSave } = show();
    type('Passphrase', 'short');
    type('Passphrase again', 'short');
    save();
    expect(screen.getByRole('alert').textContent).toBe('Use at least 10 characters.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses two different entries', () => {
    const { onSave } = show();
    type('Passphrase', 'correct horse battery');
    type('Passphrase again', 'correct horse battery!');
    save();
    expect(screen.getByRole('alert').textContent).toBe('The two passphrases differ.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('hints at the strength as the user types', () => {
    show();
    type('Passphrase', 'abcdefghij');
    expect(document.getElementById('passphrase-strength')?.textContent).toMatch(/Weak/);
    type('Passphrase', 'correct horse battery staple');
    expect(document.getElementById('passphrase-strength')?.textContent).toMatch(/Strong/);
  });

  it('saves with matching entries', async () => {
    const { onSave } = show();
    type('Passphrase', 'correct horse battery');
    type('Passphrase again', 'correct horse battery');
    save();
    await settle();
    expect(onSave).toHaveBeenCalledWith('correct horse battery');
  });

  it('shows a refusal from the background in place', async () => {
    show(
      vi.fn(async () => {
        throw new ExchangeError({
          kind: 'validation',
          source: 'client',
          issues: [{ field: 'privateKey', message: 'this key belongs to 0x123' }],
        });
      }),
    );
    type('Passphrase', 'correct horse battery');
    type('Passphrase again', 'correct horse battery');
    save();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'This key belongs to 0x123. Go back to the signing step to fix it.',
    );
  });
});
