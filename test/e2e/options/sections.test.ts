/**
 * The options page after setup, in Chromium against the sandbox: the account (token id
 * and address, never the secret), settings saved to the background and followed by the
 * page panel, export and import, the theme, and the security actions (lock, unlock,
 * change passphrase, forget with a confirmation). Each section is saved as a screenshot.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually, TEST_PASSPHRASE, useHarness } from '../fixtures';
import { PanelDriver } from '../panel/driver';

const h = useHarness(import.meta.url);

let options: Page;

async function section(name: string): Promise<void> {
  await options.getByRole('tab', { name }).click();
  await options.getByRole('tab', { name, selected: true }).waitFor();
}

describe('options sections', () => {
  it('shows the account by token id and address only', async () => {
    await h().onboard('alice');
    const alice = await h().admin.account('alice');
    options = await h().openOptions();
    await options.getByRole('tab', { name: 'Account', selected: true }).waitFor();
    await options.locator('.approvals-table caption code').first().waitFor();
    expect(await options.getByTestId('token-id').textContent()).toBe('sandbox-token-alice');
    expect((await options.locator('main').textContent()) ?? '').toContain(alice.account);
    const html = await options.content();
    expect(html).not.toContain(alice.secret ?? 'no secret');
    expect(html).not.toContain((alice.privateKey ?? '0xnone').slice(2));
    await h().shot(options, 'account');
  });

  it('saves settings the background and the page panel follow', async () => {
    const market = await h().openMarketPage('sandbox-btc-100k');
    const panel = await PanelDriver.attach(market);
    await panel.waitFor('[data-key="BUY:YES:0"]');

    await section('Settings');
    await options.getByLabel('Buy presets ($)').fill('7, ten');
    await options.getByRole('button', { name: 'Save settings' }).click();
    await options.getByText(/“ten”: Enter an amount in dollars/).waitFor();
    await h().shot(options, 'settings-invalid');

    await options.getByLabel('Buy presets ($)').fill('7, 15.5');
    await options.getByLabel('Slippage cap (cents)').fill('3');
    await options.getByLabel('Lock after this many idle minutes').fill('10');
    const site = new URL(h().exchange.siteMarketPattern).origin;
    await options.getByLabel(`Show the panel on ${site}`).uncheck();
    await options.getByRole('button', { name: 'Save settings' }).click();
    await options.getByText('Saved.').waitFor();
    await h().shot(options, 'settings-saved');

    // Saved is the page's word; the background hears the store a moment later.
    const stored = await eventually(
      async () => {
        const { settings } = await h().snapshot();
        return settings.autoLockMinutes === 10 ? settings : null;
      },
      { what: 'the saved settings in the app state' },
    );
    expect(stored.quickTrade.presets).toEqual(['7000000', '15500000']);
    expect(stored.quickTrade.slippageMillis).toBe(30);
    expect(stored.autoLockMinutes).toBe(10);
    expect(stored.panel.disabledOrigins).toEqual([site]);

    // The panel leaves the open market page, and comes back (with the new presets).
    await eventually(async () => !(await panel.present()), { what: 'the panel to go away' });
    await options.getByLabel(`Show the panel on ${site}`).check();
    await options.getByRole('button', { name: 'Save settings' }).click();
    const preset = await panel.waitFor('[data-key="BUY:YES:0"]', (el) => el.text.includes('$7'));
    expect(preset.text).toContain('$7');
    await panel.detach();
    await market.close();
    // A hidden tab gets no animation frames, and the state port paints on frames.
    await options.bringToFront();
  });

  it('exports the settings without secrets and says what is wrong with a bad import', async () => {
    const [download] = await Promise.all([
      options.waitForEvent('download'),
      options.getByRole('button', { name: 'Export settings' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^market-companion-settings-\d{4}-\d\d-\d\d\.json$/,
    );
    const file = readFileSync((await download.path()) ?? '', 'utf8');
    const alice = await h().admin.account('alice');
    expect(JSON.parse(file).settings.quickTrade.presets).toEqual(['7000000', '15500000']);
    expect(file).not.toContain(alice.secret ?? 'no secret');
    expect(file).not.toMatch(/privateKey|passphrase|secret/i);

    await options.locator('#settings-import').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          kind: 'market-companion-settings',
          version: 1,
          settings: { autoLockMinutes: 0 },
        }),
      ),
    });
    const alert = options.locator('.transfer [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/autoLockMinutes:/);
    await h().shot(options, 'settings-import-refused');

    const edited = JSON.parse(file);
    edited.settings.autoLockMinutes = 12;
    await options.locator('#settings-import').setInputFiles({
      name: 'mine.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(edited)),
    });
    await options.getByText('Imported mine.json.').waitFor();
    await eventually(async () => (await h().snapshot()).settings.autoLockMinutes === 12, {
      what: 'the imported settings in the app state',
    });
  });

  it('follows the theme setting', async () => {
    await options.getByLabel('Theme').selectOption('dark');
    await options.getByRole('button', { name: 'Save settings' }).click();
    await eventually(
      async () => (await options.evaluate(() => document.documentElement.dataset.theme)) === 'dark',
    );
    await h().shot(options, 'settings-dark');
    await options.getByLabel('Theme').selectOption('system');
    await options.getByRole('button', { name: 'Save settings' }).click();
    await eventually(
      async () =>
        (await options.evaluate(() => document.documentElement.dataset.theme)) === undefined,
    );
  });

  it('locks, unlocks, changes the passphrase, and forgets only after a confirmation', async () => {
    await section('Security');
    await h().shot(options, 'security');
    await options.getByRole('button', { name: 'Lock now' }).click();
    await eventually(
      async () => (await options.locator('[data-vault-status]').textContent()) === 'Locked',
    );
    expect((await h().ask('vault.status', {})).status).toBe('locked');

    const unlock = options.getByRole('form', { name: 'Unlock' });
    await unlock.getByLabel('Passphrase').fill('not the passphrase');
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await options.getByText('That passphrase does not open the vault.').waitFor();
    await h().shot(options, 'security-locked-wrong-passphrase');
    await unlock.getByLabel('Passphrase').fill(TEST_PASSPHRASE);
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await eventually(
      async () => (await options.locator('[data-vault-status]').textContent()) === 'Unlocked',
    );

    const next = 'an entirely new passphrase';
    await options.getByLabel('Current passphrase').fill(TEST_PASSPHRASE);
    await options.getByLabel('New passphrase', { exact: true }).fill(next);
    await options.getByLabel('New passphrase again').fill(next);
    await options.getByRole('button', { name: 'Change passphrase' }).click();
    await options.getByText('Passphrase changed.').waitFor();
    await h().shot(options, 'security-passphrase-changed');
    await h().ask('vault.lock', {});
    const reply = await h().send('vault.unlock', { passphrase: next }, options);
    expect(reply.ok).toBe(true);

    await options.getByRole('button', { name: 'Forget everything…' }).click();
    await options.getByRole('alertdialog').waitFor();
    await h().shot(options, 'security-forget-confirm');
    await options.keyboard.press('Escape');
    await options.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect((await h().ask('vault.status', {})).status).toBe('unlocked');

    await options.getByRole('button', { name: 'Forget everything…' }).click();
    await options.getByRole('button', { name: 'Forget everything', exact: true }).click();
    await options.getByRole('heading', { name: 'Step 1 of 5: Exchange' }).waitFor();
    expect((await h().ask('vault.status', {})).status).toBe('empty');
    await h().shot(options, 'security-forgotten');
  });
});
