import { describe, expect, it } from 'vitest';
import { BookTracker } from '../../../../lib/background/market/books';
import { Orderbook } from '../../../../lib/core/api/markets';

const SLUG = 'sandbox-btc-100k';
const book = (bestBidMillis: number, levels = 8) =>
  Orderbook.parse({
    tokenId: '1001',
    bids: Array.from({ length: levels }, (_, i) => ({
      price: (bestBidMillis - i * 10) / 1000,
      size: '1000000',
    })),
    asks: Array.from({ length: levels }, (_, i) => ({
      price: (bestBidMillis + 20 + i * 10) / 1000,
      size: '2000000',
    })),
    adjustedMidpoint: null,
    minSize: '100',
  });

describe('BookTracker.ladder', () => {
  it('gives the panel five levels per side of each outcome, from the latest book', () => {
    const books = new BookTracker();
    expect(books.ladder(SLUG)).toBeNull();
    books.apply(SLUG, book(600), 1, books.readStart());
    const first = books.ladder(SLUG);
    expect(first?.yes.bids.map((l) => l.priceMillis)).toEqual(['600', '590', '580', '570', '560']);
    expect(first?.no.bids.map((l) => l.priceMillis)).toEqual(['380', '370', '360', '350', '340']);
    // Read twice between updates: derived once.
    expect(books.ladder(SLUG)).toBe(first);
    books.apply(SLUG, book(500), 2, books.readStart());
    expect(books.ladder(SLUG)?.yes.bids[0]?.priceMillis).toBe('500');
  });
});

describe('BookTracker.isLive: whether a book may price an order as it is', () => {
  /** A tracker whose connection is up and subscribed to SLUG. */
  const subscribedLive = () => {
    const books = new BookTracker();
    books.forget(new Set([SLUG]));
    books.connection(true);
    return books;
  };

  it('a book the connection sent, for a subscribed market, while connected: live', () => {
    const books = subscribedLive();
    expect(books.isLive(SLUG)).toBe(false);
    books.applyLive(SLUG, book(500), 1);
    expect(books.isLive(SLUG)).toBe(true);
  });

  it('a book read over REST is a copy of one moment, never live', () => {
    const books = subscribedLive();
    books.apply(SLUG, book(500), 1, books.readStart());
    expect(books.isLive(SLUG)).toBe(false);
  });

  it('a REST copy whose read started before the live book came never replaces it', () => {
    const books = subscribedLive();
    // A panel's first read asks for the book; the subscription's snapshot lands first.
    const readStart = books.readStart();
    books.applyLive(SLUG, book(600), 2);
    expect(books.apply(SLUG, book(500), 3, readStart)).toBe(false);
    expect(books.isLive(SLUG)).toBe(true);
    expect(books.get(SLUG)?.bestBid).toBe(0.6);
    // An update of another market does not make a later read of this one stale.
    const later = books.readStart();
    books.applyLive('other', book(300), 4);
    books.connection(false);
    expect(books.apply(SLUG, book(550), 5, later)).toBe(true);
    expect(books.get(SLUG)?.bestBid).toBe(0.55);
  });

  it('a REST copy read after the last live book (the connection down) replaces it', () => {
    const books = subscribedLive();
    books.applyLive(SLUG, book(600), 1);
    books.connection(false);
    expect(books.apply(SLUG, book(500), 2, books.readStart())).toBe(true);
    expect(books.get(SLUG)?.bestBid).toBe(0.5);
    expect(books.isLive(SLUG)).toBe(false);
  });

  it('a dropped connection makes every book stale until the connection sends it again', () => {
    const books = subscribedLive();
    books.applyLive(SLUG, book(500), 1);
    books.connection(false);
    expect(books.isLive(SLUG)).toBe(false);
    books.connection(true);
    expect(books.isLive(SLUG)).toBe(false);
    books.applyLive(SLUG, book(510), 2);
    expect(books.isLive(SLUG)).toBe(true);
  });

  it('a market no longer subscribed is not live, even if a late update of it arrives', () => {
    const books = subscribedLive();
    books.applyLive(SLUG, book(500), 1);
    books.forget(new Set());
    books.applyLive(SLUG, book(510), 2);
    expect(books.isLive(SLUG)).toBe(false);
  });
});
