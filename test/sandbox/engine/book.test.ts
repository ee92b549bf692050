import { describe, expect, it } from 'vitest';
import { OrderBook } from '../../../sandbox/engine/book';
import type { BookOrder, MatchOutcome, TakerOrder } from '../../../sandbox/engine/types';

const C = 1_000_000n; // one contract, raw

function rest(
  book: OrderBook,
  o: Partial<BookOrder> & Pick<BookOrder, 'id' | 'side' | 'outcome' | 'priceMillis'>,
) {
  return book.add({ ownerId: 1, remaining: 10n * C, ...o });
}

function taker(o: Partial<TakerOrder> & Pick<TakerOrder, 'side'>): TakerOrder {
  return {
    id: 'taker',
    ownerId: 99,
    outcome: 'YES',
    orderType: 'GTC',
    limitMillis: 500n,
    size: { contracts: 10n * C },
    postOnly: false,
    stpPolicy: 'cancel_maker',
    ...o,
  };
}

function executed(outcome: MatchOutcome) {
  if (outcome.kind !== 'executed') throw new Error(`expected an execution, got ${outcome.kind}`);
  return outcome;
}

describe('OrderBook matching', () => {
  it('fills the best price first, then the oldest order at that price', () => {
    const book = new OrderBook();
    rest(book, {
      id: 'ask-52-old',
      side: 'SELL',
      outcome: 'YES',
      priceMillis: 520n,
      remaining: 2n * C,
    });
    rest(book, {
      id: 'ask-50',
      side: 'SELL',
      outcome: 'YES',
      priceMillis: 500n,
      remaining: 1n * C,
    });
    rest(book, {
      id: 'ask-52-new',
      side: 'SELL',
      outcome: 'YES',
      priceMillis: 520n,
      remaining: 2n * C,
    });
    const out = executed(
      book.execute(
        taker({ side: 'BUY', orderType: 'FAK', limitMillis: 520n, size: { contracts: 4n * C } }),
      ),
    );
    expect(out.fills.map((f) => [f.maker.id, f.contracts])).toEqual([
      ['ask-50', 1n * C],
      ['ask-52-old', 2n * C],
      ['ask-52-new', 1n * C],
    ]);
    expect(book.get('ask-52-new')?.remaining).toBe(1n * C);
  });

  it('fills at the resting maker price, not the taker limit', () => {
    const book = new OrderBook();
    rest(book, { id: 'ask', side: 'SELL', outcome: 'YES', priceMillis: 450n });
    const out = executed(
      book.execute(taker({ side: 'BUY', limitMillis: 600n, size: { contracts: 2n * C } })),
    );
    expect(out.fills[0]?.takerPriceMillis).toBe(450n);
    expect(out.fills[0]?.takerCollateral).toBe(900_000n);
  });

  it('leaves a partially filled maker on the book with its remainder', () => {
    const book = new OrderBook();
    rest(book, { id: 'bid', side: 'BUY', outcome: 'YES', priceMillis: 400n, remaining: 10n * C });
    const out = executed(
      book.execute(taker({ side: 'SELL', limitMillis: 400n, size: { contracts: 3n * C } })),
    );
    expect(out.fills[0]?.makerRemaining).toBe(7n * C);
    expect(book.get('bid')?.remaining).toBe(7n * C);
  });

  it('never executes past the limit and rests the GTC remainder', () => {
    const book = new OrderBook();
    rest(book, {
      id: 'ask-50',
      side: 'SELL',
      outcome: 'YES',
      priceMillis: 500n,
      remaining: 1n * C,
    });
    rest(book, {
      id: 'ask-60',
      side: 'SELL',
      outcome: 'YES',
      priceMillis: 600n,
      remaining: 5n * C,
    });
    const out = executed(
      book.execute(taker({ side: 'BUY', limitMillis: 550n, size: { contracts: 3n * C } })),
    );
    expect(out.fills).toHaveLength(1);
    expect(out.rested?.remaining).toBe(2n * C);
    expect(book.bestBid()).toBe(550n);
    expect(book.get('ask-60')?.remaining).toBe(5n * C);
  });

  it('mints a pair when a YES buyer meets a NO buyer', () => {
    const book = new OrderBook();
    // BUY NO at 0.45 rests as a YES ask at 0.55.
    rest(book, { id: 'no-bid', side: 'BUY', outcome: 'NO', priceMillis: 450n });
    expect(book.bestAsk()).toBe(550n);
    const out = executed(
      book.execute(taker({ side: 'BUY', limitMillis: 560n, size: { contracts: 1n * C } })),
    );
    const fill = out.fills[0];
    expect(fill?.kind).toBe('mint');
    expect(fill?.takerPriceMillis).toBe(550n);
    expect(fill?.makerPriceMillis).toBe(450n);
    expect((fill?.takerCollateral ?? 0n) + (fill?.makerCollateral ?? 0n)).toBe(1n * C);
  });

  it('merges a pair when a YES seller meets a NO seller', () => {
    const book = new OrderBook();
    // SELL NO at 0.40 rests as a YES bid at 0.60.
    rest(book, { id: 'no-ask', side: 'SELL', outcome: 'NO', priceMillis: 400n });
    const out = executed(
      book.execute(taker({ side: 'SELL', limitMillis: 600n, size: { contracts: 1n * C } })),
    );
    expect(out.fills[0]?.kind).toBe('merge');
    expect(out.fills[0]?.takerCollateral).toBe(600_000n);
    expect(out.fills[0]?.makerCollateral).toBe(400_000n);
  });

  it('matches a NO buyer against a NO seller as a plain transfer in NO terms', () => {
    const book = new OrderBook();
    rest(book, { id: 'no-ask', side: 'SELL', outcome: 'NO', priceMillis: 300n });
    const out = executed(
      book.execute(
        taker({ side: 'BUY', outcome: 'NO', limitMillis: 300n, size: { contracts: 1n * C } }),
      ),
    );
    expect(out.fills[0]?.kind).toBe('transfer');
    expect(out.fills[0]?.takerPriceMillis).toBe(300n);
  });

  it('rounds each leg in the resting order’s favour, never past its limit', () => {
    const book = new OrderBook();
    rest(book, { id: 'ask', side: 'SELL', outcome: 'YES', priceMillis: 333n });
    rest(book, { id: 'bid', side: 'BUY', outcome: 'YES', priceMillis: 333n });
    const bought = executed(
      book.execute(taker({ side: 'BUY', limitMillis: 333n, size: { contracts: 1001n } })),
    );
    // 333.333: the selling maker receives 334, and the taker pays what the maker receives.
    expect(bought.fills[0]).toMatchObject({ makerCollateral: 334n, takerCollateral: 334n });
    const sold = executed(
      book.execute(taker({ side: 'SELL', limitMillis: 333n, size: { contracts: 1001n } })),
    );
    // The buying maker pays 333 (rounded down), which is what the taker receives.
    expect(sold.fills[0]).toMatchObject({ makerCollateral: 333n, takerCollateral: 333n });
  });

  it('the two legs of a mint or a merge sum to the contracts, whatever the rounding', () => {
    for (const contracts of [1n, 7n, 1001n, 3_333_333n]) {
      const mint = new OrderBook();
      rest(mint, { id: 'no-bid', side: 'BUY', outcome: 'NO', priceMillis: 667n });
      const minted = executed(
        mint.execute(taker({ side: 'BUY', limitMillis: 333n, size: { contracts } })),
      ).fills[0];
      expect((minted?.takerCollateral ?? 0n) + (minted?.makerCollateral ?? 0n)).toBe(contracts);
      const merge = new OrderBook();
      rest(merge, { id: 'no-ask', side: 'SELL', outcome: 'NO', priceMillis: 667n });
      const merged = executed(
        merge.execute(taker({ side: 'SELL', limitMillis: 333n, size: { contracts } })),
      ).fills[0];
      expect((merged?.takerCollateral ?? 0n) + (merged?.makerCollateral ?? 0n)).toBe(contracts);
    }
  });
});

