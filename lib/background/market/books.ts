import type { Orderbook } from '../../core/api/markets';
import { type BookLadder, ladderOf } from '../../core/orders/book-ladder';
import type { BookTop } from '../../core/orders/book-top';
import { type Depth, depthOf } from '../../core/orders/depth';

interface Entry {
  book: Orderbook;
  at: number;
  /** Sent by the live connection (kept current by its updates), not read once over REST. */
  live: boolean;
  /** The count of live books (all markets) when this market's last one came; 0: none yet. */
  liveSeq: number;
  /** Derived when first read: a burst of updates between two reads derives one top. */
  top: BookTop | null;
  ladder: BookLadder | null;
  depth: Depth | null;
}

/**
 * The latest book per market (YES terms), from REST snapshots and `orderbookUpdate`
 * events: an update replaces the one before, so a burst costs one map write each and what
 * the UIs are sent is derived from the last one only, once per push.
 */
export class BookTracker {
  private readonly entries = new Map<string, Entry>();
  /** The markets the live connection is subscribed to (what `forget` keeps). */
  private subscribed: ReadonlySet<string> = new Set();
  private connected = false;
  /** Live books received so far, all markets: orders a REST read among them. */
  private liveBooks = 0;

  /** Where a REST read of a book starts among the live ones: hand it to `apply` with the answer. */
  readStart(): number {
    return this.liveBooks;
  }

  /**
   * A book read over REST: a copy of one moment, which nothing keeps current. The answer
   * carries no sequence or time to order it by (`GET /markets/:slug/orderbook`), so the
   * read's start does: a copy whose read started before the market's latest live book never
   * replaces it (that book is kept current by its updates; the copy may be older, and would
   * leave the market not live until the next update). Returns whether the copy was taken.
   */
  apply(marketSlug: string, book: Orderbook, at: number, readStart: number): boolean {
    const liveSeq = this.entries.get(marketSlug)?.liveSeq ?? 0;
    if (liveSeq > readStart) return false;
    this.entries.set(marketSlug, {
      book,
      at,
      live: false,
      liveSeq,
      top: null,
      ladder: null,
      depth: null,
    });
    return true;
  }

  /** A book the live connection sent: the subscription's first snapshot, or an update. */
  applyLive(marketSlug: string, book: Orderbook, at: number): void {
    const liveSeq = ++this.liveBooks;
    this.entries.set(marketSlug, {
      book,
      at,
      live: true,
      liveSeq,
      top: null,
      ladder: null,
      depth: null,
    });
  }

  /**
   * The live connection is up or down. While it is down updates are missed, so no book
   * counts as live again until the connection sends it anew (its subscriptions are sent
   * again on reconnect, and each answers with a snapshot).
   */
  connection(connected: boolean): void {
    this.connected = connected;
    if (connected) return;
    for (const entry of this.entries.values()) entry.live = false;
  }

  /**
   * Whether a market's book is current enough to price an order with: its market is
   * subscribed, the connection is up, and the connection sent this book. Any other book
   * (a REST copy, one from before a drop, or a market nobody subscribes) may be stale.
   */
  isLive(marketSlug: string): boolean {
    return (
      this.connected &&
      this.subscribed.has(marketSlug) &&
      this.entries.get(marketSlug)?.live === true
    );
  }

  /** A market's latest book as received (the price alerts check it when one is added). */
  book(marketSlug: string): Orderbook | null {
    return this.entries.get(marketSlug)?.book ?? null;
  }

  /**
   * The levels of a market's book, read when an order is priced or a position marked (once
   * per push, not on every update): derived once per book.
   */
  depth(marketSlug: string): Depth | null {
    const entry = this.entries.get(marketSlug);
    if (!entry) return null;
    entry.depth ??= depthOf(entry.book);
    return entry.depth;
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

  /** The subscription changed to `keep`: books of other markets are dropped. */
  forget(keep: ReadonlySet<string>): void {
    this.subscribed = new Set(keep);
    for (const slug of this.entries.keys()) if (!keep.has(slug)) this.entries.delete(slug);
  }
}
