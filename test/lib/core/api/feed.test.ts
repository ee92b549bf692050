import { describe, expect, it } from 'vitest';
import {
  FeedEntry,
  FeedQuery,
  FeedResponse,
  FeedSubject,
  ParlayLegDisplay,
} from '../../../../lib/core/api/feed';
import {
  boughtEntry,
  feedResponse,
  groupSubject,
  marketSubject,
  parlayPlacedEntry,
  parlayResolvedEntry,
  resolvedEntry,
  soldEntry,
} from './examples';

const entry = (value: unknown) => FeedEntry.parse(value);
const fails = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

describe('FeedResponse', () => {
  it('accepts a page with every entry type', () => {
    const page = FeedResponse.parse(feedResponse());
    expect(page.events.map((e) => e.entryType)).toEqual([
      'BOUGHT',
      'SOLD',
      'SOLD',
      'RESOLVED',
      'PARLAY_PLACED',
      'PARLAY_RESOLVED',
    ]);
    expect(page.effectiveAudience).toBe('all');
    expect(page.nextCursor).toBe('eyJhdWRpZW5jZSI6ImFsbCIsImlkIjoiZmUtNSJ9');
  });

  it('accepts the last page of an empty following feed', () => {
    const page = FeedResponse.parse({
      requestedAudience: 'following',
      effectiveAudience: 'following',
      events: [],
      hasMore: false,
      nextCursor: null,
      emptyReason: 'NO_FOLLOWS',
    });
    expect(page.emptyReason).toBe('NO_FOLLOWS');
  });

  it('needs all six keys, even when null', () => {
    const { nextCursor: _, ...missing } = feedResponse();
    fails(FeedResponse, missing);
    fails(FeedResponse, { ...feedResponse(), emptyReason: undefined });
  });

  it('refuses an audience outside all, following, featured', () => {
    fails(FeedResponse, { ...feedResponse(), effectiveAudience: 'friends' });
  });

  it('an emptyReason it does not know is UNRECOGNIZED, not a failed page', () => {
    const page = FeedResponse.parse({
      ...feedResponse(),
      requestedAudience: 'following',
      effectiveAudience: 'following',
      events: [],
      hasMore: false,
      nextCursor: null,
      emptyReason: 'MUTED_ALL',
    });
    expect(page.emptyReason).toBe('UNRECOGNIZED');
  });

  it('keeps keys it does not read, at every level', () => {
    const raw = feedResponse();
    const first = raw.events[0] as Record<string, unknown>;
    first.boostedBy = 'editor';
    (first.facts as Record<string, unknown>).venue = 'clob';
    (first.profile as Record<string, unknown>).badge = 'early';
    const page = FeedResponse.parse({ ...raw, serverTime: '2026-11-22T08:15:30Z' });
    expect(page).toHaveProperty('serverTime', '2026-11-22T08:15:30Z');
    expect(page.events[0]).toMatchObject({
      boostedBy: 'editor',
      facts: { venue: 'clob' },
      profile: { badge: 'early' },
    });
  });
});

