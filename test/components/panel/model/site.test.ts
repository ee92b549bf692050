import { describe, expect, it } from 'vitest';
import { panelSlugFor, slugTransition } from '../../../../components/panel/model/site';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import { siteSettings as settings } from '../../../lib/core/site/fixtures';

describe('panelSlugFor', () => {
  it('shows no panel on a site where the user turned it off', () => {
    const url = 'http://127.0.0.1:4011/markets/sandbox-btc-100k';
    expect(panelSlugFor(settings(), url)).toBe('sandbox-btc-100k');
    const off = settings({
      panel: { ...DEFAULT_SETTINGS.panel, disabledOrigins: ['http://127.0.0.1:4011'] },
    });
    expect(panelSlugFor(off, url)).toBeNull();
    expect(panelSlugFor(settings(), 'garbage')).toBeNull();
  });
});

describe('panelSlugFor and the choice of surfaces for market pages', () => {
  const url = 'http://127.0.0.1:4011/markets/sandbox-btc-100k';
  const choosing = (marketPages: 'page' | 'side' | 'both') =>
    settings({ panel: { ...DEFAULT_SETTINGS.panel, marketPages } });

  it('draws the page panel unless the side panel alone was chosen', () => {
    expect(panelSlugFor(choosing('page'), url)).toBe('sandbox-btc-100k');
    expect(panelSlugFor(choosing('both'), url)).toBe('sandbox-btc-100k');
    expect(panelSlugFor(choosing('side'), url)).toBeNull();
  });

  it('draws it from a page copy written before the choice existed', () => {
    const { marketPages: _, ...before } = DEFAULT_SETTINGS.panel;
    const old = settings({ panel: before as typeof DEFAULT_SETTINGS.panel });
    expect(panelSlugFor(old, url)).toBe('sandbox-btc-100k');
  });
});

describe('slugTransition', () => {
  it('mounts on arriving at a market, switches between markets, unmounts on leaving', () => {
    expect(slugTransition(null, 'a')).toEqual({ kind: 'mount', slug: 'a' });
    expect(slugTransition('a', 'b')).toEqual({ kind: 'switch', slug: 'b' });
    expect(slugTransition('a', null)).toEqual({ kind: 'unmount' });
    expect(slugTransition('a', 'a')).toEqual({ kind: 'stay' });
    expect(slugTransition(null, null)).toEqual({ kind: 'stay' });
  });
});
