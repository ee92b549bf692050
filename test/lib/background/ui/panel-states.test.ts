import { describe, expect, it } from 'vitest';
import { PortfolioTracker } from '../../../../lib/background/account/portfolio';
import { OpenOrders } from '../../../../lib/background/account/refresh';
import { BookTracker } from '../../../../lib/background/market/books';
import { MarketCache } from '../../../../lib/background/market/market-cache';
import { PanelStates } from '../../../../lib/background/ui/panel-states';
import { MarketRecord, Orderbook } from '../../../../lib/core/api/markets';
import type { ExchangeClient } from '../../../../lib/core/client/exchange-client';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import { flushTasks } from '../../../support/flush';
import * as ex from '../../core/api/examples';

const SLUG = 'will-it-rain-in-lisbon-tomorrow';

/** Panel states of a locked background over an exchange that counts what it is asked. */
function panels(title = 'Will it rain in Lisbon tomorrow?') {
  const asked: string[] = [];
  const pushed: string[] = [];
  const clock = { now: 0, title };
  /** While set, a book read waits for it: what arrives meanwhile lands first. */
  const bookRead: { gate: Promise<void> | null } = { gate: null };
  const observed: string[] = [];
  const books = new BookTracker();
  const api = {
    getMarket: async (slug: string) => {
      asked.push(`market ${slug}`);
      return MarketRecord.parse({ ...ex.marketRecord(), title: clock.title });
    },
    getOrderbook: async (slug: string) => {
      asked.push(`book ${slug}`);
      await bookRead.gate;
      return Orderbook.parse(ex.orderbook());
    },
  } as unknown as ExchangeClient;
  const portfolio = new PortfolioTracker();
  const states = new PanelStates({
    markets: new MarketCache(
      () => api,
      () => clock.now,
    ),
    books,
    openOrders: new OpenOrders({ session: () => null, portfolio, publish: () => undefined }),
    portfolio,
    desk: { views: () => [] },
    priceWatch: {
      observe: async (slug) => {
        observed.push(slug);
      },
    },
    live: { state: { status: 'idle' } },
    clock: { offset: 0 },
    publicApi: () => api,
    session: () => null,
    settings: () => DEFAULT_SETTINGS,
    vaultStatus: () => 'locked',
    mode: () => null,
    exchange: () => ({ status: 'up' }),
    now: () => clock.now,
    publish: (change) => {
      if (change.kind === 'market') pushed.push(change.marketSlug);
    },
  });
  return { states, asked, pushed, clock, books, bookRead, observed };
}

describe('PanelStates', () => {
  it('reads a market not shown yet, and its book, before answering', async () => {
    const { states, asked } = panels();
    const state = await states.state(SLUG);
    expect(asked).toEqual([`market ${SLUG}`, `book ${SLUG}`]);
    expect(state.market?.title).toBe('Will it rain in Lisbon tomorrow?');
    expect(state.book).not.toBeNull();
  });

  it('answers a market shown a moment ago from what it knows, and pushes when its record changed', async () => {
    const { states, asked, pushed, clock } = panels();
    await states.state(SLUG);
    clock.now = 60_000;
    clock.title = 'Renamed';
    const state = await states.state(SLUG);
    expect(state.market?.title).toBe('Will it rain in Lisbon tomorrow?');
    await flushTasks();
    expect(asked.filter((a) => a.startsWith('book'))).toHaveLength(1);
    expect(pushed).toEqual([SLUG]);
  });

  it('does not push a market whose record is still fresh', async () => {
    const { states, pushed } = panels();
    await states.state(SLUG);
    await states.state(SLUG);
    await flushTasks();
    expect(pushed).toEqual([]);
  });

  it('a book read over REST that the live book overtook is dropped: the market stays live', async () => {
    const { states, books, bookRead, observed } = panels();
    books.forget(new Set([SLUG]));
    books.connection(true);
    const answers: (() => void)[] = [];
    bookRead.gate = new Promise((resolve) => answers.push(resolve));
    const answer = () => {
      for (const a of answers) a();
    };
    const read = states.ensureBook(SLUG);
    // The subscription's snapshot lands while the REST read is on its way.
    const live = Orderbook.parse({ ...ex.orderbook(), bids: [{ price: 0.61, size: '1000000' }] });
    books.applyLive(SLUG, live, 1);
    answer();
    await read;
    expect(books.isLive(SLUG)).toBe(true);
    expect(books.book(SLUG)).toBe(live);
    // The live book was checked against the alerts as it came; the dropped copy is not.
    expect(observed).toEqual([]);
  });

  it('blocks orders while the vault is locked, from what is known now', () => {
    const { states } = panels();
    const block = states.orderBlock(MarketRecord.parse(ex.marketRecord()));
    expect(block?.code).toBe('locked');
  });
});
