import { z } from 'zod';
import { MAX_ALERT_MILLIS, MAX_PRICE_ALERTS, MIN_ALERT_MILLIS } from './rules';

const Outcome = z.enum(['YES', 'NO']);
const Field = z.enum(['bid', 'ask', 'last']);
const Comparator = z.enum(['>=', '<=']);

/** Thousandths of a dollar: the exchange's tick (0.1¢), strictly between 0 and 1. */
export const AlertPriceMillis = z
  .number()
  .int('prices move in steps of 0.1¢: use at most one decimal')
  .min(MIN_ALERT_MILLIS, 'choose a price above 0¢')
  .max(MAX_ALERT_MILLIS, 'choose a price below 100¢');

/** What a UI asks for; the title and the rest are the background's. */
export const NewPriceAlert = z.object({
  marketSlug: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'not a market slug'),
  outcome: Outcome,
  field: Field,
  comparator: Comparator,
  priceMillis: AlertPriceMillis,
});
export type NewPriceAlert = z.infer<typeof NewPriceAlert>;

/**
 * A stored alert. `firedAt` set means it fired and is disarmed for good: it stays in the
 * list (marked fired) until the user removes it, so a notification missed is still seen.
 */
export const PriceAlert = NewPriceAlert.extend({
  id: z.string().min(1).max(64),
  marketTitle: z.string().max(500),
  createdAt: z.number().int().nonnegative(),
  firedAt: z.number().int().nonnegative().nullable(),
});
export type PriceAlert = z.infer<typeof PriceAlert>;

export const PriceAlerts = z.array(PriceAlert).max(MAX_PRICE_ALERTS);