describe('feed entries by type', () => {
  it('BOUGHT carries the trade facts as decimal strings and a subject', () => {
    const parsed = entry(boughtEntry());
    expect(parsed).toMatchObject({
      entryType: 'BOUGHT',
      facts: { side: 'BUY', outcome: 'YES', contracts: '120.5', price: '0.55', symbol: 'USDC' },
      subject: { kind: 'MARKET', prices: [0.55, 0.45] },
      parlay: null,
    });
  });

  it('BOUGHT with a float quantity or without its subject fails', () => {
    fails(FeedEntry, { ...boughtEntry(), facts: { ...boughtEntry().facts, contracts: 120.5 } });
    fails(FeedEntry, { ...boughtEntry(), subject: null });
    const { symbol: _, ...facts } = boughtEntry().facts;
    fails(FeedEntry, { ...boughtEntry(), facts });
  });

  it('SOLD without close data shows the fill only: the close figures are null', () => {
    expect(entry(soldEntry(false))).toMatchObject({
      facts: { realizedPnl: null, averageEntryPrice: null, roi: null },
    });
  });

  it('SOLD with close data carries realizedPnl, averageEntryPrice and roi', () => {
    expect(entry(soldEntry(true))).toMatchObject({
      facts: { realizedPnl: '-4.2', averageEntryPrice: '0.585', roi: '-0.0598' },
    });
  });

  it('SOLD missing the close keys altogether fails', () => {
    const { roi: _, ...facts } = soldEntry(true).facts;
    fails(FeedEntry, { ...soldEntry(true), facts });
  });

  it('RESOLVED carries result, P&L, cost basis, payout and the per-market breakdown', () => {
    expect(entry(resolvedEntry())).toMatchObject({
      facts: { result: 'WON', realizedPnl: '45.5', costBasis: '54.5', payout: '100' },
    });
    for (const result of ['WON', 'LOST', 'BREAK_EVEN']) {
      const parsed = entry({ ...resolvedEntry(), facts: { ...resolvedEntry().facts, result } });
      expect(parsed).toMatchObject({ facts: { result } });
    }
  });

  it('a RESOLVED result it does not know is UNRECOGNIZED, the entry and its figures kept', () => {
    const parsed = entry({
      ...resolvedEntry(),
      facts: { ...resolvedEntry().facts, result: 'VOID' },
    });
    expect(parsed).toMatchObject({
      entryType: 'RESOLVED',
      facts: { result: 'UNRECOGNIZED', realizedPnl: '45.5', payout: '100' },
    });
    fails(FeedEntry, { ...resolvedEntry(), facts: { ...resolvedEntry().facts, result: 1 } });
  });

  it('a trade side or outcome it does not know is UNRECOGNIZED, the rest of the entry kept', () => {
    const parsed = entry({
      ...boughtEntry(),
      facts: { ...boughtEntry().facts, side: 'SHORT', outcome: 'DRAW' },
    });
    expect(parsed).toMatchObject({
      facts: { side: 'UNRECOGNIZED', outcome: 'UNRECOGNIZED', contracts: '120.5' },
    });
  });

  it('PARLAY_PLACED carries legs, stake, multiplier, potential payout and a parlay display', () => {
    const parsed = entry(parlayPlacedEntry());
    expect(parsed).toMatchObject({
      entryType: 'PARLAY_PLACED',
      subject: null,
      facts: { stake: '10', multiplier: '3.4', potentialPayout: '34' },
      parlay: { name: null },
    });
    // facts.legs[].startsAt is the market deadline; other leg keys are kept unread.
    expect(parsed).toMatchObject({
      facts: {
        legs: [{ startsAt: '2026-11-22T22:00:00.000Z', marketId: 501 }, { startsAt: null }],
      },
    });
  });

  it('PARLAY_RESOLVED adds payout, realizedPnl and result', () => {
    expect(entry(parlayResolvedEntry())).toMatchObject({
      facts: { payout: '0', realizedPnl: '-10', result: 'LOST' },
      parlay: { name: 'Sunday classics' },
    });
    const { result: _, ...facts } = parlayResolvedEntry().facts;
    fails(FeedEntry, { ...parlayResolvedEntry(), facts });
  });

  it('a parlay entry has no subject, and a trade entry has no parlay', () => {
    fails(FeedEntry, { ...parlayPlacedEntry(), subject: marketSubject() });
    fails(FeedEntry, { ...boughtEntry(), parlay: parlayPlacedEntry().parlay });
  });

  it('parlay legs keep a score of 0 as 0 and a missing score as null', () => {
    const parsed = entry(parlayPlacedEntry());
    if (!('parlay' in parsed) || !parsed.parlay) throw new Error('expected a parlay');
    expect(parsed.parlay.legs[0]).toMatchObject({ homeScore: 0, awayScore: 0 });
    expect(parsed.parlay.legs[1]).toMatchObject({ homeScore: null, awayScore: null });
  });

  it('a leg display with an impossible score or a one-sided outcome label pair fails', () => {
    fails(ParlayLegDisplay, { ...parlayPlacedEntry().parlay.legs[0], homeScore: '0' });
    fails(ParlayLegDisplay, { ...parlayPlacedEntry().parlay.legs[0], outcomeLabels: ['Benfica'] });
  });

  it('keeps an unknown future entry type as unsupported', () => {
    const future = {
      id: 'fe-9',
      entryType: 'TIPPED',
      occurredAt: '2026-11-22T08:12:00.000Z',
      facts: { tip: '5' },
      profile: { nonsense: true },
      subject: null,
      parlay: null,
    };
    const parsed = entry(future);
    expect(parsed).toMatchObject({
      id: 'fe-9',
      entryType: 'TIPPED',
      unsupported: true,
      profile: null,
      facts: { tip: '5' },
    });
    const page = FeedResponse.parse({ ...feedResponse(), events: [future, boughtEntry()] });
    expect(page.events).toHaveLength(2);
  });

  it('a malformed entry of a known type fails instead of passing as unsupported', () => {
    const broken = { ...boughtEntry(), facts: { side: 'BUY' } };
    fails(FeedEntry, broken);
    fails(FeedResponse, { ...feedResponse(), events: [broken] });
  });
});

