import type { z } from 'zod';
import type { KnownResolutionResult, ParlayLegDisplay } from '../../lib/core/api/feed';
import { rawDecimal } from './decimals';
import type { ParlayDisplayInput, StoredEntry } from './entries';

const HOUR = 3_600_000;

/** A sports fixture with its market. Times are hours from the moment the feed is seeded. */
interface Fixture {
  marketId: number;
  league: string;
  home: string;
  away: string;
  kickoffH: number;
  /** Hours from kickoff to the market's deadline (the end of the match). */
  deadlineAfterH: number;
  /** Final or live score; null when the match has not started. */
  score: [number, number] | null;
  /** Outcome labels of the fixture's market. */
  labels: [string, string];
}

const FIXTURES: readonly Fixture[] = [
  {
    marketId: 3001,
    league: 'Premier League',
    home: 'Arsenal',
    away: 'Chelsea',
    kickoffH: -22,
    deadlineAfterH: 2,
    score: [2, 0],
    labels: ['Arsenal win', 'Arsenal do not win'],
  },
  {
    marketId: 3002,
    league: 'La Liga',
    home: 'Sevilla',
    away: 'Valencia',
    kickoffH: -21,
    deadlineAfterH: 2,
    score: [0, 0],
    labels: ['Sevilla win', 'Sevilla do not win'],
  },
  {
    marketId: 3003,
    league: 'Serie A',
    home: 'Inter',
    away: 'Roma',
    kickoffH: 5,
    deadlineAfterH: 2,
    score: null,
    labels: ['Inter win', 'Inter do not win'],
  },
  {
    marketId: 3004,
    league: 'NBA',
    home: 'Celtics',
    away: 'Lakers',
    kickoffH: -10,
    deadlineAfterH: 3,
    score: [112, 104],
    labels: ['Celtics', 'Lakers'],
  },
  {
    marketId: 3005,
    league: 'Bundesliga',
    home: 'Dortmund',
    away: 'Leipzig',
    kickoffH: -1,
    deadlineAfterH: 2,
    // In play: a live score.
    score: [0, 1],
    labels: ['Dortmund win', 'Dortmund do not win'],
  },
  {
    marketId: 3006,
    league: 'Premier League',
    home: 'Liverpool',
    away: 'Everton',
    kickoffH: -20,
    deadlineAfterH: 2,
    score: [1, 1],
    labels: ['Liverpool win', 'Liverpool do not win'],
  },
  {
    marketId: 3007,
    league: 'Ligue 1',
    home: 'PSG',
    away: 'Lyon',
    kickoffH: 26,
    deadlineAfterH: 2,
    score: null,
    labels: ['PSG win', 'PSG do not win'],
  },
];

interface ParlayLeg {
  marketId: number;
  /** 0 = the first label (YES), 1 = the second. */
  outcomeIndex: 0 | 1;
  /** Decimal odds in hundredths (185 = 1.85). */
  oddsCents: bigint;
  /** Settled leg result; null while the fixture is not over. */
  won: boolean | null;
}

interface SeededParlay {
  key: string;
  name: string | null;
  profileId: number;
  stakeRaw: bigint;
  placedH: number;
  /** When it was settled (every leg decided or one leg lost); null while open. */
  resolvedH: number | null;
  legs: ParlayLeg[];
}

/**
 * The seeded parlays: open ones (a leg to come or in play) and settled ones (won and
 * lost), with scores that include 0 and legs with no score yet.
 */
