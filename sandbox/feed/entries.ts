import type { z } from 'zod';
import type {
  ParlayDisplay,
  ParlayPlacedFacts,
  ParlayResolvedFacts,
  ResolvedFacts,
  SoldFacts,
  TradeFacts,
} from '../../lib/core/api/feed';

/** What an entry is about: a market or a group, looked up (live) when a page is served. */
export type SubjectRef = { kind: 'MARKET'; slug: string } | { kind: 'GROUP'; slug: string };

export type TradeFactsInput = z.input<typeof TradeFacts>;
export type SoldFactsInput = z.input<typeof SoldFacts>;
export type ResolvedFactsInput = z.input<typeof ResolvedFacts>;
export type ParlayDisplayInput = z.input<typeof ParlayDisplay>;

/** The type-specific part of an entry: `facts` are event-time values (SOLD may be back-filled). */
export type EntryBody =
  | { entryType: 'BOUGHT'; facts: TradeFactsInput; subject: SubjectRef }
  | { entryType: 'SOLD'; facts: SoldFactsInput; subject: SubjectRef }
  | { entryType: 'RESOLVED'; facts: ResolvedFactsInput; subject: SubjectRef }
  | {
      entryType: 'PARLAY_PLACED';
      facts: z.input<typeof ParlayPlacedFacts>;
      parlay: ParlayDisplayInput;
    }
  | {
      entryType: 'PARLAY_RESOLVED';
      facts: z.input<typeof ParlayResolvedFacts>;
      parlay: ParlayDisplayInput;
    };

/**
 * One feed entry as the sandbox keeps it. The profile and the subject are references:
 * names, prices and `tradable` are read when a page is served, the facts never change
 * (except the close figures of a SOLD entry, back-filled once).
 */
export type StoredEntry = EntryBody & {
  id: string;
  /** Sandbox-clock ms of the underlying event (`occurredAt`). */
  at: number;
  profileId: number;
  /** The trade a BOUGHT/SOLD entry comes from (dropped if its settlement fails). */
  tradeEventId: string | null;
};

/** Feed order: newest first, then by id (descending) so equal times still have one order. */
export function compareEntries(
  a: Pick<StoredEntry, 'at' | 'id'>,
  b: Pick<StoredEntry, 'at' | 'id'>,
) {
  if (a.at !== b.at) return b.at - a.at;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