describe('FeedSubject', () => {
  it('a MARKET inside a group names its group', () => {
    const subject = FeedSubject.parse({
      ...marketSubject(),
      groupSlug: 'lisbon-weather',
      groupTitle: 'Lisbon weather this week',
      groupImageUrl: null,
    });
    expect(subject).toMatchObject({ kind: 'MARKET', groupSlug: 'lisbon-weather' });
  });

  it('a resolved MARKET carries its outcome', () => {
    const subject = FeedSubject.parse({
      ...marketSubject(),
      status: 'RESOLVED',
      tradable: false,
      resolvedAt: '2026-11-23T01:00:00.000Z',
      winningOutcomeIndex: 0,
      payoutNumerators: [1, 0],
      prices: [1, 0],
    });
    expect(subject).toMatchObject({ winningOutcomeIndex: 0, prices: [1, 0] });
  });

  it('prices may be null (no honest price), never a made-up pair', () => {
    expect(FeedSubject.parse({ ...marketSubject(), prices: null }).prices).toBeNull();
    fails(FeedSubject, { ...marketSubject(), prices: [0.55] });
    fails(FeedSubject, { ...marketSubject(), prices: ['0.55', '0.45'] });
    fails(FeedSubject, { ...marketSubject(), prices: [1.2, -0.2] });
  });

  it('a GROUP has every lifecycle and price key null', () => {
    expect(FeedSubject.parse(groupSubject())).toMatchObject({ kind: 'GROUP', prices: null });
  });

  it('a GROUP with a price, a deadline or a group slug fails', () => {
    fails(FeedSubject, { ...groupSubject(), prices: [0.5, 0.5] });
    fails(FeedSubject, { ...groupSubject(), deadline: '2026-11-23T00:00:00.000Z' });
    fails(FeedSubject, { ...groupSubject(), winningOutcomeIndex: 0 });
    fails(FeedSubject, { ...groupSubject(), groupSlug: 'x' });
  });

  it('keeps a subject of a kind it does not know, with no lifecycle and no price', () => {
    const subject = FeedSubject.parse({ ...marketSubject(), kind: 'EVENT', prices: [0.4, 0.6] });
    expect(subject).toMatchObject({
      kind: 'UNRECOGNIZED',
      slug: marketSubject().slug,
      title: marketSubject().title,
      prices: null,
      deadline: null,
    });
    // The fields every subject has are still checked.
    fails(FeedSubject, { ...marketSubject(), kind: 'EVENT', slug: 7 });
  });

  it('a known kind with a malformed body does not pass as unrecognized', () => {
    fails(FeedSubject, { ...marketSubject(), kind: 'MARKET', prices: [0.5] });
  });
});

describe('FeedQuery', () => {
  it('defaults to audience all and 30 entries', () => {
    expect(FeedQuery.parse({})).toEqual({ audience: 'all', limit: 30 });
  });

  it('accepts limits 1 to 30 and refuses anything else', () => {
    expect(FeedQuery.parse({ limit: 1 }).limit).toBe(1);
    expect(FeedQuery.parse({ limit: '30' }).limit).toBe(30);
    for (const limit of [0, 31, 2.5, -1]) {
      const result = FeedQuery.safeParse({ limit });
      expect(result.success, String(limit)).toBe(false);
    }
    expect(FeedQuery.safeParse({ limit: 31 }).error?.issues[0]?.message).toBe(
      'limit must be between 1 and 30',
    );
  });

  it('takes any cursor string (the feed judges it) and refuses an unknown audience', () => {
    expect(FeedQuery.parse({ cursor: '' })).toMatchObject({ cursor: '' });
    fails(FeedQuery, { cursor: 5 });
    fails(FeedQuery, { audience: 'friends' });
  });
});
