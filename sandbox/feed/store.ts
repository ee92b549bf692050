import { compareEntries, type StoredEntry } from './entries';

/** A position in the feed: the last entry a page ended on. */
export interface FeedPosition {
  at: number;
  id: string;
}

export interface PageQuery {
  include: (entry: StoredEntry) => boolean;
  /** Entries older than this (ms) are outside the window. */
  since: number;
  /** Start strictly after this position; null for the first page. */
  after: FeedPosition | null;
  limit: number;
}

/**
 * Every entry of the feed, kept in feed order (newest first). Paging is by position
 * (time + id), never by offset, so entries arriving at the top do not shift later pages.
 */
export class FeedStore {
  private entries: StoredEntry[] = [];

  get size(): number {
    return this.entries.length;
  }

  add(entry: StoredEntry): void {
    // Binary search: live entries land at the top, seeded ones anywhere.
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const current = this.entries[mid];
      if (current && compareEntries(current, entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    this.entries.splice(lo, 0, entry);
  }

  get(id: string): StoredEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  all(): readonly StoredEntry[] {
    return this.entries;
  }

  /** Removes the entries `drop` selects; returns them. */
  remove(drop: (entry: StoredEntry) => boolean): StoredEntry[] {
    const removed = this.entries.filter(drop);
    if (removed.length > 0) this.entries = this.entries.filter((e) => !drop(e));
    return removed;
  }

  /** Forgets entries that left the window for good. */
  pruneBefore(at: number): void {
    while (this.entries.length > 0 && (this.entries[this.entries.length - 1]?.at ?? at) < at) {
      this.entries.pop();
    }
  }

  clear(): void {
    this.entries = [];
  }

  /** Up to `limit` entries after `after`, and whether more follow. */
  page(query: PageQuery): { items: StoredEntry[]; hasMore: boolean } {
    const items: StoredEntry[] = [];
    for (const entry of this.entries) {
      if (entry.at < query.since) break;
      if (query.after && compareEntries(entry, query.after) <= 0) continue;
      if (!query.include(entry)) continue;
      if (items.length === query.limit) return { items, hasMore: true };
      items.push(entry);
    }
    return { items, hasMore: false };
  }
}
