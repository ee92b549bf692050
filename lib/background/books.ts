import type { Orderbook } from '../core/api/markets';
import type { BookTop } from '../core/orders/book-top';
import { type Depth, depthOf } from '../core/orders/depth';

/**
 * Best bid and ask per market (YES terms), from REST snapshots and `orderbookUpdate`
 * events, and the levels behind them (kept here for pricing, never pushed to the UIs).
 */
export class BookTracker {
  private readonly tops = new Map<string, BookTop>();
  private readonly books = new Map<string, Orderbook>();

  apply(marketSlug: string, book: Orderbook, at: number): BookTop {
    const bid = book.bids[0] ?? null;
    const ask = book.asks[0] ?? null;
    const top: BookTop = {
      marketSlug,
      bestBid: bid?.price ?? null,
      bestAsk: ask?.price ?? null,
      bidSize: bid?.size ?? null,
      askSize: ask?.size ?? null,
      midpoint: book.adjustedMidpoint,
      updatedAt: at,
    };
    this.tops.set(marketSlug, top);
    this.books.set(marketSlug, book);
    return top;
  }

  /** The levels of a market's book, read when an order is priced (not on every update). */
  depth(marketSlug: string): Depth | null {
    const book = this.books.get(marketSlug);
    return book ? depthOf(book) : null;
  }

  get(marketSlug: string): BookTop | null {
    return this.tops.get(marketSlug) ?? null;
  }

  /** Only the markets someone is looking at: keeps snapshots small. */
  pick(slugs: Iterable<string>): Record<string, BookTop> {
    const out: Record<string, BookTop> = {};
    for (const slug of slugs) {
      const top = this.tops.get(slug);
      if (top) out[slug] = top;
    }
    return out;
  }

  forget(keep: ReadonlySet<string>): void {
    for (const slug of this.tops.keys()) if (!keep.has(slug)) this.tops.delete(slug);
  }
}
