import { describe, expect, it } from 'vitest';
import { MarketRecord } from '../../../lib/core/api/markets';
import { MarketRegistry, marketRecordView } from '../../../sandbox/core/markets';

describe('the sandbox market records', () => {
  it('each parses with the schema and says whether takers pay a fee (docs/exchange-api.md)', () => {
    const markets = new MarketRegistry(undefined);
    for (const market of markets.list()) {
      const record = MarketRecord.parse(marketRecordView(market));
      expect(typeof record.settings.feesEnabled, market.slug).toBe('boolean');
    }
    const fees = (slug: string) => {
      const market = markets.bySlug(slug);
      if (!market) throw new Error(`no seeded market ${slug}`);
      return MarketRecord.parse(marketRecordView(market)).settings.feesEnabled;
    };
    expect(fees('sandbox-btc-100k')).toBe(false);
    expect(fees('sandbox-eth-flip')).toBe(true);
  });
});
