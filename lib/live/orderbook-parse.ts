import type { OrderbookUpdateEvent } from '../core/api/events';

/**
 * The `orderbookUpdate` schema (events.ts), checked by hand: the one event that arrives
 * hundreds of times a second, where a general schema walk costs more than the rest of the
 * handling. It accepts exactly what `OrderbookUpdateEvent` accepts and hands on the payload
 * itself (that schema transforms nothing), and says where the first fault is. A property
 * test holds the two to the same verdicts (test/lib/live/orderbook-parse.test.ts).
 */
export type OrderbookParse =
  | { ok: true; event: OrderbookUpdateEvent }
  | { ok: false; reason: string };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const UNSIGNED = /^\d+$/;
const UINT256 = /^\d{1,78}$/;
const ISO_DATE = /^\d{4}-\d\d-\d\d/;
const UINT256_LIMIT = 2n ** 256n;

const isPrice = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;

const isUint256 = (v: unknown): boolean =>
  typeof v === 'string' && UINT256.test(v) && (v.length < 78 || BigInt(v) < UINT256_LIMIT);

const isIsoTime = (v: unknown): boolean =>
  typeof v === 'string' && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v));

/** The first fault of one side's levels, or null; `ascending` is the asks' order. */
function levelsFault(levels: unknown, side: string, ascending: boolean): string | null {
  if (!Array.isArray(levels)) return `orderbook.${side}: not an array`;
  let previous = 0;
  for (let i = 0; i < levels.length; i++) {
    const level: unknown = levels[i];
    if (!isObject(level)) return `orderbook.${side}[${i}]: not an object`;
    const { price, size } = level;
    if (!isPrice(price)) return `orderbook.${side}[${i}].price: not a price`;
    if (typeof size !== 'string' || !UNSIGNED.test(size))
      return `orderbook.${side}[${i}].size: not a raw amount`;
    if (i > 0 && (ascending ? price < previous : price > previous))
      return `orderbook.${side}: out of order`;
    previous = price;
  }
  return null;
}

export function parseOrderbookUpdate(payload: unknown): OrderbookParse {
  const fault = faultOf(payload);
  // Every field the schema reads was checked above; what it keeps unread passes as it came.
  return fault === null
    ? { ok: true, event: payload as OrderbookUpdateEvent }
    : { ok: false, reason: fault };
}

function faultOf(payload: unknown): string | null {
  if (!isObject(payload)) return 'not an object';
  if (typeof payload.marketSlug !== 'string') return 'marketSlug: not a string';
  if (!isIsoTime(payload.timestamp)) return 'timestamp: not an ISO time';
  const book = payload.orderbook;
  if (!isObject(book)) return 'orderbook: not an object';
  if (!isUint256(book.tokenId)) return 'orderbook.tokenId: not a uint256';
  if (book.adjustedMidpoint !== null && !isPrice(book.adjustedMidpoint))
    return 'orderbook.adjustedMidpoint: not a price';
  if (typeof book.minSize !== 'string' || !UNSIGNED.test(book.minSize))
    return 'orderbook.minSize: not a raw amount';
  return levelsFault(book.bids, 'bids', false) ?? levelsFault(book.asks, 'asks', true);
}
