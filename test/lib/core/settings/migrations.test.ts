import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import { mergeSettings } from '../../../../lib/core/settings/merge';
import { migrateSettings, SETTINGS_MIGRATIONS } from '../../../../lib/core/settings/migrations';
import { SETTINGS_VERSION } from '../../../../lib/core/settings/version';

/** Settings as version 1 stored them: no `panel.placed`. */
const v1 = (panel: object) => {
  const { placed: _, ...v1Panel } = DEFAULT_SETTINGS.panel;
  return { ...DEFAULT_SETTINGS, autoLockMinutes: 12, panel: { ...v1Panel, ...panel } };
};

describe('settings migrations', () => {
  it('has one migration for every version after the first', () => {
    for (let version = 2; version <= SETTINGS_VERSION; version++) {
      expect(SETTINGS_MIGRATIONS[version], `migration to v${version}`).toBeTypeOf('function');
    }
  });

  it('v2: a panel moved away from the default corner was placed by the user', () => {
    const moved = migrateSettings(v1({ corner: 'top-left', offset: { x: 40, y: 50 } }), 1);
    expect(mergeSettings(moved).panel).toMatchObject({ corner: 'top-left', placed: true });
    const offset = migrateSettings(v1({ offset: { x: 16, y: 200 } }), 1);
    expect(mergeSettings(offset).panel.placed).toBe(true);
  });

  it('v2: a panel still at the default corner is free to avoid the page forms', () => {
    const untouched = migrateSettings(v1({ collapsed: true }), 1);
    expect(mergeSettings(untouched).panel).toEqual({ ...DEFAULT_SETTINGS.panel, collapsed: true });
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
    const current = { ...DEFAULT_SETTINGS, panel: { ...DEFAULT_SETTINGS.panel, placed: true } };
    expect(migrateSettings(current, SETTINGS_VERSION)).toBe(current);
  });
});