describe('order types', () => {
  it('FAK fills what it can and kills the rest', () => {
    const book = new OrderBook();
    rest(book, { id: 'ask', side: 'SELL', outcome: 'YES', priceMillis: 500n, remaining: 2n * C });
    const out = executed(
      book.execute(
        taker({ side: 'BUY', orderType: 'FAK', limitMillis: 500n, size: { contracts: 5n * C } }),
      ),
    );
    expect(out.filledContracts).toBe(2n * C);
    expect(out.killed).toBe(3n * C);
    expect(out.rested).toBeNull();
    expect(book.bestBid()).toBeNull();
  });

  it('a FAK that finds nothing within its limit is rejected', () => {
    const book = new OrderBook();
    rest(book, { id: 'ask', side: 'SELL', outcome: 'YES', priceMillis: 700n });
    const out = book.execute(taker({ side: 'BUY', orderType: 'FAK', limitMillis: 600n }));
    expect(out.kind === 'rejected' && out.reason).toBe('NO_LIQUIDITY');
    expect(book.get('ask')?.remaining).toBe(10n * C);
  });

  it('FOK BUY spends its whole budget across levels', () => {
    const book = new OrderBook();
    rest(book, { id: 'a1', side: 'SELL', outcome: 'YES', priceMillis: 500n, remaining: 2n * C });
    rest(book, { id: 'a2', side: 'SELL', outcome: 'YES', priceMillis: 600n, remaining: 10n * C });
    const out = executed(
      book.execute(
        taker({ side: 'BUY', orderType: 'FOK', limitMillis: null, size: { budget: 2_200_000n } }),
      ),
    );
    expect(out.takerCollateral).toBe(2_200_000n);
    // 1.0 at 0.50 buys 2 contracts, the 1.2 left at 0.60 exactly 2 more: spent to the raw unit.
    expect(out.fills.map((f) => f.contracts)).toEqual([2n * C, 2n * C]);
  });

  it('FOK BUY of a budget that is not whole at the price: spent to the raw unit, never more', () => {
    const book = new OrderBook();
    rest(book, { id: 'a1', side: 'SELL', outcome: 'YES', priceMillis: 630n, remaining: 20n * C });
    const out = executed(
      book.execute(
        taker({ side: 'BUY', orderType: 'FOK', limitMillis: null, size: { budget: 5n * C } }),
      ),
    );
    // floor(5 / 0.63) = 7.936507 contracts; 0.63 × that = 4.99999941, rounded up to the maker.
    expect(out.fills[0]).toMatchObject({ contracts: 7_936_507n, makerCollateral: 5n * C });
    expect(out.takerCollateral).toBe(5n * C);
  });

  it('FOK BUY that the book cannot fill in full changes nothing', () => {
    const book = new OrderBook();
    rest(book, { id: 'a1', side: 'SELL', outcome: 'YES', priceMillis: 500n, remaining: 1n * C });
    const out = book.execute(
      taker({ side: 'BUY', orderType: 'FOK', limitMillis: null, size: { budget: 5_000_000n } }),
    );
    expect(out.kind === 'rejected' && out.reason).toBe('FOK_NOT_FILLABLE');
    expect(book.get('a1')?.remaining).toBe(1n * C);
  });

  it('FOK SELL fills all its contracts or nothing', () => {
    const book = new OrderBook();
    rest(book, { id: 'b1', side: 'BUY', outcome: 'YES', priceMillis: 400n, remaining: 2n * C });
    const tooBig = book.execute(
      taker({ side: 'SELL', orderType: 'FOK', limitMillis: null, size: { contracts: 3n * C } }),
    );
    expect(tooBig.kind).toBe('rejected');
    expect(book.get('b1')?.remaining).toBe(2n * C);
    const fits = executed(
      book.execute(
        taker({ side: 'SELL', orderType: 'FOK', limitMillis: null, size: { contracts: 2n * C } }),
      ),
    );
    expect(fits.filledContracts).toBe(2n * C);
  });

  it('refuses a postOnly order that would match, and rests one that would not', () => {
    const book = new OrderBook();
    rest(book, { id: 'ask', side: 'SELL', outcome: 'YES', priceMillis: 500n });
    const crossing = book.execute(taker({ side: 'BUY', limitMillis: 500n, postOnly: true }));
    expect(crossing.kind === 'rejected' && crossing.reason).toBe('POST_ONLY_WOULD_MATCH');
    const passive = executed(
      book.execute(taker({ side: 'BUY', limitMillis: 490n, postOnly: true })),
    );
    expect(passive.fills).toHaveLength(0);
    expect(passive.rested?.priceMillis).toBe(490n);
  });

  it('says whether an order would cross the book', () => {
    const book = new OrderBook();
    rest(book, { id: 'bid', side: 'BUY', outcome: 'YES', priceMillis: 400n });
    expect(book.wouldCross(taker({ side: 'SELL', limitMillis: 400n }))).toBe(true);
    expect(book.wouldCross(taker({ side: 'SELL', limitMillis: 410n }))).toBe(false);
    // SELL NO at 0.60 is a YES bid at 0.40: it does not meet a YES bid.
    expect(book.wouldCross(taker({ side: 'BUY', outcome: 'NO', limitMillis: 600n }))).toBe(true);
  });
});

