import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import { mergeSettings } from '../../../../lib/core/settings/merge';
import { migrateSettings, SETTINGS_MIGRATIONS } from '../../../../lib/core/settings/migrations';
import { SETTINGS_VERSION } from '../../../../lib/core/settings/version';

/** The exchange's own site in the defaults (the sandbox's market pages). */
const SANDBOX_SITE = 'http://127.0.0.1:4011';

/** Settings as version 1 stored them: one placement for every site, no `panel.placed`. */
const v1 = (panel: object) => {
  const { placements: _, ...rest } = DEFAULT_SETTINGS.panel;
  const global = { corner: 'bottom-right', offset: { x: 16, y: 16 }, collapsed: false };
  return { ...DEFAULT_SETTINGS, autoLockMinutes: 12, panel: { ...rest, ...global, ...panel } };
};

/** Settings as version 2 stored them: the one placement, and whether the user made it. */
const v2 = (panel: object, exchange: object = DEFAULT_SETTINGS.exchange) => ({
  ...v1({ placed: false, ...panel }),
  exchange,
});

describe('settings migrations', () => {
  it('has one migration for every version after the first', () => {
    for (let version = 2; version <= SETTINGS_VERSION; version++) {
      expect(SETTINGS_MIGRATIONS[version], `migration to v${version}`).toBeTypeOf('function');
    }
  });

  it('v2: a panel moved away from the default corner was placed by the user', () => {
    const moved = migrateSettings(v1({ corner: 'top-left', offset: { x: 40, y: 50 } }), 1);
    expect(mergeSettings(moved).panel.placements).toEqual([
      { origin: SANDBOX_SITE, corner: 'top-left', offset: { x: 40, y: 50 }, collapsed: false },
    ]);
    const offset = migrateSettings(v1({ offset: { x: 16, y: 200 } }), 1);
    expect(mergeSettings(offset).panel.placements).toHaveLength(1);
  });

  it('v2: a panel still at the default corner is free to avoid the page forms', () => {
    const untouched = migrateSettings(v1({ collapsed: true }), 1);
    expect(mergeSettings(untouched).panel).toEqual(DEFAULT_SETTINGS.panel);
  });

  it('v3: the user’s one placement becomes the exchange’s own site’s, fold included', () => {
    const exchange = {
      ...DEFAULT_SETTINGS.exchange,
      siteMarketPattern: 'https://site.example/m/:slug',
    };
    const placed = { corner: 'top-left', offset: { x: 40, y: 50 }, collapsed: true, placed: true };
    const migrated = mergeSettings(migrateSettings(v2(placed, exchange), 2));
    expect(migrated.panel).toEqual({
      ...DEFAULT_SETTINGS.panel,
      placements: [
        {
          origin: 'https://site.example',
          corner: 'top-left',
          offset: { x: 40, y: 50 },
          collapsed: true,
        },
      ],
    });
    // No other site has one: there the panel finds room.
    expect(migrated.panel.placements.map((p) => p.origin)).toEqual(['https://site.example']);
  });

  it('v3: a panel the user never placed leaves no site placement', () => {
    const migrated = migrateSettings(v2({ corner: 'top-left', placed: false }), 2);
    expect(mergeSettings(migrated).panel.placements).toEqual([]);
  });

  it('keeps every other value as it was stored', () => {
    const migrated = mergeSettings(migrateSettings(v1({ corner: 'top-left' }), 1));
    expect(migrated.autoLockMinutes).toBe(12);
    expect(migrated.quickTrade).toEqual(DEFAULT_SETTINGS.quickTrade);
  });

  it('leaves a value that is not settings for the merge to replace', () => {
    expect(migrateSettings('corrupt', 1)).toBe('corrupt');
    expect(migrateSettings({ panel: 'x' }, 1)).toEqual({ panel: 'x' });
  });

  it('does nothing to a value already at the current version', () => {
    const placements = [
      {
        origin: SANDBOX_SITE,
        corner: 'top-left' as const,
        offset: { x: 0, y: 0 },
        collapsed: true,
      },
    ];
    const current = { ...DEFAULT_SETTINGS, panel: { ...DEFAULT_SETTINGS.panel, placements } };
    expect(migrateSettings(current, SETTINGS_VERSION)).toBe(current);
  });
});
