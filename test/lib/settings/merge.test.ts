import { describe, expect, it } from 'vitest';
import { mergeSettings } from '../../../lib/settings/merge';
import { DEFAULT_SETTINGS } from '../../../lib/settings/schema';

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

  it('drops keys it does not know', () => {
    const merged = mergeSettings({
      removedFeature: true,
      panel: { ghost: 1 },
    }) as unknown as Record<string, unknown>;
    expect('removedFeature' in merged).toBe(false);
    expect('ghost' in (merged.panel as object)).toBe(false);
  });

  it('repairs only the broken section, keeping the good ones', () => {
    const merged = mergeSettings({
      autoLockMinutes: 10,
      caps: { maxOrderNotionalRaw: '12.5', maxOrdersPerMinute: 5 },
      notifications: { enabled: false },
    });
    expect(merged.caps).toEqual(DEFAULT_SETTINGS.caps);
    expect(merged.autoLockMinutes).toBe(10);
    expect(merged.notifications.enabled).toBe(false);
  });

  it('repairs a scalar out of range to its default', () => {
    expect(mergeSettings({ autoLockMinutes: 0 }).autoLockMinutes).toBe(30);
    expect(mergeSettings({ quickTrade: { slippageMillis: 999 } }).quickTrade).toEqual(
      DEFAULT_SETTINGS.quickTrade,
    );
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
  });

  it('does not let a stored array replace an object section', () => {
    expect(mergeSettings({ caps: ['x'] }).caps).toEqual(DEFAULT_SETTINGS.caps);
  });
});
