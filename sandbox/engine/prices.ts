import { type BookOrder, type Outcome, PRICE_ONE, type Side } from './types';

/** BUY YES and SELL NO are bids in YES terms; SELL YES and BUY NO are asks. */
export const isBid = (side: Side, outcome: Outcome): boolean =>
  (side === 'BUY') === (outcome === 'YES');

/** An own-terms price in YES terms (NO prices are 1 − YES). */
export const toYes = (outcome: Outcome, priceMillis: bigint): bigint =>
  outcome === 'YES' ? priceMillis : PRICE_ONE - priceMillis;

export const yesPriceOf = (o: Pick<BookOrder, 'outcome' | 'priceMillis'>): bigint =>
  toYes(o.outcome, o.priceMillis);

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/**
 * The smallest raw contract count whose collateral at `priceMillis` is a whole raw amount
 * (rule 4): 1000 / gcd(p, 1000). It is the same for p and 1 − p, so both legs of a mint or
 * a merge are whole together. Every fill is a multiple of it: a fill that is not would make
 * one side pay or receive a rounded amount, i.e. trade past its limit.
 */
export const contractStep = (priceMillis: bigint): bigint => {
  const g = gcd(priceMillis, PRICE_ONE);
  return g === 0n ? 1n : PRICE_ONE / g;
};

/** `contracts` rounded down to a whole number of `step`s. */
export const floorToStep = (contracts: bigint, step: bigint): bigint =>
  contracts - (contracts % step);

/** price × contracts / 1000: the collateral of one leg, exact for whole contract steps. */
export const legCollateral = (priceMillis: bigint, contracts: bigint): bigint =>
  (priceMillis * contracts) / PRICE_ONE;

/** Most contracts, in whole steps at `priceMillis`, whose exact collateral is within `budget`. */
export const contractsWithin = (budget: bigint, priceMillis: bigint): bigint =>
  priceMillis <= 0n
    ? 0n
    : floorToStep((budget * PRICE_ONE) / priceMillis, contractStep(priceMillis));
