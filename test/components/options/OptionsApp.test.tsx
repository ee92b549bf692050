// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsApp, sectionFromHash } from '../../../components/options/OptionsApp';
import {
  ALICE,
  ALICE_KEY,
  ALICE_SECRET,
  ALICE_VIEW,
  optionsWorld,
  PARTNER,
  SUB_1,
  settle,
  snapshot,
  TOKENS,
  vaultView,
} from './fakes';

afterEach(cleanup);

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('OptionsApp', () => {
  it('waits for the background before showing anything', () => {
    const world = optionsWorld();
    world.state.value = null;
    const { container } = renderApp(world);
    expect(container.textContent).toMatch(/Connecting to the extension's background/);
  });

  it('walks a fresh install to an unlocked vault with a demo account, then forgets the secrets', async () => {
    const world = optionsWorld();
    renderApp(world);
    expect(screen.getByRole('heading', { name: 'Step 1 of 5: Exchange' })).toBeTruthy();
    click('Next');
    await settle();

    expect(screen.getByRole('heading', { name: 'Step 2 of 5: API token' })).toBeTruthy();
    click('Use a sandbox demo account');
    await settle();
    click(/^Alice \(alice\)/);
    await settle();
    click('Next');

    expect(screen.getByRole('heading', { name: 'Step 3 of 5: Signing' })).toBeTruthy();
    click('Next');

    expect(screen.getByRole('heading', { name: 'Step 4 of 5: Passphrase' })).toBeTruthy();
    type('Passphrase', 'correct horse battery staple');
    type('Passphrase again', 'correct horse battery staple');
    click('Save and encrypt');
    await settle();

    const [saved] = world.bg.named('setup.save');
    expect(saved?.request).toMatchObject({
      credentials: { tokenId: 'sandbox-token-alice', secret: ALICE_SECRET },
      signing: { kind: 'eoa', privateKey: ALICE_KEY },
    });
    // Step 5 stays on screen although the vault is now unlocked.
    expect(screen.getByRole('heading', { name: 'Step 5 of 5: Token approvals' })).toBeTruthy();
    await settle();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Collateral token');
    expect(text).toContain('venue.adapter');
    click('Finish');

    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('token-id').textContent).toBe('sandbox-token-alice');
    // The secret and the key are never displayed again, nor kept in any field.
    const html = document.body.innerHTML;
    expect(html).not.toContain(ALICE_SECRET);
    expect(html).not.toContain(ALICE_KEY.slice(2));
    for (const input of document.querySelectorAll('input')) {
      expect(input.value).not.toContain(ALICE_SECRET);
      expect(input.value).not.toContain(ALICE_KEY.slice(2));
    }
  });

  it('sets up delegated signing for a partner and shows the sub-account selector', async () => {
    const world = optionsWorld();
    renderApp(world);
    click('Next');
    await settle();
    type('Token id', 'sandbox-token-partner');
    type('Token secret (base64)', TOKENS['sandbox-token-partner']?.secret ?? '');
    click('Check token');
    await settle();
    expect(document.body.textContent).toContain('delegated signing: works');
    click('Next');
    click('Next');
    type('Passphrase', 'correct horse battery staple');
    type('Passphrase again', 'correct horse battery staple');
    click('Save and encrypt');
    await settle();
    expect(world.bg.named('setup.save')[0]?.request).toMatchObject({
      signing: { kind: 'delegated', activeSubAccountId: 202 },
    });
    await settle();
    expect(document.body.textContent).toContain(SUB_1);
    click('Finish');
    const select = screen.getByLabelText('Active sub-account') as HTMLSelectElement;
    expect(select.value).toBe('202');
    select.value = '203';
    fireEvent.change(select);
    await settle();
    expect(world.bg.named('account.setActiveSubAccount')[0]?.request).toEqual({
      subAccountId: 203,
    });
    expect(world.state.value?.vault.activeSubAccountId).toBe(203);
    expect(document.body.textContent).toContain(PARTNER);
  });

  it('unlocks a locked vault here too, and says when the passphrase is wrong', async () => {
    const world = optionsWorld({
      snapshot: snapshot({ vault: { ...ALICE_VIEW, status: 'locked' } }),
    });
    renderApp(world);
    expect(document.querySelector('[data-vault-status]')?.textContent).toBe('Locked');
    type('Passphrase', 'not it at all');
    click('Unlock');
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('That passphrase does not open the vault.');
    expect(screen.getByLabelText('Passphrase').getAttribute('aria-invalid')).toBe('true');
    type('Passphrase', 'correct horse battery staple');
    click('Unlock');
    await settle();
    expect(document.querySelector('[data-vault-status]')?.textContent).toBe('Unlocked');
    expect(screen.queryByRole('form', { name: 'Unlock' })).toBeNull();
  });

  it('goes back to the setup when the vault is forgotten', async () => {
    const world = optionsWorld({ snapshot: snapshot({ vault: ALICE_VIEW }) });
    renderApp(world, 'security');
    click('Forget everything…');
    click('Forget everything');
    await settle();
    expect(world.state.value?.vault.status).toBe('empty');
    expect(screen.getByRole('heading', { name: 'Step 1 of 5: Exchange' })).toBeTruthy();
  });

  it('opens the section named in the address', () => {
    expect(sectionFromHash('#withdraw')).toBe('withdraw');
    expect(sectionFromHash('#nonsense')).toBe('account');
    const world = optionsWorld({ snapshot: snapshot({ vault: ALICE_VIEW }) });
    renderApp(world, 'settings');
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('shows the account without its secret', () => {
    const world = optionsWorld({ snapshot: snapshot({ vault: ALICE_VIEW }) });
    renderApp(world);
    expect(screen.getByTestId('token-id').textContent).toBe('sandbox-token-alice');
    expect(document.body.textContent).toContain(ALICE);
    expect(document.body.textContent).toContain('Encrypted; never shown again.');
  });

  it('follows the theme setting', async () => {
    const world = optionsWorld({
      snapshot: snapshot({ vault: vaultView({ status: 'locked' }) }),
    });
    renderApp(world);
    await act(async () => {
      await world.deps.updateSettings((s) => ({ ...s, theme: 'dark' }));
    });
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });
});

function renderApp(world: ReturnType<typeof optionsWorld>, section?: 'settings' | 'security') {
  return render(<OptionsApp deps={world.deps} initialSection={section ?? 'account'} />);
}
