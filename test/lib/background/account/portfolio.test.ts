import { describe, expect, it } from 'vitest';
import { PortfolioTracker } from '../../../../lib/background/account/portfolio';
import { BookTracker } from '../../../../lib/background/market/books';
import { clobEntries } from '../../../../lib/core/api/clob-entries';
import { PositionsEvent } from '../../../../lib/core/api/events';
import { Orderbook } from '../../../../lib/core/api/markets';
import { Positions } from '../../../../lib/core/api/portfolio';
import * as ex from '../../core/api/examples';

const SLUG = 'will-it-rain-in-lisbon-tomorrow';

function tracker() {
  const t = new PortfolioTracker();
  const positions = ex.positions();
  positions.group[0]?.positions.forEach((p) => {
    p.market.slug = 'lisbon-group-child';
  });
  t.set(Positions.parse(positions), 1);
  return t;
}

const positionsEvent = (slug: string, yes: string, no: string) =>
  PositionsEvent.parse({
    account: ex.ACCOUNT,
    marketSlug: slug,
    positions: {
      yes: {
        cost: '1',
        fillPrice: '500000',
        realisedPnl: '0',
        unrealizedPnl: '7',
        marketValue: '1',
      },
      no: { cost: '0', fillPrice: '0', realisedPnl: '0', unrealizedPnl: '0', marketValue: '0' },
    },
    tokensBalance: { yes, no },
    timestamp: '2026-11-22T08:00:00.000Z',
  });

describe('PortfolioTracker', () => {
  it('finds standalone and grouped CLOB positions by market slug', () => {
    const t = tracker();
    expect(clobEntries(t.view.positions ?? Positions.parse(ex.positions()))).toHaveLength(2);
    expect(t.entry(SLUG)?.market.title).toBe('Will it rain in Lisbon tomorrow?');
    expect(t.entry('lisbon-group-child')).not.toBeNull();
    expect(t.entry('unknown')).toBeNull();
  });

  it('says how many contracts of each outcome are held, exactly', () => {
    const t = tracker();
    expect(t.held(SLUG, 'YES')).toBe(10_000_000n);
    expect(t.held(SLUG, 'NO')).toBe(0n);
    expect(t.held('unknown', 'YES')).toBe(0n);
  });

  it('patches a known market from a positions event, and asks for a refresh for an unknown one', () => {
    const t = tracker();
    expect(t.apply(positionsEvent(SLUG, '3000000', '2000000'))).toBe(true);
    expect(t.held(SLUG, 'YES')).toBe(3_000_000n);
    expect(t.held(SLUG, 'NO')).toBe(2_000_000n);
    expect(t.entry(SLUG)?.positions.yes.unrealizedPnl).toBe('7');
    expect(t.apply(positionsEvent('new-market', '1', '0'))).toBe(false);
  });

  it('counts the open orders of every market (the badge)', () => {
    const t = tracker();
    expect(t.openOrders().map((m) => m.marketSlug)).toEqual([SLUG, 'lisbon-group-child']);
    expect(t.openOrderCount()).toBe(2);
  });

  it('counts an order on a market the exchange named no slug for: the badge says what the popup lists', () => {
    const positions = Positions.parse(ex.positions());
    const grouped = positions.group[0]?.positions[0];
    if (grouped) delete grouped.market.slug;
    const t = new PortfolioTracker();
    t.set(positions, 1);
    // Refreshed by slug, so left out there; still an open order the trader has.
    expect(t.openOrders().map((m) => m.marketSlug)).toEqual([SLUG]);
    expect(t.openOrderCount()).toBe(2);
  });

  it('keeps the positions when a refresh fails, and forgets everything on clear', () => {
    const t = tracker();
    t.fail({ kind: 'network', message: 'offline', timedOut: false });
    expect(t.view.error?.kind).toBe('network');
    expect(t.held(SLUG, 'YES')).toBe(10_000_000n);
    t.clear();
    expect(t.view).toEqual({ positions: null, fetchedAt: null, error: null });
    expect(t.openOrderCount()).toBe(0);
  });
});

describe('BookTracker', () => {
  it('keeps the top of the book per market, in YES terms', () => {
    const books = new BookTracker();
    books.apply(SLUG, Orderbook.parse(ex.orderbook()), 5, books.readStart());
    expect(books.get(SLUG)).toEqual({
      marketSlug: SLUG,
      bestBid: 0.54,
      bestAsk: 0.56,
      bidSize: '1500000000',
      askSize: '800000000',
      midpoint: 0.55,
      updatedAt: 5,
    });
  });

  it('has no price on an empty side', () => {
    const books = new BookTracker();
    books.apply(SLUG, Orderbook.parse({ ...ex.orderbook(), asks: [] }), 5, books.readStart());
    expect(books.get(SLUG)?.bestAsk).toBeNull();
    expect(books.get(SLUG)?.askSize).toBeNull();
  });

  it('keeps the last book of a burst per market: its top and its depth are from that one', () => {
    const books = new BookTracker();
    const book = Orderbook.parse(ex.orderbook());
    for (let i = 1; i <= 50; i++) {
      const asks = book.asks.map((l, j) => (j === 0 ? { ...l, size: String(i) } : l));
      books.apply(SLUG, { ...book, asks }, i, books.readStart());
      books.apply('other', book, i, books.readStart());
    }
    expect(books.get(SLUG)).toMatchObject({ askSize: '50', updatedAt: 50 });
    expect(books.depth(SLUG)?.asks[0]?.sizeRaw).toBe(50n);
    expect(books.get('other')).toMatchObject({ askSize: '800000000', updatedAt: 50 });
  });

  it('keeps only the markets someone looks at, their levels too', () => {
    const books = new BookTracker();
    books.apply('a', Orderbook.parse(ex.orderbook()), 1, books.readStart());
    books.apply('b', Orderbook.parse(ex.orderbook()), 1, books.readStart());
    books.forget(new Set(['a']));
    expect(books.get('b')).toBeNull();
    expect(books.depth('b')).toBeNull();
    expect(books.get('a')).not.toBeNull();
  });
});
