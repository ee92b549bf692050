import { describe, expect, it } from 'vitest';
import { OrderRuleError } from '../../../../lib/core/orders/issues';
import { type LimitOrderTerms, priceLimitOrder } from '../../../../lib/core/orders/limit-pricing';

const C = 1_000_000n;
const terms = (over: Partial<LimitOrderTerms> = {}): LimitOrderTerms => ({
  outcome: 'YES',
  side: 'BUY',
  price: '0.41',
  amountRaw: (10n * C).toString(),
  ...over,
});

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof OrderRuleError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('priceLimitOrder', () => {
  it('a buy: the contracts the preset buys at the clicked price, GTC at that very price', () => {
    const priced = priceLimitOrder(terms(), 0n);
    expect(priced.amounts).toEqual({
      orderType: 'GTC',
      side: 'BUY',
      price: '0.41',
      contracts: 24_390_200n,
    });
    expect(priced.priceMillis).toBe(410n);
    // Exact: 24.3902 × 0.41 = 9.999982, never more than the preset.
    expect(priced.notionalRaw).toBe(9_999_982n);
  });

  it('a sell: the contracts worth the preset at that price, at most what is held', () => {
    expect(priceLimitOrder(terms({ side: 'SELL', price: '0.5' }), 100n * C).amounts.contracts).toBe(
      20n * C,
    );
    const capped = priceLimitOrder(terms({ side: 'SELL', price: '0.5' }), 3n * C);
    expect(capped.amounts.contracts).toBe(3n * C);
    expect(capped.notionalRaw).toBe(1_500_000n);
  });

  it('a sell of what is not held is refused in words', () => {
    expect(refusal(() => priceLimitOrder(terms({ side: 'SELL', outcome: 'NO' }), 0n))).toBe(
      'you hold no NO contracts on this market, so there is nothing to sell',
    );
  });

  it('a price off the 0.001 tick or outside 0.01–0.99 is refused, never moved', () => {
    expect(refusal(() => priceLimitOrder(terms({ price: '0.4105' }), 0n))).toMatch(
      /^price 0\.4105 has more than 3 decimals/,
    );
    expect(refusal(() => priceLimitOrder(terms({ price: '0.995' }), 0n))).toBe(
      'price 0.995 is outside 0.01 to 0.99',
    );
    expect(refusal(() => priceLimitOrder(terms({ price: 'abc' }), 0n))).toMatch(
      /is not a decimal number/,
    );
  });

  it('below the exchange’s size floor (makerAmount 100 raw) it is refused', () => {
    expect(refusal(() => priceLimitOrder(terms({ price: '0.5', amountRaw: '50' }), 0n))).toMatch(
      /too small: makerAmount 50 is below the minimum of 100 raw units/,
    );
  });

  it('a preset too small for one contract step at the price is refused', () => {
    // At 0.413 a step is 1000 raw contracts (0.413 × 1000 = 413 raw).
    expect(refusal(() => priceLimitOrder(terms({ price: '0.413', amountRaw: '400' }), 0n))).toBe(
      '$0.0004 is less than one contract step at 41.3¢',
    );
  });
});
