import { z } from 'zod';
import {
  DecimalString,
  IsoTime,
  PricePair,
  record,
  tolerantEnum,
  UNRECOGNIZED,
} from './primitives';

/*
 * Enums the feed sends are read tolerantly (an unknown value reads as `UNRECOGNIZED`) so a
 * value added by the exchange costs one card its detail, never the whole page. The
 * audiences stay strict: the client asked for one and pages with it.
 */

export const FeedAudience = z.enum(['all', 'following', 'featured']);
export type FeedAudience = z.infer<typeof FeedAudience>;

/** A reason this version does not know is shown as a plain empty page. */
export const FeedEmptyReason = tolerantEnum(['NO_FOLLOWS', 'NO_RECENT_ACTIVITY']);
export type FeedEmptyReason = z.output<typeof FeedEmptyReason>;

/** `facts.side` and `facts.outcome` of a trade. */
export const FeedSide = tolerantEnum(['BUY', 'SELL']);
export type FeedSide = z.output<typeof FeedSide>;
/** An outcome we cannot name is never valued at a price (which of the pair would it be?). */
export const FeedOutcome = tolerantEnum(['YES', 'NO']);
export type FeedOutcome = z.output<typeof FeedOutcome>;

export const FeedProfile = record({
  id: z.number().int(),
  account: z.string(),
  displayName: z.string().nullable(),
  username: z.string().nullable(),
  pfpUrl: z.string().nullable(),
  rankName: z.string().nullable(),
  xHandle: z.string().nullable(),
});
export type FeedProfile = z.infer<typeof FeedProfile>;

const subjectBase = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: z.string(),
  imageUrl: z.string().nullable(),
  tradable: z.boolean(),
};

export const MarketSubject = record({
  ...subjectBase,
  kind: z.literal('MARKET'),
  groupSlug: z.string().nullable(),
  groupTitle: z.string().nullable(),
  groupImageUrl: z.string().nullable(),
  createdAt: IsoTime.nullable(),
  startAt: IsoTime.nullable(),
  deadline: IsoTime.nullable(),
  resolvedAt: IsoTime.nullable(),
  winningOutcomeIndex: z.number().int().nullable(),
  payoutNumerators: z.array(z.number()).nullable(),
  prices: PricePair.nullable(),
});

/**
 * The keys a subject without a market of its own (a GROUP, or a kind we do not know) has
 * as null: its group, lifecycle and price.
 */
export const NO_MARKET_KEYS = {
  groupSlug: null,
  groupTitle: null,
  groupImageUrl: null,
  createdAt: null,
  startAt: null,
  deadline: null,
  resolvedAt: null,
  winningOutcomeIndex: null,
  payoutNumerators: null,
  prices: null,
} as const;

/** A GROUP subject carries no lifecycle or price: every such key is null. */
export const GroupSubject = record({
  ...subjectBase,
  kind: z.literal('GROUP'),
  groupSlug: z.null(),
  groupTitle: z.null(),
  groupImageUrl: z.null(),
  createdAt: z.null(),
  startAt: z.null(),
  deadline: z.null(),
  resolvedAt: z.null(),
  winningOutcomeIndex: z.null(),
  payoutNumerators: z.null(),
  prices: z.null(),
});

const KNOWN_SUBJECT_KINDS: readonly string[] = ['MARKET', 'GROUP'];

/**
 * A subject kind this version does not know: kept for its title and link. Its lifecycle
 * and price keys mean nothing we can rely on, so all of them read as null (a price is
 * never guessed). A known kind with a malformed body is still an error.
 */
export const UnrecognizedSubject = record({
  ...subjectBase,
  kind: z
    .string()
    .refine((k) => !KNOWN_SUBJECT_KINDS.includes(k), 'known subject kind with a malformed body'),
}).transform((s) => ({ ...s, kind: UNRECOGNIZED, ...NO_MARKET_KEYS }));

export const FeedSubject = z.union([
  z.discriminatedUnion('kind', [MarketSubject, GroupSubject]),
  UnrecognizedSubject,
]);
export type FeedSubject = z.output<typeof FeedSubject>;

export const ParlayLegDisplay = record({
  marketId: z.number().int(),
  imageUrl: z.string().nullable(),
  outcomeLabels: z.tuple([z.string(), z.string()]).nullable(),
  outcomeImageUrls: z.tuple([z.string().nullable(), z.string().nullable()]).nullable(),
  leagueName: z.string().nullable(),
  homeTeam: z.string().nullable(),
  awayTeam: z.string().nullable(),
  /** 0 is a real score; null means no score. */
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  /** Fixture kickoff: the time to show for a match. */
  startsAt: IsoTime.nullable(),
});
export type ParlayLegDisplay = z.infer<typeof ParlayLegDisplay>;

export const ParlayDisplay = record({
  name: z.string().nullable(),
  legs: z.array(ParlayLegDisplay),
});
export type ParlayDisplay = z.infer<typeof ParlayDisplay>;

export const TradeFacts = record({
  side: FeedSide,
  outcome: FeedOutcome,
  contracts: DecimalString,
  price: DecimalString,
  notional: DecimalString,
  symbol: z.string(),
});

