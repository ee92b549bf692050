import { z } from 'zod';
import { PnlTimeframe } from './portfolio';

/*
 * Query strings, shared like the bodies: the sandbox parses them (values arrive as text,
 * hence `coerce`), and the client checks its own values with them before sending, so a
 * bad value is refused at once with the same words instead of a round trip.
 */

/** `?onBehalfOf=`: a partner's sub-account profile id (spec: integer, at least 1). */
export const OnBehalfOfQuery = z.looseObject({
  onBehalfOf: z.coerce
    .number()
    .int('onBehalfOf must be an integer')
    .min(1, 'onBehalfOf must be at least 1')
    .optional(),
});

/** `?limit=&page=` of a listing (ours): up to 100 a page, pages from 1. */
export const Paging = z.looseObject({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(50),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').default(1),
});

/** `GET /markets/:slug/historical-price?interval=` (ours): one point per interval. */
export const HISTORICAL_PRICE_INTERVALS = ['1m', '5m', '15m', '1h', '6h', '1d'] as const;
export const HistoricalPriceInterval = z.enum(HISTORICAL_PRICE_INTERVALS);
export type HistoricalPriceInterval = z.infer<typeof HistoricalPriceInterval>;
export const HistoricalPriceQuery = z.looseObject({
  interval: HistoricalPriceInterval.default('1h'),
});

/** `GET /markets/search?query=`. */
export const MarketSearchQuery = z.looseObject({ query: z.string().default('') });

/** `GET /portfolio/pnl-chart?timeframe=`. */
export const PnlChartQuery = z.looseObject({ timeframe: PnlTimeframe.default('1w') });
