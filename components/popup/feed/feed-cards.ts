import type {
  FeedEntry,
  FeedOutcome,
  FeedProfile,
  FeedSide,
  FeedSubject,
  KnownFeedEntry,
  ParlayLegDisplay,
  ResolutionResult,
} from '../../../lib/core/api/feed';
import { traderName } from '../../../lib/core/format/identity';
import { priceNumberToRaw, valueAtPrice } from '../../../lib/core/format/raw-price';
import { toRawRoundedForDisplay } from '../../../lib/core/orders/units';

/** What a card links to: the market (or group) page of its subject. */
export interface SubjectRef {
  kind: FeedSubject['kind'];
  slug: string;
  title: string;
  groupTitle: string | null;
  imageUrl: string | null;
  resolved: boolean;
}

interface CardBase {
  id: string;
  occurredAt: string;
  /** Null only for an unsupported entry without a profile. */
  who: string | null;
  avatarUrl: string | null;
}

export interface TradeCard extends CardBase {
  kind: 'trade';
  side: FeedSide;
  verb: 'bought' | 'sold';
  outcome: FeedOutcome;
  contractsRaw: bigint | null;
  /** Raw price (1e6 = 1.00), parsed exactly from the feed's decimal string. */
  priceRaw: bigint | null;
  notionalRaw: bigint | null;
  symbol: string;
  subject: SubjectRef;
  /** `facts.contracts` at the subject's current price; null when the subject has no price. */
  valueNowRaw: bigint | null;
  /** SOLD only: the close figures, or `pending` until they are back-filled. */
  close: ClosingFigures | 'pending' | null;
}

export interface ClosingFigures {
  realizedPnlRaw: bigint | null;
  averageEntryPriceRaw: bigint | null;
  /** A ratio in raw units (1e6 = 100 %). */
  roiRaw: bigint | null;
}

export interface ResolvedCard extends CardBase {
  kind: 'resolved';
  result: ResolutionResult;
  realizedPnlRaw: bigint | null;
  costBasisRaw: bigint | null;
  payoutRaw: bigint | null;
  subject: SubjectRef;
}

export interface ParlayLegRow {
  key: string;
  league: string | null;
  home: string | null;
  away: string | null;
  /** `2–0`, `0–0` (0 is a real score); null when there is no score. */
  score: string | null;
  /** The fixture kickoff (the display leg's `startsAt`, never the market deadline). */
  kickoff: string | null;
  imageUrl: string | null;
}

export interface ParlayCard extends CardBase {
  kind: 'parlay';
  resolved: boolean;
  name: string | null;
  legs: ParlayLegRow[];
  stakeRaw: bigint | null;
  /** The multiplier in raw units (1e6 = 1×). */
  multiplierRaw: bigint | null;
  potentialPayoutRaw: bigint | null;
  payoutRaw: bigint | null;
  realizedPnlRaw: bigint | null;
  result: ResolutionResult | null;
}

/** An entry type this version does not know: one neutral line, never a crash. */
export interface ActivityCard extends CardBase {
  kind: 'activity';
  entryType: string;
}

export type FeedCard = TradeCard | ResolvedCard | ParlayCard | ActivityCard;

const raw = (text: string | null): bigint | null =>
  text === null ? null : toRawRoundedForDisplay(text);

const person = (p: FeedProfile | null) => ({
  who: p ? traderName(p) : null,
  avatarUrl: p?.pfpUrl ?? null,
});

export function subjectRef(subject: FeedSubject): SubjectRef {
  return {
    kind: subject.kind,
    slug: subject.slug,
    title: subject.title,
    groupTitle: subject.kind === 'MARKET' ? subject.groupTitle : null,
    imageUrl: subject.imageUrl ?? (subject.kind === 'MARKET' ? subject.groupImageUrl : null),
    resolved: subject.resolvedAt !== null || subject.status === 'RESOLVED',
  };
}

/** How a trade card names its outcome; one the feed sent that we do not know is not guessed. */
export const OUTCOME_LABELS: Record<FeedOutcome, string> = {
  YES: 'YES',
  NO: 'NO',
  UNRECOGNIZED: 'Other outcome',
};

