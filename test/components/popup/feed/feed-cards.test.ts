import { describe, expect, it } from 'vitest';
import {
  feedCard,
  OUTCOME_LABELS,
  scoreText,
  valueAtSubjectPrice,
} from '../../../../components/popup/feed/feed-cards';
import { FeedResponse, MarketSubject } from '../../../../lib/core/api/feed';
import * as ex from '../../../lib/core/api/examples';
import { entries, feedPage } from '../fixtures';

const market = (prices: [number, number] | null) =>
  MarketSubject.parse({ ...ex.marketSubject(), prices });

describe('valueAtSubjectPrice', () => {
  it('values YES contracts at prices[0] and NO contracts at prices[1]', () => {
    expect(valueAtSubjectPrice('120.5', 'YES', market([0.55, 0.45]))).toBe(66_275_000n);
    expect(valueAtSubjectPrice('120.5', 'NO', market([0.55, 0.45]))).toBe(54_225_000n);
  });

  it('has no value when the subject has no price, never a made-up one', () => {
    expect(valueAtSubjectPrice('120.5', 'YES', market(null))).toBeNull();
    const group = FeedResponse.parse(feedPage({ events: [ex.resolvedEntry()] })).events[0];
    if (!group || 'unsupported' in group || group.subject === null) throw new Error('fixture');
    expect(valueAtSubjectPrice('10', 'YES', group.subject)).toBeNull();
  });
});

describe('feedCard', () => {
  it('a trade of an outcome and subject kind it does not know: a card, named plainly, valued at nothing', () => {
    const page = FeedResponse.parse(
      feedPage({
        events: [
          {
            ...ex.boughtEntry(),
            facts: { ...ex.boughtEntry().facts, outcome: 'DRAW' },
            subject: { ...ex.marketSubject(), kind: 'EVENT' },
          },
        ],
      }),
    );
    const [entry] = page.events;
    if (!entry) throw new Error('fixture');
    const card = feedCard(entry);
    expect(card).toMatchObject({
      kind: 'trade',
      outcome: 'UNRECOGNIZED',
      valueNowRaw: null,
      contractsRaw: 120_500_000n,
      subject: { kind: 'UNRECOGNIZED', slug: ex.marketSubject().slug, groupTitle: null },
    });
    expect(OUTCOME_LABELS.UNRECOGNIZED).toBe('Other outcome');
  });

  it('turns BOUGHT into a trade card with exact amounts and the value now', () => {
    const entry = entries.bought();
    if (!entry) throw new Error('fixture');
    const card = feedCard(entry);
    expect(card).toMatchObject({
      kind: 'trade',
      verb: 'bought',
      who: 'Ada',
      outcome: 'YES',
      contractsRaw: 120_500_000n,
      priceRaw: 550_000n,
      notionalRaw: 66_275_000n,
      valueNowRaw: 66_275_000n,
      close: null,
    });
    expect(card.kind === 'trade' && card.subject.slug).toBe('will-it-rain-in-lisbon-tomorrow');
  });

  it('marks SOLD close figures pending while they are null, and reads them once back-filled', () => {
    const pending = entries.soldPending();
    const closed = entries.soldClosed();
    if (!pending || !closed) throw new Error('fixture');
    expect(feedCard(pending)).toMatchObject({ kind: 'trade', verb: 'sold', close: 'pending' });
    expect(feedCard(closed)).toMatchObject({
      close: { realizedPnlRaw: -4_200_000n, averageEntryPriceRaw: 585_000n, roiRaw: -59_800n },
    });
  });

  it('turns RESOLVED into a result card with P&L, cost basis and payout', () => {
    const entry = entries.resolved();
    if (!entry) throw new Error('fixture');
    expect(feedCard(entry)).toMatchObject({
      kind: 'resolved',
      result: 'WON',
      realizedPnlRaw: 45_500_000n,
      costBasisRaw: 54_500_000n,
      payoutRaw: 100_000_000n,
      subject: { kind: 'GROUP', slug: 'lisbon-weather' },
    });
  });

  it('takes parlay kickoffs from the display legs, never from facts.legs (the market deadline)', () => {
    const entry = entries.parlayPlaced();
    if (!entry) throw new Error('fixture');
    const card = feedCard(entry);
    if (card.kind !== 'parlay') throw new Error('not a parlay card');
    expect(card.legs.map((l) => l.kickoff)).toEqual([
      '2026-11-22T20:15:00.000Z',
      '2026-11-22T20:15:00.000Z',
    ]);
    expect(card.legs[0]).toMatchObject({ home: 'Benfica', away: 'Porto', score: '0–0' });
    expect(card.legs[1]?.score).toBeNull();
    expect(card).toMatchObject({
      resolved: false,
      stakeRaw: 10_000_000n,
      multiplierRaw: 3_400_000n,
      potentialPayoutRaw: 34_000_000n,
      payoutRaw: null,
      result: null,
    });
  });

  it('adds payout, P&L and result to a resolved parlay', () => {
    const entry = entries.parlayResolved();
    if (!entry) throw new Error('fixture');
    expect(feedCard(entry)).toMatchObject({
      kind: 'parlay',
      resolved: true,
      name: 'Sunday classics',
      payoutRaw: 0n,
      realizedPnlRaw: -10_000_000n,
      result: 'LOST',
    });
  });

  it('shows an entry type it does not know as neutral activity', () => {
    const page = feedPage({
      events: [
        {
          id: 'x-1',
          entryType: 'FOLLOWED',
          occurredAt: '2026-11-22T08:00:00.000Z',
          profile: ex.feedProfile(),
        },
        {
          id: 'x-2',
          entryType: 'SOMETHING',
          occurredAt: '2026-11-22T08:00:00.000Z',
          profile: null,
        },
      ],
    });
    const [a, b] = page.events.map(feedCard);
    expect(a).toMatchObject({ kind: 'activity', entryType: 'FOLLOWED', who: 'Ada' });
    expect(b).toMatchObject({ kind: 'activity', entryType: 'SOMETHING', who: null });
  });
});

describe('scoreText', () => {
  it('treats 0 as a score and null as no score', () => {
    expect(scoreText({ homeScore: 0, awayScore: 0 })).toBe('0–0');
    expect(scoreText({ homeScore: 2, awayScore: 1 })).toBe('2–1');
    expect(scoreText({ homeScore: null, awayScore: 0 })).toBeNull();
  });
});
