import type { Orderbook } from '../core/api/markets';
import { type BookLadder, ladderOf } from '../core/orders/book-ladder';
import type { BookTop } from '../core/orders/book-top';
import { type Depth, depthOf } from '../core/orders/depth';

interface Entry {
  book: Orderbook;
  at: number;
  /** Derived when first read: a burst of updates between two reads derives one top. */
  top: BookTop | null;
  ladder: BookLadder | null;
}

/**
 * The latest book per market (YES terms), from REST snapshots and `orderbookUpdate`
 * events: an update replaces the one before, so a burst costs one map write each and what
 * the UIs are sent is derived from the last one only, once per push.
 */
export class BookTracker {
  private readonly entries = new Map<string, Entry>();

  apply(marketSlug: string, book: Orderbook, at: number): void {
    this.entries.set(marketSlug, { book, at, top: null, ladder: null });
  }

  /** A market's latest book as received (the price alerts check it when one is added). */
  book(marketSlug: string): Orderbook | null {
    return this.entries.get(marketSlug)?.book ?? null;
  }

  /** The levels of a market's book, read when an order is priced (not on every update). */
  depth(marketSlug: string): Depth | null {
    const entry = this.entries.get(marketSlug);
    return entry ? depthOf(entry.book) : null;
  }

  get(marketSlug: string): BookTop | null {
    const entry = this.entries.get(marketSlug);
    if (!entry) return null;
    if (!entry.top) {
      const bid = entry.book.bids[0] ?? null;
      const ask = entry.book.asks[0] ?? null;
      entry.top = {
        marketSlug,
        bestBid: bid?.price ?? null,
        bestAsk: ask?.price ?? null,
        bidSize: bid?.size ?? null,
        askSize: ask?.size ?? null,
        midpoint: entry.book.adjustedMidpoint,
        updatedAt: entry.at,
      };
    }
    return entry.top;
  }

  /** The panel's top levels per outcome, derived like `get` once per push, not per update. */
  ladder(marketSlug: string): BookLadder | null {
    const entry = this.entries.get(marketSlug);
    if (!entry) return null;
    entry.ladder ??= ladderOf(entry.book);
    return entry.ladder;
  }

  forget(keep: ReadonlySet<string>): void {
    for (const slug of this.entries.keys()) if (!keep.has(slug)) this.entries.delete(slug);
  }
}
