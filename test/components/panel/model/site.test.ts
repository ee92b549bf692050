import { describe, expect, it } from 'vitest';
import {
  marketSlugForUrl,
  panelSitePatterns,
  panelSlugFor,
  slugTransition,
} from '../../../../components/panel/model/site';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import type { Settings } from '../../../../lib/core/settings/schema';

const settings = (over: Partial<Settings> = {}): Settings => ({
  ...DEFAULT_SETTINGS,
  exchange: {
    ...DEFAULT_SETTINGS.exchange,
    siteMarketPattern: 'http://127.0.0.1:4011/markets/:slug',
  },
  ...over,
});

describe('panelSitePatterns and marketSlugForUrl', () => {
  it('reads the slug of a market page of the configured site', () => {
    const patterns = panelSitePatterns(settings());
    expect(marketSlugForUrl(patterns, 'http://127.0.0.1:4011/markets/sandbox-btc-100k')).toBe(
      'sandbox-btc-100k',
    );
    expect(
      marketSlugForUrl(patterns, 'http://127.0.0.1:4011/markets/sandbox-btc-100k/?tab=1'),
    ).toBe('sandbox-btc-100k');
  });

  it('finds no market on other pages, other ports or other sites', () => {
    const patterns = panelSitePatterns(settings());
    expect(marketSlugForUrl(patterns, 'http://127.0.0.1:4011/')).toBeNull();
    expect(marketSlugForUrl(patterns, 'http://127.0.0.1:4011/markets/')).toBeNull();
    expect(marketSlugForUrl(patterns, 'http://127.0.0.1:9999/markets/sandbox-btc-100k')).toBeNull();
    expect(marketSlugForUrl(patterns, 'https://evil.example/markets/sandbox-btc-100k')).toBeNull();
  });

  it('applies the same path shape on the extra site origins the user granted', () => {
    const patterns = panelSitePatterns(
      settings({
        extraSiteOrigins: ['https://mirror.example', 'not a url', 'http://127.0.0.1:4011'],
      }),
    );
    expect(patterns.map((p) => p.origin)).toEqual([
      'http://127.0.0.1:4011',
      'https://mirror.example',
    ]);
    expect(marketSlugForUrl(patterns, 'https://mirror.example/markets/sandbox-eth-flip')).toBe(
      'sandbox-eth-flip',
    );
  });

  it('has no pattern when the configured one cannot be read', () => {
    const broken = settings({
      exchange: { ...DEFAULT_SETTINGS.exchange, siteMarketPattern: 'not a pattern' },
    });
    expect(panelSitePatterns(broken)).toEqual([]);
  });
});

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
