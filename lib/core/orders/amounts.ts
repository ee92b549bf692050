import type { Side } from '../api/primitives';
import { OrderRuleError, type RuleIssue } from './issues';
import {
  DecimalFormatError,
  type DecimalInput,
  decimalPlaces,
  fromRaw,
  gcd,
  MAX_PRICE_MILLIS,
  MIN_PRICE_MILLIS,
  millisToPrice,
  PRICE_SCALE,
  priceToMillis,
} from './units';

/** The API's only order-size floor: `makerAmount` ≥ 100 raw units. */
export const MIN_MAKER_AMOUNT = 100n;

/** What a user asks for, in exact units. */
export type AmountIntent =
  | { orderType: 'GTC' | 'FAK'; side: Side; price: DecimalInput; contracts: bigint }
  | { orderType: 'FOK'; side: 'BUY'; spend: bigint }
  | { orderType: 'FOK'; side: 'SELL'; contracts: bigint };

export interface OrderAmounts {
  makerAmount: bigint;
  takerAmount: bigint;
  /** Present for GTC and FAK, absent for FOK (the API refuses a FOK price). */
  price?: number;
}

function isDecimal(value: DecimalInput): boolean {
  try {
    decimalPlaces(value);
    return true;
  } catch {
    return false;
  }
}

/** Reads and range-checks a limit price; returns thousandths or the issue. */
export function readPrice(price: DecimalInput): { millis: bigint } | { issue: RuleIssue } {
  let millis: bigint;
  try {
    millis = priceToMillis(price);
  } catch (error) {
    if (!(error instanceof DecimalFormatError)) throw error;
    const text = String(price);
    return {
      issue: {
        field: 'price',
        message: isDecimal(price)
          ? `price ${text} has more than 3 decimals; use a price on the 0.001 grid, between 0.01 and 0.99`
          : `price ${text} is not a decimal number; write it like 0.55`,
      },
    };
  }
  if (millis < MIN_PRICE_MILLIS || millis > MAX_PRICE_MILLIS) {
    return {
      issue: { field: 'price', message: `price ${String(price)} is outside 0.01 to 0.99` },
    };
  }
  return { millis };
}

/** Smallest contract step (raw) for which `price × contracts` is a whole raw amount. */
export const contractStep = (priceMillis: bigint): bigint =>
  PRICE_SCALE / gcd(priceMillis, PRICE_SCALE);

/** The valid contract counts just below and above `contracts` at this price. */
export function nearestValidContracts(priceMillis: bigint, contracts: bigint): bigint[] {
  const step = contractStep(priceMillis);
  const lower = contracts - (contracts % step);
  const upper = lower === contracts ? contracts : lower + step;
  return [...new Set([lower, upper])].filter((c) => c > 0n);
}

function sizeIssue(priceMillis: bigint, contracts: bigint): RuleIssue {
  const options = nearestValidContracts(priceMillis, contracts).map((c) => fromRaw(c));
  const price = millisToPrice(priceMillis);
  return {
    field: 'contracts',
    message:
      `price ${price} × ${fromRaw(contracts)} contracts is not a whole number of raw units; ` +
      `use ${options.join(' or ')} contracts`,
  };
}

/**
 * Exact amounts for an intent (rule 7), or an `OrderRuleError` naming what to change.
 * Never rounds.
 */
export function computeAmounts(intent: AmountIntent): OrderAmounts {
  const issues: RuleIssue[] = [];
  let amounts: OrderAmounts | undefined;
  if (intent.orderType === 'FOK') {
    const maker = intent.side === 'BUY' ? intent.spend : intent.contracts;
    if (maker <= 0n) {
      issues.push({
        field: intent.side === 'BUY' ? 'spend' : 'contracts',
        message:
          intent.side === 'BUY'
            ? 'the amount to spend must be more than zero'
            : 'the number of contracts to sell must be more than zero',
      });
    }
    amounts = { makerAmount: maker, takerAmount: 1n };
  } else {
    const read = readPrice(intent.price);
    if (intent.contracts <= 0n) {
      issues.push({
        field: 'contracts',
        message: 'the number of contracts must be more than zero',
      });
    }
    if ('issue' in read) {
      issues.push(read.issue);
    } else if (intent.contracts > 0n) {
      const notionalMillis = read.millis * intent.contracts;
      if (notionalMillis % PRICE_SCALE !== 0n) {
        issues.push(sizeIssue(read.millis, intent.contracts));
      } else {
        const collateral = notionalMillis / PRICE_SCALE;
        const price = millisToPrice(read.millis);
        amounts =
          intent.side === 'BUY'
            ? { makerAmount: collateral, takerAmount: intent.contracts, price }
            : { makerAmount: intent.contracts, takerAmount: collateral, price };
      }
    }
  }
  if (amounts && amounts.makerAmount > 0n && amounts.makerAmount < MIN_MAKER_AMOUNT) {
    issues.push({
      field: 'makerAmount',
      message: `the order is too small: makerAmount ${amounts.makerAmount} is below the minimum of ${MIN_MAKER_AMOUNT} raw units (0.0001)`,
    });
  }
  if (issues.length > 0 || !amounts) throw new OrderRuleError(issues);
  return amounts;
}

/**
 * Largest valid contract count whose cost at `priceMillis` does not exceed `spend`:
 * how a "$10 at up to 0.57" button turns money into contracts.
 */
export function contractsForSpend(spend: bigint, priceMillis: bigint): bigint {
  if (spend <= 0n || priceMillis <= 0n) return 0n;
  const most = (spend * PRICE_SCALE) / priceMillis;
  return most - (most % contractStep(priceMillis));
}

/** Rounds a contract count down to the price grid (for "sell 25 %" at a limit). */
export const floorToStep = (contracts: bigint, priceMillis: bigint): bigint =>
  contracts - (contracts % contractStep(priceMillis));

/** Collateral of `contracts` at a limit price, in raw units (exact when on the grid). */
export const notionalOf = (contracts: bigint, priceMillis: bigint): bigint =>
  (contracts * priceMillis) / PRICE_SCALE;
