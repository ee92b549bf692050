import { describe, expect, it } from 'vitest';
import { MarketCache } from '../../../../lib/background/market/market-cache';
import type { MarketRecord } from '../../../../lib/core/api/markets';
import { ExchangeError } from '../../../../lib/core/client/errors';
import type { ExchangeClient } from '../../../../lib/core/client/exchange-client';

/** An exchange whose getMarket answers from a script and counts the requests. */
function exchange(answer: (slug: string) => Promise<unknown>) {
  const asked: string[] = [];
  const api = {
    getMarket: (slug: string) => {
      asked.push(slug);
      return answer(slug);
    },
  } as unknown as ExchangeClient;
  return { asked, api: () => api };
}

const record = (slug: string, title = slug.toUpperCase()) =>
  ({ slug, title }) as unknown as MarketRecord;

describe('MarketCache', () => {
  it('callers at the same moment share one request', async () => {
    const { asked, api } = exchange(async (slug) => record(slug));
    const cache = new MarketCache(api, () => 0);
    const [a, b] = await Promise.all([cache.get('btc'), cache.get('btc')]);
    expect(a).toBe(b);
    expect(asked).toEqual(['btc']);
  });

  it('learns the records not known yet, and says whether there were any', async () => {
    const { asked, api } = exchange(async (slug) => {
      if (slug === 'gone') throw new ExchangeError({ kind: 'unavailable', message: 'down' });
      return record(slug);
    });
    const cache = new MarketCache(api, () => 0);
    await cache.get('btc');
    expect(await cache.learn(['btc', 'eth', 'gone'])).toBe(true);
    expect(asked).toEqual(['btc', 'eth', 'gone']);
    expect(cache.known('eth')?.title).toBe('ETH');
    expect(await cache.learn(['btc', 'eth'])).toBe(false);
    expect(asked).toHaveLength(3);
  });

  it('keeps a market a minute, then asks again', async () => {
    let now = 0;
    const { asked, api } = exchange(async (slug) => record(slug));
    const cache = new MarketCache(api, () => now);
    await cache.get('btc');
    now = 59_999;
    await cache.get('btc');
    expect(asked).toEqual(['btc']);
    now = 60_000;
    await cache.get('btc');
    expect(asked).toEqual(['btc', 'btc']);
  });

  it('a market the exchange does not know is null; other failures reach the caller and are not kept', async () => {
    let fail: 'not-found' | 'unavailable' = 'not-found';
    const { asked, api } = exchange(async () => {
      throw new ExchangeError(
        fail === 'not-found'
          ? { kind: 'not-found', message: 'no such market' }
          : { kind: 'unavailable', message: 'down' },
      );
    });
    const cache = new MarketCache(api, () => 0);
    expect(await cache.get('gone')).toBeNull();
    fail = 'unavailable';
    await expect(cache.get('other')).rejects.toThrow('down');
    await expect(cache.get('other')).rejects.toThrow('down');
    expect(asked).toEqual(['gone', 'other', 'other']);
  });

  it('titles come from what is known, the slug standing in until then; clear forgets', async () => {
    const { api } = exchange(async (slug) => record(slug, 'Bitcoin above 100k?'));
    const cache = new MarketCache(api, () => 0);
    expect(cache.titleOf('btc')).toBe('btc');
    await cache.get('btc');
    expect(cache.titleOf('btc')).toBe('Bitcoin above 100k?');
    cache.clear();
    expect(cache.known('btc')).toBeNull();
  });
});