export const SEEDED_PARLAYS: readonly SeededParlay[] = [
  {
    key: 'p1',
    name: 'Weekend Acca',
    profileId: 401,
    stakeRaw: 20_000_000n,
    placedH: -23,
    resolvedH: null,
    legs: [
      { marketId: 3001, outcomeIndex: 0, oddsCents: 185n, won: true },
      { marketId: 3002, outcomeIndex: 1, oddsCents: 210n, won: true },
      { marketId: 3003, outcomeIndex: 0, oddsCents: 170n, won: null },
    ],
  },
  {
    key: 'p2',
    name: null,
    profileId: 402,
    stakeRaw: 50_000_000n,
    placedH: -22,
    resolvedH: -8,
    legs: [
      { marketId: 3004, outcomeIndex: 0, oddsCents: 160n, won: true },
      { marketId: 3006, outcomeIndex: 0, oddsCents: 155n, won: false },
    ],
  },
  {
    key: 'p3',
    name: 'Big Match Double',
    profileId: 404,
    stakeRaw: 15_000_000n,
    placedH: -23,
    resolvedH: -6.5,
    legs: [
      { marketId: 3001, outcomeIndex: 0, oddsCents: 185n, won: true },
      { marketId: 3004, outcomeIndex: 0, oddsCents: 160n, won: true },
    ],
  },
  {
    key: 'p4',
    name: null,
    profileId: 405,
    stakeRaw: 10_000_000n,
    placedH: -2,
    resolvedH: null,
    legs: [
      { marketId: 3005, outcomeIndex: 0, oddsCents: 240n, won: null },
      { marketId: 3007, outcomeIndex: 0, oddsCents: 145n, won: null },
    ],
  },
  {
    key: 'p5',
    name: 'Sunday Treble',
    profileId: 403,
    stakeRaw: 5_000_000n,
    placedH: -23.5,
    resolvedH: -6,
    legs: [
      { marketId: 3002, outcomeIndex: 1, oddsCents: 210n, won: true },
      { marketId: 3006, outcomeIndex: 1, oddsCents: 230n, won: true },
      { marketId: 3004, outcomeIndex: 0, oddsCents: 160n, won: true },
    ],
  },
];

const fixture = (marketId: number): Fixture => {
  const found = FIXTURES.find((f) => f.marketId === marketId);
  if (!found) throw new Error(`no fixture ${marketId}`);
  return found;
};

/** The product of the legs' odds in raw units (1e6 = 1×): exact for up to three legs. */
export function multiplierRaw(legs: readonly ParlayLeg[]): bigint {
  let product = 1n;
  let scale = 1n;
  for (const leg of legs) {
    product *= leg.oddsCents;
    scale *= 100n;
  }
  return (product * 1_000_000n) / scale;
}

function displayLeg(f: Fixture, seedAt: number): z.input<typeof ParlayLegDisplay> {
  return {
    marketId: f.marketId,
    imageUrl: null,
    outcomeLabels: f.labels,
    outcomeImageUrls: null,
    leagueName: f.league,
    homeTeam: f.home,
    awayTeam: f.away,
    homeScore: f.score ? f.score[0] : null,
    awayScore: f.score ? f.score[1] : null,
    // The display leg's time is the kickoff; the facts' leg time is the market deadline.
    startsAt: new Date(seedAt + f.kickoffH * HOUR).toISOString(),
  };
}

function parlayResult(p: SeededParlay): KnownResolutionResult {
  return p.legs.some((l) => l.won === false) ? 'LOST' : 'WON';
}

/** PARLAY_PLACED entries for every seeded parlay, PARLAY_RESOLVED for the settled ones. */
export function parlayEntries(seedAt: number): StoredEntry[] {
  const entries: StoredEntry[] = [];
  for (const p of SEEDED_PARLAYS) {
    const display: ParlayDisplayInput = {
      name: p.name,
      legs: p.legs.map((l) => displayLeg(fixture(l.marketId), seedAt)),
    };
    const multiplier = multiplierRaw(p.legs);
    const potential = (p.stakeRaw * multiplier) / 1_000_000n;
    const facts = {
      legs: p.legs.map((l) => {
        const f = fixture(l.marketId);
        return {
          marketId: l.marketId,
          outcomeIndex: l.outcomeIndex,
          startsAt: new Date(seedAt + (f.kickoffH + f.deadlineAfterH) * HOUR).toISOString(),
        };
      }),
      stake: rawDecimal(p.stakeRaw),
      multiplier: rawDecimal(multiplier),
      potentialPayout: rawDecimal(potential),
    };
    const profileId = p.profileId;
    entries.push({
      id: `parlay-${p.key}-placed`,
      at: seedAt + p.placedH * HOUR,
      profileId,
      tradeEventId: null,
      entryType: 'PARLAY_PLACED',
      facts,
      parlay: display,
    });
    if (p.resolvedH === null) continue;
    const result = parlayResult(p);
    const payout = result === 'WON' ? potential : 0n;
    entries.push({
      id: `parlay-${p.key}-resolved`,
      at: seedAt + p.resolvedH * HOUR,
      profileId,
      tradeEventId: null,
      entryType: 'PARLAY_RESOLVED',
      facts: {
        ...facts,
        payout: rawDecimal(payout),
        realizedPnl: rawDecimal(payout - p.stakeRaw),
        result,
      },
      parlay: display,
    });
  }
  return entries;
}
