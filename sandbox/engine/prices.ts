import { type BookOrder, type Outcome, PRICE_ONE, type Side } from './types';

/** BUY YES and SELL NO are bids in YES terms; SELL YES and BUY NO are asks. */
export const isBid = (side: Side, outcome: Outcome): boolean =>
  (side === 'BUY') === (outcome === 'YES');

/** An own-terms price in YES terms (NO prices are 1 − YES). */
export const toYes = (outcome: Outcome, priceMillis: bigint): bigint =>
  outcome === 'YES' ? priceMillis : PRICE_ONE - priceMillis;

export const yesPriceOf = (o: Pick<BookOrder, 'outcome' | 'priceMillis'>): bigint =>
  toYes(o.outcome, o.priceMillis);
