import type { Outcome, Side } from '../api/primitives';
import { formatCents } from '../format/price';
import {
  type AmountIntent,
  computeAmounts,
  contractsForSpend,
  floorToStep,
  notionalOf,
  readPrice,
} from './amounts';
import { OrderRuleError } from './issues';
import { fromRaw } from './units';

/** The terms of a level click that pricing reads (the protocol's parsed LimitOrderRequest). */
export interface LimitOrderTerms {
  outcome: Outcome;
  side: Side;
  /** The level's price as the user saw it, a decimal (`0.41`). */
  price: string;
  /** The preset: money to spend (BUY) or worth of held contracts to sell (SELL), raw. */
  amountRaw: string;
}

export interface PricedLimit {
  amounts: AmountIntent & { orderType: 'GTC'; price: string };
  /** Collateral at stake at the limit, for the caps and the confirmation threshold. */
  notionalRaw: bigint;
  priceMillis: bigint;
}

const refuse = (field: string, message: string): never => {
  throw new OrderRuleError([{ field, message }]);
};

/**
 * A level click → exact GTC amounts at the clicked price, which is kept as it is: the
 * order rests where the user pointed or is refused, never moved to a fresher level.
 * BUY: the contracts the preset buys at that price. SELL: the contracts worth the preset
 * at that price, at most what is held. Refuses off-grid or out-of-range prices, and
 * orders under the exchange's size floor, with the rule in words.
 */
export function priceLimitOrder(terms: LimitOrderTerms, heldContractsRaw: bigint): PricedLimit {
  const read = readPrice(terms.price);
  if ('issue' in read) return refuse(read.issue.field, read.issue.message);
  const millis = read.millis;
  const amount = BigInt(terms.amountRaw);
  if (amount <= 0n) refuse('amountRaw', 'the preset amount must be more than zero');
  const at = formatCents(Number(millis) / 1000);
  let contracts = contractsForSpend(amount, millis);
  if (terms.side === 'SELL') {
    if (heldContractsRaw <= 0n)
      refuse(
        'side',
        `you hold no ${terms.outcome} contracts on this market, so there is nothing to sell`,
      );
    contracts = floorToStep(contracts < heldContractsRaw ? contracts : heldContractsRaw, millis);
  }
  if (contracts <= 0n)
    refuse('amountRaw', `$${fromRaw(amount)} is less than one contract step at ${at}`);
  const amounts: PricedLimit['amounts'] = {
    orderType: 'GTC',
    side: terms.side,
    price: terms.price,
    contracts,
  };
  // The exchange's size floor and the exact-amount rule, in the words every order gets.
  computeAmounts(amounts);
  return { amounts, notionalRaw: notionalOf(contracts, millis), priceMillis: millis };
}
