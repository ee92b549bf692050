import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import { marketPagePatterns, marketSlugForUrl } from '../../../../lib/core/site/market-pages';
import { siteSettings as settings } from './fixtures';

describe('marketPagePatterns and marketSlugForUrl', () => {
  it('reads the slug of a market page of the configured site', () => {
    const patterns = marketPagePatterns(settings());
    expect(marketSlugForUrl(patterns, 'http://127.0.0.1:4011/markets/sandbox-btc-100k')).toBe(
      'sandbox-btc-100k',
    );
    expect(
      marketSlugForUrl(patterns, 'http://127.0.0.1:4011/markets/sandbox-btc-100k/?tab=1'),
    ).toBe('sandbox-btc-100k');
  });

  it('finds no market on other pages, other ports or other sites', () => {
    const patterns = marketPagePatterns(settings());
    expect(marketSlugForUrl(patterns, 'http://127.0.0.1:4011/')).toBeNull();
    expect(marketSlugForUrl(patterns, 'http://127.0.0.1:4011/markets/')).toBeNull();
    expect(marketSlugForUrl(patterns, 'http://127.0.0.1:9999/markets/sandbox-btc-100k')).toBeNull();
    expect(marketSlugForUrl(patterns, 'https://evil.example/markets/sandbox-btc-100k')).toBeNull();
  });

  it('applies the same path shape on the extra site origins the user granted', () => {
    const patterns = marketPagePatterns(
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
    expect(marketPagePatterns(broken)).toEqual([]);
  });
});