describe('self-trade prevention', () => {
  const setup = () => {
    const book = new OrderBook();
    rest(book, {
      id: 'own',
      ownerId: 99,
      side: 'SELL',
      outcome: 'YES',
      priceMillis: 500n,
      remaining: 1n * C,
    });
    rest(book, {
      id: 'other',
      ownerId: 2,
      side: 'SELL',
      outcome: 'YES',
      priceMillis: 510n,
      remaining: 5n * C,
    });
    return book;
  };

  it('cancel_maker cancels the own resting order and keeps matching others', () => {
    const book = setup();
    const out = executed(
      book.execute(taker({ side: 'BUY', limitMillis: 510n, size: { contracts: 2n * C } })),
    );
    expect(out.stpCanceled.map((o) => o.id)).toEqual(['own']);
    expect(out.fills.map((f) => f.maker.id)).toEqual(['other']);
    expect(book.get('own')).toBeUndefined();
  });

  it('cancel_maker with nothing else to match rests the taker', () => {
    const book = new OrderBook();
    rest(book, { id: 'own', ownerId: 99, side: 'SELL', outcome: 'YES', priceMillis: 500n });
    const out = executed(book.execute(taker({ side: 'BUY', limitMillis: 500n })));
    expect(out.fills).toHaveLength(0);
    expect(out.stpCanceled).toHaveLength(1);
    expect(out.rested).not.toBeNull();
  });

  it('cancel_taker rejects the taker and leaves the book as it was', () => {
    const book = setup();
    const out = book.execute(taker({ side: 'BUY', limitMillis: 510n, stpPolicy: 'cancel_taker' }));
    expect(out.kind).toBe('stp-rejected');
    expect(out.kind === 'stp-rejected' && out.canceledMakers).toEqual([]);
    expect(book.get('own')).toBeDefined();
    expect(book.get('other')?.remaining).toBe(5n * C);
  });

  it('cancel_both rejects the taker and cancels the resting order', () => {
    const book = setup();
    const out = book.execute(taker({ side: 'BUY', limitMillis: 510n, stpPolicy: 'cancel_both' }));
    expect(out.kind === 'stp-rejected' && out.canceledMakers.map((o) => o.id)).toEqual(['own']);
    expect(book.get('own')).toBeUndefined();
    expect(book.get('other')?.remaining).toBe(5n * C);
  });

  it('an own order beyond the limit is no conflict', () => {
    const book = new OrderBook();
    rest(book, { id: 'own', ownerId: 99, side: 'SELL', outcome: 'YES', priceMillis: 700n });
    const out = book.execute(taker({ side: 'BUY', limitMillis: 500n, stpPolicy: 'cancel_taker' }));
    expect(out.kind).toBe('executed');
  });
});
