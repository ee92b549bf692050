import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { STORAGE_LAYOUT_KEY } from '../../../lib/storage/keys';
import { migrateStorageLayout, PROTECTED_LAYOUT } from '../../../lib/storage/legacy';
import { type ProtectedArea, protectedArea } from '../../../lib/storage/protected-area';
import { defineSettingsItem, readSettings } from '../../../lib/storage/settings-item';
import { memoryDriver } from './memory-driver';

let area: ProtectedArea;
beforeEach(() => {
  fakeBrowser.reset();
  area = protectedArea(memoryDriver(), null);
});

const envelope = {
  v: 1,
  kdf: 'PBKDF2-SHA256',
  iterations: 600000,
  salt: 's',
  iv: 'i',
  ciphertext: 'c',
};

describe('an earlier build’s storage.local moves into the protected store once', () => {
  it('settings (with their version), the vault envelope and the account, then nothing is left', async () => {
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, theme: 'dark' },
      settings$: { v: 2 },
      'vault.envelope': envelope,
      'account.info': { profileId: 7 },
    });
    await migrateStorageLayout(fakeBrowser.storage.local, area);
    expect(await area.get('vault.envelope')).toEqual(envelope);
    expect(await area.get('account.info')).toEqual({ profileId: 7 });
    expect((await readSettings(defineSettingsItem(area))).theme).toBe('dark');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('never over a value the protected store already has (a page may have written the old one)', async () => {
    await area.set('vault.envelope', envelope);
    await fakeBrowser.storage.local.set({ 'vault.envelope': { ...envelope, iterations: 1 } });
    await migrateStorageLayout(fakeBrowser.storage.local, area);
    expect(await area.get('vault.envelope')).toEqual(envelope);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('does nothing when there is nothing to move but mark the layout', async () => {
    await migrateStorageLayout(fakeBrowser.storage.local, area);
    expect(await area.get('settings')).toBeUndefined();
    expect(await area.get(STORAGE_LAYOUT_KEY)).toBe(PROTECTED_LAYOUT);
  });
});

describe('the old layout is imported once, never after a forget or on a later start', () => {
  /** What a page's script in the extension's content world can write to storage.local. */
  const plant = () =>
    fakeBrowser.storage.local.set({
      'vault.envelope': { ...envelope, salt: 'planted' },
      'account.info': { profileId: 666 },
      settings: { ...DEFAULT_SETTINGS, theme: 'dark' },
      settings$: { v: 2 },
    });

  it('an account and a vault planted after "Forget account" stay out of the protected store', async () => {
    await fakeBrowser.storage.local.set({
      'vault.envelope': envelope,
      'account.info': { profileId: 7 },
    });
    await migrateStorageLayout(fakeBrowser.storage.local, area);
    expect(await area.get('account.info')).toEqual({ profileId: 7 });
    // Forget account (lib/background/app.ts): the envelope and the account go.
    await area.remove('vault.envelope');
    await area.remove('account.info');
    await plant();
    // The next worker start.
    await migrateStorageLayout(fakeBrowser.storage.local, area);
    expect(await area.get('vault.envelope')).toBeUndefined();
    expect(await area.get('account.info')).toBeUndefined();
    expect(await area.get('settings')).toBeUndefined();
  });

  it('a fresh install marks its layout at the first start: nothing planted later is imported', async () => {
    await migrateStorageLayout(fakeBrowser.storage.local, area);
    await plant();
    await migrateStorageLayout(fakeBrowser.storage.local, area);
    expect(await area.get('vault.envelope')).toBeUndefined();
    expect(await area.get('account.info')).toBeUndefined();
  });

  it('a protected store written before the mark existed: what storage.local holds is dropped, not moved', async () => {
    await area.set('settings', { version: 2, value: DEFAULT_SETTINGS });
    await plant();
    await migrateStorageLayout(fakeBrowser.storage.local, area);
    expect(await area.get('vault.envelope')).toBeUndefined();
    expect(await area.get('account.info')).toBeUndefined();
    expect((await readSettings(defineSettingsItem(area))).theme).toBe(DEFAULT_SETTINGS.theme);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await area.get(STORAGE_LAYOUT_KEY)).toBe(PROTECTED_LAYOUT);
  });
});
