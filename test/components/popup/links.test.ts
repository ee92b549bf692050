import { describe, expect, it } from 'vitest';
import { marketUrl } from '../../../components/popup/links';

describe('marketUrl', () => {
  it('names a market’s page by the site pattern, following a pattern that changes', () => {
    expect(marketUrl('https://a.example/markets/:slug', 'btc')).toBe(
      'https://a.example/markets/btc',
    );
    expect(marketUrl('https://b.example/m/:slug/view', 'btc')).toBe('https://b.example/m/btc/view');
    expect(marketUrl('https://a.example/markets/:slug', 'eth')).toBe(
      'https://a.example/markets/eth',
    );
  });

  it('is null without a slug or with a pattern it cannot read', () => {
    expect(marketUrl('https://a.example/markets/:slug', null)).toBeNull();
    expect(marketUrl('not a url :slug', 'btc')).toBeNull();
    expect(marketUrl('not a url :slug', 'eth')).toBeNull();
  });
});
