import { describe, expect, it } from 'vitest';
import { computeAmounts } from '../../../../lib/core/orders/amounts';
import type { BookTop } from '../../../../lib/core/orders/book-top';
import { type Depth, depthOf, fillableWithin } from '../../../../lib/core/orders/depth';
import { OrderRuleError } from '../../../../lib/core/orders/issues';
import { priceQuickOrder, quoteFor } from '../../../../lib/core/orders/pricing';
import { QuickOrderRequest } from '../../../../lib/protocol/intent';

const C = 1_000_000n;

const book = (bestBid: number | null, bestAsk: number | null): BookTop => ({
  marketSlug: 'm',
  bestBid,
  bestAsk,
  bidSize: bestBid === null ? null : '1000000000',
  askSize: bestAsk === null ? null : '1000000000',
  midpoint: null,
  updatedAt: 0,
});

const buy = (outcome: 'YES' | 'NO', orderType: 'FOK' | 'FAK', amountRaw: string) =>
  QuickOrderRequest.parse({
    marketSlug: 'm',
    outcome,
    side: 'BUY',
    orderType,
    amountRaw,
    pressId: 'press-000001',
  });
const sell = (outcome: 'YES' | 'NO', orderType: 'FOK' | 'FAK', sellPercent: 25 | 50 | 100) =>
  QuickOrderRequest.parse({
    marketSlug: 'm',
    outcome,
    side: 'SELL',
    orderType,
    sellPercent,
    pressId: 'press-000001',
  });

function refusal(run: () => unknown): { field: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof OrderRuleError && error.issues[0]) return error.issues[0];
    throw error;
  }
  throw new Error('expected a refusal');
}

const BOOK = book(0.54, 0.56);

describe('quoteFor', () => {
  it('reads YES straight from the book, in thousandths', () => {
    expect(quoteFor(BOOK, 'YES')).toEqual({ bidMillis: 540n, askMillis: 560n });
  });

  it('mirrors the YES book for NO: NO ask = 1 − YES bid, NO bid = 1 − YES ask', () => {
    expect(quoteFor(BOOK, 'NO')).toEqual({ bidMillis: 440n, askMillis: 460n });
  });

  it('has no price on an empty side or without a book', () => {
    expect(quoteFor(book(null, 0.56), 'NO')).toEqual({ bidMillis: 440n, askMillis: null });
    expect(quoteFor(null, 'YES')).toEqual({ bidMillis: null, askMillis: null });
  });
});

describe('priceQuickOrder: buys', () => {
  it('FOK BUY spends exactly the amount, with no price', () => {
    expect(priceQuickOrder(buy('YES', 'FOK', '10000000'), BOOK, 0n, 20)).toEqual({
      amounts: { orderType: 'FOK', side: 'BUY', spend: 10n * C },
      notionalRaw: 10n * C,
      limitMillis: null,
    });
  });

  it('FAK BUY YES buys what the amount buys at best ask + slippage, on the price grid', () => {
    const priced = priceQuickOrder(buy('YES', 'FAK', '10000000'), BOOK, 0n, 20);
    expect(priced.limitMillis).toBe(580n);
    expect(priced.amounts).toEqual({
      orderType: 'FAK',
      side: 'BUY',
      price: '0.58',
      contracts: 17_241_350n,
    });
    expect(priced.notionalRaw).toBe(9_999_983n);
    expect(priced.notionalRaw).toBeLessThanOrEqual(10n * C);
    // The exchange's own equations accept it exactly.
    expect(() => computeAmounts(priced.amounts)).not.toThrow();
  });

  it('FAK BUY NO uses the mirrored ask (1 − YES bid) + slippage', () => {
    const priced = priceQuickOrder(buy('NO', 'FAK', '4600000'), BOOK, 0n, 0);
    expect(priced.limitMillis).toBe(460n);
    expect(priced.amounts).toMatchObject({ price: '0.46', contracts: 10n * C });
  });

  it('keeps the limit within 0.01 to 0.99', () => {
    expect(
      priceQuickOrder(buy('YES', 'FAK', '10000000'), book(0.5, 0.98), 0n, 50).limitMillis,
    ).toBe(990n);
  });

  it('refuses a buy when no one sells the outcome', () => {
    expect(
      refusal(() => priceQuickOrder(buy('YES', 'FOK', '1000000'), book(0.5, null), 0n, 20)),
    ).toEqual({
      field: 'book',
      message: 'no one is selling YES right now, so there is nothing to buy',
    });
    expect(
      refusal(() => priceQuickOrder(buy('NO', 'FAK', '1000000'), book(null, 0.5), 0n, 20)).field,
    ).toBe('book');
    expect(refusal(() => priceQuickOrder(buy('YES', 'FAK', '1000000'), null, 0n, 20)).field).toBe(
      'book',
    );
  });

  it('refuses a zero amount, and an amount too small for one contract step', () => {
    expect(refusal(() => priceQuickOrder(buy('YES', 'FOK', '0'), BOOK, 0n, 20)).field).toBe(
      'amountRaw',
    );
    expect(refusal(() => priceQuickOrder(buy('YES', 'FAK', '1'), BOOK, 0n, 20))).toEqual({
      field: 'amountRaw',
      message: '$0.000001 does not buy a whole contract step at 0.58',
    });
  });
});

