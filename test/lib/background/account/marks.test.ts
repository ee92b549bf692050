import { describe, expect, it } from 'vitest';
import { PositionMarks } from '../../../../lib/background/account/marks';
import { PortfolioTracker } from '../../../../lib/background/account/portfolio';
import { BookTracker } from '../../../../lib/background/market/books';
import { buildPanelState, type PanelInputs } from '../../../../lib/background/ui/panel-view';
import { MarketRecord, Orderbook } from '../../../../lib/core/api/markets';
import { Positions } from '../../../../lib/core/api/portfolio';
import { markedPnl, markSide } from '../../../../lib/core/orders/mark';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import { EXCHANGE_MARK_WORDS, markWords } from '../../../../lib/protocol/mark-words';
import * as ex from '../../core/api/examples';

const SLUG = 'will-it-rain-in-lisbon-tomorrow';
const NOW = Date.parse('2026-11-22T08:00:00.000Z');
const book = (bid: number, ask: number) =>
  Orderbook.parse({
    ...ex.orderbook(),
    bids: [{ price: bid, size: '1500000000' }],
    asks: [{ price: ask, size: '800000000' }],
  });

function setup(feeBps = 0) {
  const books = new BookTracker();
  books.forget(new Set([SLUG]));
  books.connection(true);
  const portfolio = new PortfolioTracker();
  portfolio.set(Positions.parse(ex.positions()), NOW);
  const marks = new PositionMarks({ books, sellFeeBps: () => feeBps });
  return { books, portfolio, marks };
}

describe('PositionMarks', () => {
  it('keeps the exchange figures while no live book marks the market', () => {
    const { books, portfolio, marks } = setup();
    // A REST copy is one moment's: it marks nothing.
    books.apply(SLUG, book(0.6, 0.62), NOW, books.readStart());
    const view = marks.view(portfolio.view);
    expect(view.positions?.clob[0]?.positions.yes.unrealizedPnl).toBe('-100000');
    expect(view.marks).toEqual({});
  });

  it('marks each held side to the live book, and moves with it, the exchange record untouched', () => {
    const { books, portfolio, marks } = setup();
    books.applyLive(SLUG, book(0.594, 0.61), NOW);
    const first = marks.view(portfolio.view).positions?.clob[0]?.positions.yes;
    // 10 YES at 59.4¢ = $5.94 against a cost of $5.50.
    expect(first).toMatchObject({ marketValue: '5940000', unrealizedPnl: '440000' });
    books.applyLive(SLUG, book(0.602, 0.61), NOW + 1);
    const view = marks.view(portfolio.view);
    expect(view.positions?.clob[0]?.positions.yes).toMatchObject({
      marketValue: '6020000',
      unrealizedPnl: '520000',
    });
    // Inside groups too.
    expect(view.positions?.group[0]?.positions[0]?.positions.yes.unrealizedPnl).toBe('520000');
    expect(view.marks?.[SLUG]).toEqual({
      yes: { bestBidMillis: '602', unmarkedRaw: '0', feeBps: 0 },
      no: null,
    });
    expect(portfolio.view.positions?.clob[0]?.positions.yes.unrealizedPnl).toBe('-100000');
  });

  it('agrees with the core marking, the sell fee included', () => {
    const { books, portfolio, marks } = setup(100);
    books.applyLive(SLUG, book(0.6, 0.62), NOW);
    const yes = marks.view(portfolio.view).positions?.clob[0]?.positions.yes;
    const depth = books.depth(SLUG);
    if (!depth) throw new Error('no depth');
    const expected = markSide(depth, 'YES', 10_000_000n, 100);
    expect(yes?.unrealizedPnl).toBe(markedPnl(expected, 5_500_000n).toString());
    expect(yes?.marketValue).toBe('5940000');
  });

  it("the panel's P&L follows the live book, and says which price marks it", () => {
    const { books, portfolio, marks } = setup();
    const inputs = (): PanelInputs => ({
      marketSlug: SLUG,
      market: MarketRecord.parse(ex.marketRecord()),
      vault: 'unlocked',
      exchange: { status: 'up' },
      mode: null,
      book: books.get(SLUG),
      ladder: null,
      portfolio,
      mark: (entry) => marks.entry(entry),
      openOrders: [],
      intents: [],
      settings: DEFAULT_SETTINGS,
      connection: { status: 'live', authenticated: true, since: NOW },
      now: NOW,
      clockOffsetMs: 0,
    });
    expect(buildPanelState(inputs()).position?.yes.markedBy).toBe(EXCHANGE_MARK_WORDS);
    books.applyLive(SLUG, book(0.5, 0.52), NOW);
    expect(buildPanelState(inputs()).position?.yes.unrealizedPnlRaw).toBe('-500000');
    books.applyLive(SLUG, book(0.7, 0.72), NOW + 1);
    const yes = buildPanelState(inputs()).position?.yes;
    expect(yes?.unrealizedPnlRaw).toBe('1500000');
    expect(yes?.markedBy).toBe(
      markWords('YES', { bestBidMillis: '700', unmarkedRaw: '0', feeBps: 0 }),
    );
  });

  it('lists the open markets held, for their books to stay subscribed', () => {
    const { portfolio } = setup();
    expect([...portfolio.heldMarkets()]).toEqual([SLUG]);
    portfolio.clear();
    expect([...portfolio.heldMarkets()]).toEqual([]);
  });
});

describe('markWords', () => {
  it('names the price, the fee and what lies beyond the bids', () => {
    expect(markWords('NO', { bestBidMillis: '576', unmarkedRaw: '3000000', feeBps: 100 })).toBe(
      "Valued at what selling now would get: the NO bids from 57.6¢ down, less the 1% sell fee. 3 contracts beyond the book's bids count at $0.",
    );
    expect(markWords('YES', { bestBidMillis: null, unmarkedRaw: '3000000', feeBps: 0 })).toBe(
      'No YES bid now: valued at $0.',
    );
  });
});
