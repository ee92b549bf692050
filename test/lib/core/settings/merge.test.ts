import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import { mergeSettings } from '../../../../lib/core/settings/merge';

describe('mergeSettings', () => {
  it('gives the defaults for nothing stored, or for something that is not an object', () => {
    expect(mergeSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings('corrupt')).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings([1, 2])).toEqual(DEFAULT_SETTINGS);
  });

  it('fills every missing key with its default, key by key', () => {
    const merged = mergeSettings({ caps: { maxOrdersPerMinute: 5 }, theme: 'dark' });
    expect(merged.caps).toEqual({ ...DEFAULT_SETTINGS.caps, maxOrdersPerMinute: 5 });
    expect(merged.theme).toBe('dark');
    expect(merged.quickTrade).toEqual(DEFAULT_SETTINGS.quickTrade);
  });

  it('settings stored before the badges switch existed read with badges on, the rest kept', () => {
    const { badges: _, ...before } = { ...DEFAULT_SETTINGS, theme: 'dark' as const };
    const merged = mergeSettings(before);
    expect(merged.badges).toEqual({ enabled: true });
    expect(merged.theme).toBe('dark');
    expect(mergeSettings({ ...before, badges: { enabled: 'no' } }).badges).toEqual({
      enabled: true,
    });
    expect(mergeSettings({ ...before, badges: { enabled: false } }).badges).toEqual({
      enabled: false,
    });
  });

  it('drops keys it does not know', () => {
    const merged = mergeSettings({
      removedFeature: true,
      panel: { ghost: 1 },
    }) as unknown as Record<string, unknown>;
    expect('removedFeature' in merged).toBe(false);
    expect('ghost' in (merged.panel as object)).toBe(false);
  });

  it('repairs only the broken value, keeping its neighbours in the same section', () => {
    const merged = mergeSettings({
      autoLockMinutes: 10,
      caps: { maxOrderNotionalRaw: '12.5', maxOrdersPerMinute: 5 },
      notifications: { enabled: false },
    });
    expect(merged.caps).toEqual({
      maxOrderNotionalRaw: DEFAULT_SETTINGS.caps.maxOrderNotionalRaw,
      maxOrdersPerMinute: 5,
    });
    expect(merged.autoLockMinutes).toBe(10);
    expect(merged.notifications.enabled).toBe(false);
  });

  it('repairs a scalar out of range to its default', () => {
    expect(mergeSettings({ autoLockMinutes: 0 }).autoLockMinutes).toBe(30);
    const quickTrade = mergeSettings({
      quickTrade: { slippageMillis: 999, orderType: 'FAK', presets: ['1000000'] },
    }).quickTrade;
    expect(quickTrade).toEqual({
      ...DEFAULT_SETTINGS.quickTrade,
      orderType: 'FAK',
      presets: ['1000000'],
    });
  });

  it('drops a bad element of a list and keeps the others', () => {
    const merged = mergeSettings({
      extraSiteOrigins: ['https://a.example', 7, 'https://b.example'],
      quickTrade: { presets: ['1000000', 'ten', '3000000', null] },
    });
    expect(merged.extraSiteOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(merged.quickTrade.presets).toEqual(['1000000', '3000000']);
  });

  it('gives a list its default when what is left of it still breaks the schema', () => {
    expect(mergeSettings({ quickTrade: { presets: ['ten'] } }).quickTrade.presets).toEqual(
      DEFAULT_SETTINGS.quickTrade.presets,
    );
    expect(mergeSettings({ panel: { disabledOrigins: 'all' } }).panel.disabledOrigins).toEqual([]);
  });

  it('repairs a value nested two levels down without touching the rest of its section', () => {
    const panel = mergeSettings({
      panel: { disabledOrigins: ['https://off.example', 7], marketPages: 'side' },
    }).panel;
    expect(panel).toEqual({
      disabledOrigins: ['https://off.example'],
      placements: [],
      marketPages: 'side',
    });
  });

  it('drops a broken site placement and keeps the other sites’', () => {
    const good = { origin: 'https://a.example', corner: 'top-left', offset: { x: 1, y: 2 } };
    const panel = mergeSettings({
      panel: {
        placements: [
          { ...good, collapsed: true },
          { ...good, origin: 'https://b.example', offset: { x: 'far', y: 2 }, collapsed: false },
        ],
      },
    }).panel;
    expect(panel.placements).toEqual([{ ...good, collapsed: true }]);
  });

  it('keeps a valid exchange and refuses a plain-http remote one', () => {
    const exchange = {
      name: 'Other',
      apiUrl: 'https://api.other.example',
      wsUrl: 'https://ws.other.example',
      siteMarketPattern: 'https://other.example/m/:slug',
    };
    expect(mergeSettings({ exchange }).exchange).toEqual(exchange);
    expect(
      mergeSettings({ exchange: { ...exchange, apiUrl: 'http://api.other.example' } }).exchange,
    ).toEqual(DEFAULT_SETTINGS.exchange);
    // Never half of one exchange and half of another.
    expect(mergeSettings({ exchange: { ...exchange, siteMarketPattern: 42 } }).exchange).toEqual(
      DEFAULT_SETTINGS.exchange,
    );
  });

  it('does not let a stored array replace an object section', () => {
    expect(mergeSettings({ caps: ['x'] }).caps).toEqual(DEFAULT_SETTINGS.caps);
  });
});