describe('priceQuickOrder: sells', () => {
  it('FOK SELL sells the share of the position, valued at the best bid', () => {
    expect(priceQuickOrder(sell('YES', 'FOK', 50), BOOK, 10n * C, 20)).toEqual({
      amounts: { orderType: 'FOK', side: 'SELL', contracts: 5n * C },
      notionalRaw: 2_700_000n,
      limitMillis: null,
    });
  });

  it('FAK SELL YES floors at best bid − slippage, rounded down to the price grid', () => {
    const priced = priceQuickOrder(sell('YES', 'FAK', 25), BOOK, 10_000_010n, 20);
    expect(priced.limitMillis).toBe(520n);
    // 25 % of 10.00001 is 2.5000025; the step at 0.52 is 25 raw.
    expect(priced.amounts).toEqual({
      orderType: 'FAK',
      side: 'SELL',
      price: '0.52',
      contracts: 2_500_000n,
    });
    expect(() => computeAmounts(priced.amounts)).not.toThrow();
  });

  it('FAK SELL NO uses the mirrored bid (1 − YES ask) − slippage', () => {
    const priced = priceQuickOrder(sell('NO', 'FAK', 100), BOOK, 3n * C, 20);
    expect(priced.limitMillis).toBe(420n);
    expect(priced.amounts).toMatchObject({ price: '0.42', contracts: 3n * C });
  });

  it('keeps the floor at 0.01 at least', () => {
    expect(priceQuickOrder(sell('YES', 'FAK', 100), book(0.02, 0.5), C, 50).limitMillis).toBe(10n);
  });

  it('refuses to sell what is not held', () => {
    expect(refusal(() => priceQuickOrder(sell('NO', 'FOK', 100), BOOK, 0n, 20))).toEqual({
      field: 'sellPercent',
      message: 'you hold no NO contracts on this market',
    });
  });

  it('refuses a sell when no one buys the outcome', () => {
    expect(refusal(() => priceQuickOrder(sell('YES', 'FAK', 50), book(null, 0.5), C, 20))).toEqual({
      field: 'book',
      message: 'no one is buying YES right now, so there is no one to sell to',
    });
  });

  it('refuses a share smaller than one raw unit, or one contract step', () => {
    expect(refusal(() => priceQuickOrder(sell('YES', 'FOK', 25), BOOK, 3n, 20)).message).toBe(
      'that share of your position is less than one raw unit',
    );
    expect(refusal(() => priceQuickOrder(sell('YES', 'FAK', 25), BOOK, 40n, 20)).message).toBe(
      'that share of your position is too small to sell at this price',
    );
  });
});

describe('a FOK quick order carries a worst price: the book must fill it within the slippage', () => {
  // YES asks: 10 contracts at 0.63, then a thin tail at 0.99; bids 0.60 (10), 0.40 (100).
  const thin: Depth = depthOf({
    tokenId: '1',
    bids: [
      { price: 0.6, size: (10n * C).toString() },
      { price: 0.4, size: (100n * C).toString() },
    ],
    asks: [
      { price: 0.63, size: (10n * C).toString() },
      { price: 0.99, size: (1000n * C).toString() },
    ],
    adjustedMidpoint: 0.615,
    minSize: '1',
  } as Parameters<typeof depthOf>[0]);
  const top = book(0.6, 0.63);

  it('refuses a $50 FOK buy that only 0.99 could fill, saying what fills within the slippage', () => {
    const issue = refusal(() =>
      priceQuickOrder(buy('YES', 'FOK', (50n * C).toString()), top, 0n, 20, thin),
    );
    expect(issue.field).toBe('amountRaw');
    expect(issue.message).toBe(
      'the book is too thin: at most $6.30 of YES fills at 0.65 or better (best ask + your slippage); buy less, or use FAK',
    );
  });

  it('places a FOK buy the best levels fill', () => {
    const priced = priceQuickOrder(buy('YES', 'FOK', (5n * C).toString()), top, 0n, 20, thin);
    expect(priced.amounts).toEqual({ orderType: 'FOK', side: 'BUY', spend: 5n * C });
  });

  it('reads NO from the YES bids (1 − price), and checks sells against the bids', () => {
    // NO asks are 1 − YES bids: 0.40 (10 contracts = $4), then 0.60.
    expect(() =>
      priceQuickOrder(buy('NO', 'FOK', (4n * C).toString()), top, 0n, 20, thin),
    ).not.toThrow();
    expect(
      refusal(() => priceQuickOrder(buy('NO', 'FOK', (5n * C).toString()), top, 0n, 20, thin))
        .message,
    ).toMatch(/at most \$4\.00 of NO fills at 0\.42 or better/);
    // Selling 100 % of 50 YES: only 10 sell at 0.58 or better.
    expect(refusal(() => priceQuickOrder(sell('YES', 'FOK', 100), top, 50n * C, 20, thin))).toEqual(
      {
        field: 'sellPercent',
        message:
          'the book is too thin: only 10 YES contracts sell at 0.58 or better (best bid − your slippage); sell a smaller share, or use FAK',
      },
    );
    expect(() => priceQuickOrder(sell('YES', 'FOK', 100), top, 10n * C, 20, thin)).not.toThrow();
  });

  it('the fillable amount is exact (bigint), level by level', () => {
    expect(fillableWithin(thin, 'YES', 'BUY', 650n)).toBe(6_300_000n);
    expect(fillableWithin(thin, 'YES', 'BUY', 990n)).toBe(6_300_000n + 990_000_000n);
    expect(fillableWithin(thin, 'YES', 'SELL', 400n)).toBe(110n * C);
  });
});