/** Close figures are null until close data fully covers the fill (back-filled later). */
export const SoldFacts = TradeFacts.extend({
  realizedPnl: DecimalString.nullable(),
  averageEntryPrice: DecimalString.nullable(),
  roi: DecimalString.nullable(),
});

export const RESOLUTION_RESULTS = ['WON', 'LOST', 'BREAK_EVEN'] as const;
/** What the sandbox writes. */
export type KnownResolutionResult = (typeof RESOLUTION_RESULTS)[number];
export const ResolutionResult = tolerantEnum(RESOLUTION_RESULTS);
export type ResolutionResult = z.output<typeof ResolutionResult>;

/** Per-market breakdown of a RESOLVED entry (field names are ours: the spec does not show them). */
export const ResolvedPositionBreakdown = record({
  marketSlug: z.string(),
  marketTitle: z.string(),
  outcome: FeedOutcome,
  contracts: DecimalString,
  costBasis: DecimalString,
  payout: DecimalString,
});

export const ResolvedFacts = record({
  result: ResolutionResult,
  realizedPnl: DecimalString,
  costBasis: DecimalString,
  payout: DecimalString,
  positions: z.array(ResolvedPositionBreakdown),
});

/**
 * `facts.legs[]`: only `startsAt` is specified, and it is the market deadline, not the
 * kickoff (the display leg's `startsAt` is the kickoff). Other keys are kept unread.
 */
export const ParlayFactLeg = record({ startsAt: IsoTime.nullable() });

export const ParlayPlacedFacts = record({
  legs: z.array(ParlayFactLeg),
  stake: DecimalString,
  multiplier: DecimalString,
  potentialPayout: DecimalString,
});

export const ParlayResolvedFacts = ParlayPlacedFacts.extend({
  payout: DecimalString,
  realizedPnl: DecimalString,
  result: ResolutionResult,
});

const entryBase = {
  id: z.string(),
  occurredAt: IsoTime,
  profile: FeedProfile,
};

export const BoughtEntry = record({
  ...entryBase,
  entryType: z.literal('BOUGHT'),
  facts: TradeFacts,
  subject: FeedSubject,
  parlay: z.null(),
});
export const SoldEntry = record({
  ...entryBase,
  entryType: z.literal('SOLD'),
  facts: SoldFacts,
  subject: FeedSubject,
  parlay: z.null(),
});
export const ResolvedEntry = record({
  ...entryBase,
  entryType: z.literal('RESOLVED'),
  facts: ResolvedFacts,
  subject: FeedSubject,
  parlay: z.null(),
});
export const ParlayPlacedEntry = record({
  ...entryBase,
  entryType: z.literal('PARLAY_PLACED'),
  facts: ParlayPlacedFacts,
  subject: z.null(),
  parlay: ParlayDisplay,
});
export const ParlayResolvedEntry = record({
  ...entryBase,
  entryType: z.literal('PARLAY_RESOLVED'),
  facts: ParlayResolvedFacts,
  subject: z.null(),
  parlay: ParlayDisplay,
});

export const KNOWN_ENTRY_TYPES = [
  'BOUGHT',
  'SOLD',
  'RESOLVED',
  'PARLAY_PLACED',
  'PARLAY_RESOLVED',
] as const;

export const KnownFeedEntry = z.discriminatedUnion('entryType', [
  BoughtEntry,
  SoldEntry,
  ResolvedEntry,
  ParlayPlacedEntry,
  ParlayResolvedEntry,
]);

/**
 * An entry type this client does not know yet: kept (so paging stays correct) and shown
 * as unsupported rather than failing the whole page. A known type that is malformed is
 * still an error.
 */
export const UnsupportedFeedEntry = record({
  id: z.string(),
  occurredAt: IsoTime,
  entryType: z
    .string()
    .refine(
      (t) => !(KNOWN_ENTRY_TYPES as readonly string[]).includes(t),
      'known entry type with a malformed body',
    ),
  profile: FeedProfile.nullable().catch(null),
}).transform((e) => ({ ...e, unsupported: true as const }));

export const FeedEntry = z.union([KnownFeedEntry, UnsupportedFeedEntry]);
export type FeedEntry = z.infer<typeof FeedEntry>;
export type KnownFeedEntry = z.infer<typeof KnownFeedEntry>;

export const FeedResponse = record({
  requestedAudience: FeedAudience,
  effectiveAudience: FeedAudience,
  events: z.array(FeedEntry),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
  emptyReason: FeedEmptyReason.nullable(),
});
export type FeedResponse = z.infer<typeof FeedResponse>;
export type FeedResponseInput = z.input<typeof FeedResponse>;

export const FeedQuery = z.object({
  audience: FeedAudience.default('all'),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 30')
    .max(30, 'limit must be between 1 and 30')
    .default(30),
  /**
   * Opaque: every string is a cursor to the query's shape, and whether it is a valid one is
   * the feed's to say (an empty or edited cursor is 400 TRADING_FEED_CURSOR_INVALID, spec
   * rule 2, not a validation body).
   */
  cursor: z.string().optional(),
});
export type FeedQuery = z.input<typeof FeedQuery>;
