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

describe('slugTransition', () => {
  it('mounts on arriving at a market, switches between markets, unmounts on leaving', () => {
    expect(slugTransition(null, 'a')).toEqual({ kind: 'mount', slug: 'a' });
    expect(slugTransition('a', 'b')).toEqual({ kind: 'switch', slug: 'b' });
    expect(slugTransition('a', null)).toEqual({ kind: 'unmount' });
    expect(slugTransition('a', 'a')).toEqual({ kind: 'stay' });
    expect(slugTransition(null, null)).toEqual({ kind: 'stay' });
  });
});
