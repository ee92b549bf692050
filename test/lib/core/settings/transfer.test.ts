import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import type { Settings } from '../../../../lib/core/settings/schema';
import {
  exportFileName,
  exportSettings,
  importSettings,
} from '../../../../lib/core/settings/transfer';
import { SETTINGS_VERSION } from '../../../../lib/core/settings/version';

const edited: Settings = {
  ...DEFAULT_SETTINGS,
  autoLockMinutes: 5,
  theme: 'dark',
  quickTrade: { ...DEFAULT_SETTINGS.quickTrade, slippageMillis: 50 },
};

describe('settings export and import', () => {
  it('round-trips the settings through a file', () => {
    const result = importSettings(exportSettings(edited), DEFAULT_SETTINGS);
    expect(result).toEqual({ ok: true, settings: edited, notes: [] });
  });

  it('never writes anything but settings', () => {
    const file = JSON.parse(exportSettings(edited));
    expect(Object.keys(file).sort()).toEqual(['kind', 'settings', 'version']);
    expect(JSON.stringify(file)).not.toMatch(/secret|privateKey|passphrase|tokenId/i);
  });

  it('names the file by date', () => {
    expect(exportFileName(new Date('2026-03-04T05:06:07Z'))).toBe(
      'market-companion-settings-2026-03-04.json',
    );
  });

  it('refuses a file that is not JSON', () => {
    const result = importSettings('{ nope', DEFAULT_SETTINGS);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatch(/^This file is not JSON/);
  });

  it('refuses a JSON file of something else', () => {
    const result = importSettings('{"hello": 1}', DEFAULT_SETTINGS);
    expect(result).toEqual({
      ok: false,
      problems: [
        'This is not a Market Companion settings file (its "kind" is missing or different).',
      ],
    });
  });

  it('refuses a format version it does not know', () => {
    for (const version of [SETTINGS_VERSION + 1, 0, '2', null]) {
      const text = JSON.stringify({ kind: 'market-companion-settings', version, settings: {} });
      const result = importSettings(text, DEFAULT_SETTINGS);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.problems[0]).toBe(
          `This file uses settings format version ${String(version)}; this extension reads versions 1 to ${SETTINGS_VERSION}.`,
        );
      }
    }
  });

  it('reads a file written by version 1, migrated as stored settings are', () => {
    const { placements: _, ...v1Panel } = edited.panel;
    const file = {
      kind: 'market-companion-settings',
      version: 1,
      settings: {
        ...edited,
        panel: { ...v1Panel, corner: 'top-left', offset: { x: 16, y: 16 }, collapsed: false },
      },
    };
    const result = importSettings(JSON.stringify(file), DEFAULT_SETTINGS);
    if (!result.ok) throw new Error(result.problems.join(' '));
    expect(result.settings).toEqual({
      ...edited,
      panel: {
        ...edited.panel,
        placements: [
          {
            origin: 'http://127.0.0.1:4011',
            corner: 'top-left',
            offset: { x: 16, y: 16 },
            collapsed: false,
          },
        ],
      },
    });
    expect(JSON.parse(exportSettings(result.settings)).version).toBe(SETTINGS_VERSION);
  });

  it('says which values are wrong, by path', () => {
    const file = JSON.parse(exportSettings(edited));
    file.settings.autoLockMinutes = 0;
    file.settings.quickTrade.presets = [];
    const result = importSettings(JSON.stringify(file), DEFAULT_SETTINGS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.some((p) => p.startsWith('autoLockMinutes:'))).toBe(true);
    expect(result.problems.some((p) => p.startsWith('quickTrade.presets:'))).toBe(true);
  });

  it('keeps the current exchange and granted sites, and says so', () => {
    const file = JSON.parse(exportSettings(edited));
    file.settings.exchange = {
      name: 'Acme',
      apiUrl: 'https://api.acme.example',
      wsUrl: 'https://api.acme.example',
      siteMarketPattern: 'https://acme.example/m/:slug',
    };
    file.settings.extraSiteOrigins = ['https://acme.example'];
    file.settings.secret = 'c2VjcmV0';
    const result = importSettings(JSON.stringify(file), DEFAULT_SETTINGS);
    if (!result.ok) throw new Error(result.problems.join(' '));
    expect(result.settings.exchange).toEqual(DEFAULT_SETTINGS.exchange);
    expect(result.settings.extraSiteOrigins).toEqual([]);
    expect(result.settings.autoLockMinutes).toBe(5);
    expect(result.notes.join(' ')).toMatch(/Ignored unknown entries: secret/);
    expect(result.notes.join(' ')).toMatch(/exchange \(Acme/);
    expect(result.notes.join(' ')).toMatch(/not granted in this browser/);
  });

  it('refuses a file far too large to be settings', () => {
    const result = importSettings(' '.repeat(200_000), DEFAULT_SETTINGS);
    expect(result.ok).toBe(false);
  });
});
