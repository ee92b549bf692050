import { z } from 'zod';
import { Price } from '../api/primitives';

/** Top of a market's book in YES terms; NO is `1 − price` with bid/ask swapped. */
export const BookTop = z.object({
  marketSlug: z.string(),
  bestBid: Price.nullable(),
  bestAsk: Price.nullable(),
  /** Raw contracts available at the best levels. */
  bidSize: z.string().nullable(),
  askSize: z.string().nullable(),
  midpoint: Price.nullable(),
  updatedAt: z.number(),
});
export type BookTop = z.infer<typeof BookTop>;
