import { z } from 'zod';
import {
  Address,
  IsoTime,
  Price,
  PricePair,
  record,
  Uint256String,
  UnsignedRawAmount,
} from './primitives';

export const TradeType = z.enum(['clob', 'amm']);
export type TradeType = z.infer<typeof TradeType>;

export const MarketGroupRef = record({ id: z.number().int(), slug: z.string(), title: z.string() });

/**
 * `GET /markets/:slug`. `tokens` and `venue` exist on CLOB markets; an AMM market has
 * neither (it takes no CLOB orders), so both are nullable and checked where orders are built.
 */
export const MarketRecord = record({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: z.string(),
  tradeType: TradeType,
  negRisk: z.boolean(),
  group: MarketGroupRef.nullable(),
  deadline: IsoTime.nullable(),
  prices: PricePair.nullable(),
  imageUrl: z.string().nullable().optional(),
  tokens: record({ yes: Uint256String, no: Uint256String }).nullable(),
  venue: record({ exchange: Address, adapter: Address }).nullable(),
  settings: record({
    takerDelayMs: z.number().int().nonnegative(),
    /**
     * Whether takers pay their fee rate here (ours: the exchange names no field for it;
     * docs/exchange-api.md, Markets). The sandbox always sends it; absent: unknown, and a
     * position's mark counts the fee (`marks.ts`).
     */
    feesEnabled: z.boolean().optional(),
  }),
});
export type MarketRecord = z.infer<typeof MarketRecord>;

export const ActiveMarkets = record({
  data: z.array(MarketRecord),
  totalMarketsCount: z.number().int().nonnegative(),
});
export type ActiveMarkets = z.infer<typeof ActiveMarkets>;

export const OrderbookLevel = record({ price: Price, size: UnsignedRawAmount });
export type OrderbookLevel = z.infer<typeof OrderbookLevel>;

/** YES-token terms; NO prices are `1 − YES`. Bids descending, asks ascending. */
export const Orderbook = record({
  tokenId: Uint256String,
  bids: z.array(OrderbookLevel),
  asks: z.array(OrderbookLevel),
  adjustedMidpoint: Price.nullable(),
  minSize: UnsignedRawAmount,
}).superRefine((book, ctx) => {
  for (let i = 1; i < book.bids.length; i++) {
    if ((book.bids[i]?.price ?? 0) > (book.bids[i - 1]?.price ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['bids', i], message: 'bids must be descending' });
      return;
    }
  }
  for (let i = 1; i < book.asks.length; i++) {
    if ((book.asks[i]?.price ?? 0) < (book.asks[i - 1]?.price ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['asks', i], message: 'asks must be ascending' });
      return;
    }
  }
});
export type Orderbook = z.infer<typeof Orderbook>;

/** `GET /markets/:slug/historical-price` (shape is ours). */
export const HistoricalPrice = record({
  marketSlug: z.string(),
  interval: z.string(),
  prices: z.array(record({ timestamp: IsoTime, price: Price })),
});
export type HistoricalPrice = z.infer<typeof HistoricalPrice>;
