import type { Outcome, Side } from '../api/primitives';
import { type AmountIntent, contractsForSpend, floorToStep, notionalOf } from '../orders/amounts';
import { OrderRuleError } from '../orders/issues';
import {
  fromRaw,
  MAX_PRICE_MILLIS,
  MIN_PRICE_MILLIS,
  PRICE_SCALE,
  priceToMillis,
} from '../orders/units';
import type { BookTop } from './book-top';
import { type Depth, fillableWithin } from './depth';

/** The terms of a one-click order that pricing reads (the protocol's parsed QuickOrderRequest). */
export interface QuickOrderTerms {
  outcome: Outcome;
  side: Side;
  orderType: 'FOK' | 'FAK';
  amountRaw?: string | undefined;
  sellPercent?: number | undefined;
}

/** Best prices of one outcome, in thousandths (NO mirrors YES: bid ↔ 1 − ask). */
export interface OutcomeQuote {
  bidMillis: bigint | null;
  askMillis: bigint | null;
}

function millisOf(price: number | null): bigint | null {
  if (price === null) return null;
  try {
    return priceToMillis(price);
  } catch {
    return null;
  }
}

export function quoteFor(book: BookTop | null, outcome: Outcome): OutcomeQuote {
  const bid = millisOf(book?.bestBid ?? null);
  const ask = millisOf(book?.bestAsk ?? null);
  if (outcome === 'YES') return { bidMillis: bid, askMillis: ask };
  return {
    bidMillis: ask === null ? null : PRICE_SCALE - ask,
    askMillis: bid === null ? null : PRICE_SCALE - bid,
  };
}

export interface PricedOrder {
  amounts: AmountIntent;
  /** Collateral at stake, for caps and the confirmation threshold (a sell's is an estimate at the floor). */
  notionalRaw: bigint;
  /** The FAK limit, or null for FOK. */
  limitMillis: bigint | null;
}

const clampPrice = (millis: bigint): bigint =>
  millis < MIN_PRICE_MILLIS
    ? MIN_PRICE_MILLIS
    : millis > MAX_PRICE_MILLIS
      ? MAX_PRICE_MILLIS
      : millis;

const refuse = (field: string, message: string): never => {
  throw new OrderRuleError([{ field, message }]);
};

/**
 * A one-click request turned into exact amounts from the live book:
 * - BUY FOK spends exactly the amount; BUY FAK buys, at up to best ask + slippage, the
 *   contracts that amount buys at that limit.
 * - SELL sells 25/50/100 % of the held contracts; FAK with a floor of best bid − slippage.
 */
export function priceQuickOrder(
  request: QuickOrderTerms,
  book: BookTop | null,
  heldContractsRaw: bigint,
  slippageMillis: number,
  /** The live book's levels: a FOK goes out only if they fill it within the slippage. */
  depth: Depth | null = null,
): PricedOrder {
  const quote = quoteFor(book, request.outcome);
  const slip = BigInt(slippageMillis);
  if (request.side === 'BUY') {
    const spend = BigInt(request.amountRaw ?? '0');
    if (spend <= 0n) refuse('amountRaw', 'the amount to spend must be more than zero');
    if (quote.askMillis === null) {
      return refuse(
        'book',
        `no one is selling ${request.outcome} right now, so there is nothing to buy`,
      );
    }
    if (request.orderType === 'FOK') {
      const worst = clampPrice(quote.askMillis + slip);
      if (depth) {
        const fills = fillableWithin(depth, request.outcome, 'BUY', worst);
        if (fills < spend)
          refuse(
            'amountRaw',
            `the book is too thin: at most $${fromRaw(fills, 2)} of ${request.outcome} fills at ${fromRaw(worst * 1000n)} or better (best ask + your slippage); buy less, or use FAK`,
          );
      }
      return {
        amounts: { orderType: 'FOK', side: 'BUY', spend },
        notionalRaw: spend,
        limitMillis: null,
      };
    }
    const limit = clampPrice(quote.askMillis + slip);
    const contracts = contractsForSpend(spend, limit);
    if (contracts <= 0n)
      refuse(
        'amountRaw',
        `$${fromRaw(spend)} does not buy a whole contract step at ${fromRaw(limit * 1000n)}`,
      );
    return {
      amounts: { orderType: 'FAK', side: 'BUY', price: fromRaw(limit * 1000n), contracts },
      notionalRaw: notionalOf(contracts, limit),
      limitMillis: limit,
    };
  }

  const percent = BigInt(request.sellPercent ?? 0);
  const wanted = (heldContractsRaw * percent) / 100n;
  if (heldContractsRaw <= 0n)
    refuse('sellPercent', `you hold no ${request.outcome} contracts on this market`);
  if (quote.bidMillis === null) {
    return refuse(
      'book',
      `no one is buying ${request.outcome} right now, so there is no one to sell to`,
    );
  }
  if (request.orderType === 'FOK') {
    if (wanted <= 0n)
      refuse('sellPercent', 'that share of your position is less than one raw unit');
    const worst = clampPrice(quote.bidMillis - slip);
    if (depth) {
      const fills = fillableWithin(depth, request.outcome, 'SELL', worst);
      if (fills < wanted)
        refuse(
          'sellPercent',
          `the book is too thin: only ${fromRaw(fills)} ${request.outcome} contracts sell at ${fromRaw(worst * 1000n)} or better (best bid − your slippage); sell a smaller share, or use FAK`,
        );
    }
    return {
      amounts: { orderType: 'FOK', side: 'SELL', contracts: wanted },
      notionalRaw: notionalOf(wanted, quote.bidMillis),
      limitMillis: null,
    };
  }
  const floor = clampPrice(quote.bidMillis - slip);
  const contracts = floorToStep(wanted, floor);
  if (contracts <= 0n)
    refuse('sellPercent', 'that share of your position is too small to sell at this price');
  return {
    amounts: { orderType: 'FAK', side: 'SELL', price: fromRaw(floor * 1000n), contracts },
    notionalRaw: notionalOf(contracts, floor),
    limitMillis: floor,
  };
}
