import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { adoptLegacyLocal } from '../../../lib/storage/legacy';
import {
  memoryDriver,
  type ProtectedArea,
  protectedArea,
} from '../../../lib/storage/protected-area';
import { defineSettingsItem, readSettings } from '../../../lib/storage/settings-item';

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
    await adoptLegacyLocal(fakeBrowser.storage.local, area);
    expect(await area.get('vault.envelope')).toEqual(envelope);
    expect(await area.get('account.info')).toEqual({ profileId: 7 });
    expect((await readSettings(defineSettingsItem(area))).theme).toBe('dark');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('never over a value the protected store already has (a page may have written the old one)', async () => {
    await area.set('vault.envelope', envelope);
    await fakeBrowser.storage.local.set({ 'vault.envelope': { ...envelope, iterations: 1 } });
    await adoptLegacyLocal(fakeBrowser.storage.local, area);
    expect(await area.get('vault.envelope')).toEqual(envelope);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('does nothing when there is nothing to move', async () => {
    await adoptLegacyLocal(fakeBrowser.storage.local, area);
    expect(await area.get('settings')).toBeUndefined();
  });
});
