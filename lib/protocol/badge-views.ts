import { z } from 'zod';
import { RawAmount, UnsignedRawAmount } from '../core/api/primitives';
import { MAX_BADGE_ENTRIES } from './names';

/*
 * What the position badges on the exchange's site receive: per market held, the side,
 * the contracts and the unrealised P&L, nothing else (no cost, no order, no account). A
 * content script of any page of the site may hold this port, so it carries the least that
 * draws a badge.
 */

export const BadgeEntry = z.object({
  marketSlug: z.string().min(1).max(200),
  side: z.enum(['YES', 'NO']),
  /** Held now, raw (1e6 = one contract); never zero: nothing held draws no badge. */
  contractsRaw: UnsignedRawAmount.regex(/[1-9]/, 'a badge is for contracts held'),
  /** Null when the exchange gives no price to value it at (an AMM market without trades). */
  unrealizedPnlRaw: RawAmount.nullable(),
});
export type BadgeEntry = z.infer<typeof BadgeEntry>;

export const BadgesView = z.object({ entries: z.array(BadgeEntry).max(MAX_BADGE_ENTRIES) });
export type BadgesView = z.infer<typeof BadgesView>;

export const BadgesPortMessage = z.object({ topic: z.literal('badges'), data: BadgesView });
export type BadgesPortMessage = z.infer<typeof BadgesPortMessage>;