/**
 * `contracts` of `outcome` valued at the subject's current price (index 0 = YES,
 * 1 = NO). Null whenever the subject has no price: a GROUP subject, an AMM market,
 * a market with no observations, or an outcome we cannot place in the pair. A price
 * is never invented.
 */
export function valueAtSubjectPrice(
  contracts: string,
  outcome: FeedOutcome,
  subject: FeedSubject,
): bigint | null {
  const prices = subject.prices;
  if (prices === null || outcome === 'UNRECOGNIZED') return null;
  const price = priceNumberToRaw(outcome === 'YES' ? prices[0] : prices[1]);
  const amount = toRawRoundedForDisplay(contracts);
  if (price === null || amount === null) return null;
  return valueAtPrice(amount, price);
}

/** `2–1`, `0–0`; null unless both scores are numbers (0 is a score, null is none). */
export function scoreText(leg: Pick<ParlayLegDisplay, 'homeScore' | 'awayScore'>): string | null {
  if (leg.homeScore === null || leg.awayScore === null) return null;
  return `${leg.homeScore}–${leg.awayScore}`;
}

function legRow(leg: ParlayLegDisplay, index: number): ParlayLegRow {
  return {
    key: `${leg.marketId}:${index}`,
    league: leg.leagueName,
    home: leg.homeTeam,
    away: leg.awayTeam,
    score: scoreText(leg),
    kickoff: leg.startsAt,
    imageUrl: leg.imageUrl,
  };
}

function known(entry: KnownFeedEntry): FeedCard {
  const base = { id: entry.id, occurredAt: entry.occurredAt, ...person(entry.profile) };
  switch (entry.entryType) {
    case 'BOUGHT':
    case 'SOLD': {
      const f = entry.facts;
      let close: TradeCard['close'] = null;
      if (entry.entryType === 'SOLD') {
        const s = entry.facts;
        close =
          s.realizedPnl === null && s.roi === null && s.averageEntryPrice === null
            ? 'pending'
            : {
                realizedPnlRaw: raw(s.realizedPnl),
                averageEntryPriceRaw: raw(s.averageEntryPrice),
                roiRaw: raw(s.roi),
              };
      }
      return {
        ...base,
        kind: 'trade',
        side: f.side,
        verb: entry.entryType === 'BOUGHT' ? 'bought' : 'sold',
        outcome: f.outcome,
        contractsRaw: raw(f.contracts),
        priceRaw: raw(f.price),
        notionalRaw: raw(f.notional),
        symbol: f.symbol,
        subject: subjectRef(entry.subject),
        valueNowRaw: valueAtSubjectPrice(f.contracts, f.outcome, entry.subject),
        close,
      };
    }
    case 'RESOLVED':
      return {
        ...base,
        kind: 'resolved',
        result: entry.facts.result,
        realizedPnlRaw: raw(entry.facts.realizedPnl),
        costBasisRaw: raw(entry.facts.costBasis),
        payoutRaw: raw(entry.facts.payout),
        subject: subjectRef(entry.subject),
      };
    case 'PARLAY_PLACED':
    case 'PARLAY_RESOLVED': {
      const resolved = entry.entryType === 'PARLAY_RESOLVED' ? entry.facts : null;
      return {
        ...base,
        kind: 'parlay',
        resolved: resolved !== null,
        name: entry.parlay.name,
        legs: entry.parlay.legs.map(legRow),
        stakeRaw: raw(entry.facts.stake),
        multiplierRaw: raw(entry.facts.multiplier),
        potentialPayoutRaw: raw(entry.facts.potentialPayout),
        payoutRaw: resolved ? raw(resolved.payout) : null,
        realizedPnlRaw: resolved ? raw(resolved.realizedPnl) : null,
        result: resolved ? resolved.result : null,
      };
    }
  }
}

/** The card a feed entry shows as. */
export function feedCard(entry: FeedEntry): FeedCard {
  if ('unsupported' in entry) {
    return {
      kind: 'activity',
      id: entry.id,
      occurredAt: entry.occurredAt,
      entryType: entry.entryType,
      ...person(entry.profile),
    };
  }
  return known(entry);
}
