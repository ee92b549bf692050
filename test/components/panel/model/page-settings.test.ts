import { describe, expect, it } from 'vitest';
import { pageSettingsFrom } from '../../../../components/panel/model/page-settings';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';

describe('pageSettingsFrom: the few settings a market page reads, without the settings schema', () => {
  it('takes the stored values it needs', () => {
    const page = pageSettingsFrom({
      ...DEFAULT_SETTINGS,
      exchange: { ...DEFAULT_SETTINGS.exchange, siteMarketPattern: 'https://site.example/m/:slug' },
      extraSiteOrigins: ['https://mirror.example'],
      panel: {
        disabledOrigins: ['https://off.example'],
        corner: 'top-left',
        offset: { x: 40, y: 50 },
        collapsed: true,
        placed: true,
      },
      theme: 'dark',
    });
    expect(page.exchange.siteMarketPattern).toBe('https://site.example/m/:slug');
    expect(page.extraSiteOrigins).toEqual(['https://mirror.example']);
    expect(page.panel).toEqual({
      disabledOrigins: ['https://off.example'],
      corner: 'top-left',
      offset: { x: 40, y: 50 },
      collapsed: true,
      placed: true,
    });
    expect(page.theme).toBe('dark');
  });

  it('falls back to the default of each value that is missing or of the wrong kind', () => {
    const page = pageSettingsFrom({
      exchange: { siteMarketPattern: 42 },
      extraSiteOrigins: ['ok', 7],
      panel: { corner: 'middle', offset: { x: 'far', y: Number.NaN }, collapsed: 'yes' },
      theme: 'neon',
    });
    expect(page.exchange.siteMarketPattern).toBe(DEFAULT_SETTINGS.exchange.siteMarketPattern);
    expect(page.extraSiteOrigins).toEqual(DEFAULT_SETTINGS.extraSiteOrigins);
    expect(page.panel).toEqual(DEFAULT_SETTINGS.panel);
    expect(page.theme).toBe(DEFAULT_SETTINGS.theme);
    expect(pageSettingsFrom(null)).toEqual(pageSettingsFrom(undefined));
    expect(pageSettingsFrom('garbage').panel).toEqual(DEFAULT_SETTINGS.panel);
  });

  it('reads a value stored before `placed` existed by its place: moved means placed', () => {
    const { placed: _, ...v1Panel } = DEFAULT_SETTINGS.panel;
    expect(pageSettingsFrom({ panel: v1Panel }).panel.placed).toBe(false);
    expect(pageSettingsFrom({ panel: { ...v1Panel, corner: 'top-left' } }).panel.placed).toBe(true);
  });
});
