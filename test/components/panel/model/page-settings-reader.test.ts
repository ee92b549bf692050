import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type PageSettings,
  pageSettingsFrom,
  readPageSettings,
  sitePlacement,
  watchPageSettings,
} from '../../../../components/panel/model/page-settings-reader';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import type { Settings } from '../../../../lib/core/settings/schema';
import { SETTINGS_VERSION } from '../../../../lib/core/settings/version';
import { mirrorPageSettings } from '../../../../lib/storage/page-settings-copy';

const custom: Settings = {
  ...DEFAULT_SETTINGS,
  exchange: { ...DEFAULT_SETTINGS.exchange, siteMarketPattern: 'https://site.example/m/:slug' },
  extraSiteOrigins: ['https://mirror.example'],
  panel: {
    disabledOrigins: ['https://off.example'],
    placements: [
      {
        origin: 'https://mirror.example',
        corner: 'top-left',
        offset: { x: 40, y: 50 },
        collapsed: true,
      },
      {
        origin: 'https://site.example',
        corner: 'bottom-left',
        offset: { x: 0, y: 8 },
        collapsed: false,
      },
    ],
    marketPages: 'side',
  },
  theme: 'dark',
  badges: { enabled: false },
};

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.unstubAllGlobals());

describe('page settings: the copy the background writes is what the page reads', () => {
  it('reads back what the background mirrored, and nothing beyond the page fields', async () => {
    await mirrorPageSettings(custom);
    const page = await readPageSettings();
    expect(page).toEqual({
      exchange: custom.exchange,
      extraSiteOrigins: ['https://mirror.example'],
      panel: custom.panel,
      theme: 'dark',
      badges: { enabled: false },
    });
    expect(page).not.toHaveProperty('caps');
    expect(page).not.toHaveProperty('quickTrade');
  });

  it('a change the background mirrors reaches the watcher; other keys and areas do not', async () => {
    const seen: PageSettings[] = [];
    const unwatch = watchPageSettings((next) => seen.push(next));
    await mirrorPageSettings(custom);
    await fakeBrowser.storage.local.set({ unrelated: 1 });
    await fakeBrowser.storage.session.set({ pageSettings: { version: SETTINGS_VERSION } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.theme).toBe('dark');
    unwatch();
    await mirrorPageSettings({ ...custom, theme: 'light' });
    expect(seen).toHaveLength(1);
  });

  it('a copy of another settings version, or no copy, reads as the defaults until the background rewrites it', () => {
    const defaults = pageSettingsFrom(undefined);
    expect(defaults.panel).toEqual(DEFAULT_SETTINGS.panel);
    expect(defaults.exchange).toEqual(DEFAULT_SETTINGS.exchange);
    expect(pageSettingsFrom({ version: SETTINGS_VERSION - 1, settings: custom })).toEqual(defaults);
    expect(pageSettingsFrom({ ...custom })).toEqual(defaults);
    expect(pageSettingsFrom('garbage')).toEqual(defaults);
    expect(pageSettingsFrom({ version: SETTINGS_VERSION, settings: 'x' })).toEqual(defaults);
  });

  it('a copy of this version written before the badges switch existed reads with badges on', () => {
    const { badges: _, ...older } = custom;
    const page = pageSettingsFrom({ version: SETTINGS_VERSION, settings: older });
    expect(page.badges).toEqual({ enabled: true });
    expect(page.theme).toBe('dark');
  });

  it('the page reads the placement of its own site (location.origin), none of another’s', async () => {
    await mirrorPageSettings(custom);
    const page = await readPageSettings();
    vi.stubGlobal('location', new URL('https://site.example/m/sandbox-btc-100k'));
    expect(sitePlacement(page)).toMatchObject({ corner: 'bottom-left', offset: { x: 0, y: 8 } });
    vi.stubGlobal('location', new URL('https://mirror.example/m/sandbox-btc-100k'));
    expect(sitePlacement(page)).toMatchObject({ corner: 'top-left', collapsed: true });
    // A site with no placement of its own: the panel finds room there.
    vi.stubGlobal('location', new URL('https://other.example/m/sandbox-btc-100k'));
    expect(sitePlacement(page)).toBeNull();
  });
});
