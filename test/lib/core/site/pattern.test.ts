import { describe, expect, it } from 'vitest';
import {
  marketPageUrl,
  originMatchPattern,
  parseSitePattern,
  slugFromUrl,
} from '../../../../lib/core/site/pattern';

describe('parseSitePattern', () => {
  it('splits a pattern into origin, prefix and suffix around :slug', () => {
    expect(parseSitePattern('https://site.example/markets/:slug')).toEqual({
      origin: 'https://site.example',
      prefix: '/markets/',
      suffix: '',
    });
    expect(parseSitePattern('http://127.0.0.1:4011/m/:slug/trade/')).toEqual({
      origin: 'http://127.0.0.1:4011',
      prefix: '/m/',
      suffix: '/trade',
    });
  });

  it('refuses a pattern that is not a URL or has :slug twice', () => {
    expect(parseSitePattern('not a url :slug')).toBeNull();
    expect(parseSitePattern('https://site.example/:slug/:slug')).toBeNull();
  });
});

describe('slugFromUrl', () => {
  const pattern = parseSitePattern('https://site.example/markets/:slug');
  if (!pattern) throw new Error('pattern');

  it('reads the slug of a market page, with or without a trailing slash, query or hash', () => {
    expect(slugFromUrl(pattern, 'https://site.example/markets/btc-100k')).toBe('btc-100k');
    expect(slugFromUrl(pattern, 'https://site.example/markets/btc-100k/')).toBe('btc-100k');
    expect(slugFromUrl(pattern, 'https://site.example/markets/btc-100k?tab=book#x')).toBe(
      'btc-100k',
    );
  });

  it('is null for another origin, another path, or something that is not a slug', () => {
    expect(slugFromUrl(pattern, 'https://evil.example/markets/btc-100k')).toBeNull();
    expect(slugFromUrl(pattern, 'http://site.example/markets/btc-100k')).toBeNull();
    expect(slugFromUrl(pattern, 'https://site.example/portfolio')).toBeNull();
    expect(slugFromUrl(pattern, 'https://site.example/markets/a/b')).toBeNull();
    expect(slugFromUrl(pattern, 'https://site.example/markets/BTC')).toBeNull();
    expect(slugFromUrl(pattern, 'https://site.example/markets/%2e%2e')).toBeNull();
    expect(slugFromUrl(pattern, 'not a url')).toBeNull();
    expect(slugFromUrl(pattern, 'https://site.example/markets/%E0%A4%A')).toBeNull();
  });

  it('round-trips with marketPageUrl', () => {
    const url = marketPageUrl(pattern, 'eth-flip');
    expect(url).toBe('https://site.example/markets/eth-flip');
    expect(slugFromUrl(pattern, url)).toBe('eth-flip');
  });
});

describe('originMatchPattern', () => {
  it('gives the host permission pattern of an origin (without its port)', () => {
    expect(originMatchPattern('https://site.example')).toBe('https://site.example/*');
    expect(originMatchPattern('http://127.0.0.1:4011')).toBe('http://127.0.0.1/*');
  });
});
