import { describe, expect, it } from 'vitest';
import {
  draftFromSettings,
  panelSiteOrigins,
  settingsFromDraft,
} from '../../../../components/options/settings/form';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import type { Settings } from '../../../../lib/core/settings/schema';

const withSites = (): Settings => ({
  ...DEFAULT_SETTINGS,
  extraSiteOrigins: ['https://acme.example'],
  panel: { ...DEFAULT_SETTINGS.panel, disabledOrigins: ['https://acme.example'] },
});

describe('settings form', () => {
  it('shows amounts in dollars and slippage in cents', () => {
    const draft = draftFromSettings(DEFAULT_SETTINGS);
    expect(draft).toMatchObject({
      presets: '5, 10, 25, 50',
      slippageCents: '2',
      confirmAbove: '100',
      maxOrderNotional: '1000',
      maxOrdersPerMinute: '30',
      autoLockMinutes: '30',
      panelSites: { 'http://127.0.0.1:4011': true },
    });
  });

  it('round-trips the defaults unchanged', () => {
    const result = settingsFromDraft(draftFromSettings(DEFAULT_SETTINGS), DEFAULT_SETTINGS);
    expect(result).toEqual({ ok: true, value: DEFAULT_SETTINGS });
  });

  it('converts the edited values exactly', () => {
    const draft = {
      ...draftFromSettings(DEFAULT_SETTINGS),
      presets: '1.5, 7;20',
      slippageCents: '2.5',
      confirmAbove: '0',
      maxOrderNotional: '250.75',
      maxOrdersPerMinute: '12',
      autoLockMinutes: '5',
      notifications: false,
      shortcuts: true,
      theme: 'dark' as const,
    };
    const result = settingsFromDraft(draft, DEFAULT_SETTINGS);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.value.quickTrade).toMatchObject({
      presets: ['1500000', '7000000', '20000000'],
      slippageMillis: 25,
      confirmAboveRaw: '0',
    });
    expect(result.value.caps).toEqual({ maxOrderNotionalRaw: '250750000', maxOrdersPerMinute: 12 });
    expect(result.value).toMatchObject({
      autoLockMinutes: 5,
      notifications: { enabled: false },
      shortcuts: { enabled: true },
      theme: 'dark',
    });
  });

  it('says what is wrong, next to each field', () => {
    const draft = {
      ...draftFromSettings(DEFAULT_SETTINGS),
      presets: '5, ten',
      slippageCents: '25',
      maxOrderNotional: '-1',
      maxOrdersPerMinute: '0',
      autoLockMinutes: '2.5',
    };
    const result = settingsFromDraft(draft, DEFAULT_SETTINGS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.presets).toMatch(/“ten”/);
    expect(result.issues.slippageCents).toMatch(/between 0 and 20 cents/);
    expect(result.issues.maxOrderNotional).toMatch(/in dollars/);
    expect(result.issues.maxOrdersPerMinute).toMatch(/between 1 and 600/);
    expect(result.issues.autoLockMinutes).toMatch(/whole number/);
  });

  it('refuses too many presets and slippage finer than a tenth of a cent', () => {
    const draft = {
      ...draftFromSettings(DEFAULT_SETTINGS),
      presets: '1 2 3 4 5 6 7',
      slippageCents: '1.25',
    };
    const result = settingsFromDraft(draft, DEFAULT_SETTINGS);
    if (result.ok) throw new Error('expected issues');
    expect(result.issues.presets).toBe('At most 6 presets.');
    expect(result.issues.slippageCents).toMatch(/at most one decimal/);
  });

  it('keeps the choice of page panel, side panel or both for market pages', () => {
    const draft = { ...draftFromSettings(DEFAULT_SETTINGS), marketPages: 'side' as const };
    const checked = settingsFromDraft(draft, DEFAULT_SETTINGS);
    expect(checked.ok && checked.value.panel.marketPages).toBe('side');
    expect(draftFromSettings(DEFAULT_SETTINGS).marketPages).toBe(
      DEFAULT_SETTINGS.panel.marketPages,
    );
  });

  it('switches the panel per site', () => {
    const settings = withSites();
    expect(panelSiteOrigins(settings)).toEqual(['http://127.0.0.1:4011', 'https://acme.example']);
    const draft = draftFromSettings(settings);
    expect(draft.panelSites).toEqual({
      'http://127.0.0.1:4011': true,
      'https://acme.example': false,
    });
    const result = settingsFromDraft(
      { ...draft, panelSites: { 'http://127.0.0.1:4011': false, 'https://acme.example': true } },
      settings,
    );
    expect(result.ok && result.value.panel.disabledOrigins).toEqual(['http://127.0.0.1:4011']);
  });
});
