import type {
  FeedAudience,
  FeedEmptyReason,
  FeedEntry,
  FeedResponse,
} from '../../../lib/core/api/feed';
import { type ReconnectPolicy, reconnectDelay } from '../../../lib/core/backoff';
import { type ClientErrorInfo, toErrorInfo } from '../../../lib/core/client/errors';

export interface FeedPageRequest {
  audience: FeedAudience;
  cursor?: string;
  limit?: number;
}

/**
 * - `loading`: the first page is on its way (nothing shown yet).
 * - `ready`: entries shown; `loading-more` while the next page is fetched.
 * - `unavailable`: the exchange said the feed is initialising or behind (503): nothing
 *   is shown, and the first page is asked for again on its own, with backoff.
 * - `error`: the first page failed for another reason; `error` says why.
 */
export type FeedPhase = 'loading' | 'ready' | 'loading-more' | 'unavailable' | 'error';

export interface FeedState {
  audience: FeedAudience;
  /** What the server served: differs from `audience` when `featured` fell back to `all`. */
  effectiveAudience: FeedAudience | null;
  entries: FeedEntry[];
  hasMore: boolean;
  nextCursor: string | null;
  emptyReason: FeedEmptyReason | null;
  phase: FeedPhase;
  error: ClientErrorInfo | null;
  /** A failed "load more": the entries above it are still the ones fetched, so they stay. */
  moreError: ClientErrorInfo | null;
  /** While `unavailable`: when the next automatic attempt starts (null while it runs). */
  retryAt: number | null;
  /** Consecutive unavailable answers. */
  attempt: number;
  /** Said once after the feed had to be reloaded from the top. */
  notice: string | null;
  loadedAt: number | null;
}

export interface FeedPagerOptions {
  fetchPage: (request: FeedPageRequest) => Promise<FeedResponse>;
  audience?: FeedAudience;
  limit?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
  retry?: ReconnectPolicy;
}

/** 503 retries: 2 s, 4 s, 8 s… up to 30 s, spread by jitter. */
export const FEED_RETRY: ReconnectPolicy = { baseMs: 2_000, maxMs: 30_000 };

export const CURSOR_RESET_NOTICE =
  'The feed had moved on, so it was reloaded from the newest trades.';

function initial(audience: FeedAudience): FeedState {
  return {
    audience,
    effectiveAudience: null,
    entries: [],
    hasMore: false,
    nextCursor: null,
    emptyReason: null,
    phase: 'loading',
    error: null,
    moreError: null,
    retryAt: null,
    attempt: 0,
    notice: null,
    loadedAt: null,
  };
}

/** Appends a page, keeping the first copy of an entry seen twice (pages may overlap). */
function merge(current: FeedEntry[], next: FeedEntry[]): FeedEntry[] {
  const seen = new Set(current.map((e) => e.id));
  return [...current, ...next.filter((e) => !seen.has(e.id) && seen.add(e.id))];
}

/**
 * The Feed screen's paging, independent of rendering: one audience at a time, pages
 * appended by `nextCursor`, a cursor error reloads from the top, and a 503 clears the
 * list (stale data is never shown as fresh) and retries on its own with backoff.
 */
export class FeedPager {
  private current: FeedState;
  private generation = 0;
  private retryTimer: unknown = null;
  private readonly listeners = new Set<(state: FeedState) => void>();
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: FeedPagerOptions) {
    this.current = initial(options.audience ?? 'all');
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer =
      options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  get state(): FeedState {
    return this.current;
  }

  subscribe(listener: (state: FeedState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts on the current audience (first page). */
  start(): void {
    void this.loadFirst(null);
  }

  /** Switches audience and loads its first page; the same audience again changes nothing. */
  select(audience: FeedAudience): void {
    if (audience === this.current.audience && this.current.phase !== 'error') return;
    this.current = initial(audience);
    void this.loadFirst(null);
  }

  /** From the top: newest entries first. */
  reload(): void {
    void this.loadFirst(null);
  }

  loadMore(): void {
    const s = this.current;
    if (s.phase !== 'ready' || !s.hasMore || s.nextCursor === null || s.moreError) return;
    void this.loadNext(s.nextCursor);
  }

  /** The Retry button: the failed step again, now. */
  retryNow(): void {
    const s = this.current;
    if (s.phase === 'ready' && s.moreError && s.nextCursor) {
      this.update({ moreError: null });
      void this.loadNext(s.nextCursor);
      return;
    }
    if (s.phase === 'unavailable' || s.phase === 'error') void this.loadFirst(null);
  }

  dispose(): void {
    this.generation++;
    this.cancelRetry();
    this.listeners.clear();
  }

  private update(change: Partial<FeedState>): void {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener(this.current);
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * A next page is asked for with the audience its cursor carries (spec: after a featured →
   * all fallback the cursor pages `all`), not the tab's: the server need not take the
   * cursor under the audience the user picked.
   */
  private request(cursor: string | null): FeedPageRequest {
    return {
      audience: cursor
        ? (this.current.effectiveAudience ?? this.current.audience)
        : this.current.audience,
      ...(cursor ? { cursor } : {}),
      ...(this.options.limit ? { limit: this.options.limit } : {}),
    };
  }

  private async loadFirst(notice: string | null): Promise<void> {
    const generation = ++this.generation;
    this.cancelRetry();
    const { audience, attempt, phase } = this.current;
    // While the feed is unavailable the banner stays up during the retry itself.
    this.update(
      phase === 'unavailable'
        ? { retryAt: null }
        : { ...initial(audience), attempt, notice, phase: 'loading' },
    );
    let page: FeedResponse;
    try {
      page = await this.options.fetchPage(this.request(null));
    } catch (error) {
      if (generation === this.generation) this.fail(toErrorInfo(error), false);
      return;
    }
    if (generation !== this.generation) return;
    this.update({
      effectiveAudience: page.effectiveAudience,
      entries: merge([], page.events),
      hasMore: page.hasMore && page.nextCursor !== null,
      nextCursor: page.nextCursor,
      emptyReason: page.emptyReason,
      phase: 'ready',
      error: null,
      moreError: null,
      retryAt: null,
      attempt: 0,
      notice,
      loadedAt: this.now(),
    });
  }

  private async loadNext(cursor: string): Promise<void> {
    const generation = this.generation;
    this.update({ phase: 'loading-more', moreError: null });
    let page: FeedResponse;
    try {
      page = await this.options.fetchPage(this.request(cursor));
    } catch (error) {
      if (generation === this.generation) this.fail(toErrorInfo(error), true);
      return;
    }
    if (generation !== this.generation) return;
    this.update({
      entries: merge(this.current.entries, page.events),
      hasMore: page.hasMore && page.nextCursor !== null,
      nextCursor: page.nextCursor,
      phase: 'ready',
    });
  }

  private fail(error: ClientErrorInfo, paging: boolean): void {
    if (error.kind === 'feed-unavailable') {
      // What is on screen may be behind what the exchange has: clear it, say so, retry.
      const attempt = this.current.attempt + 1;
      const delay = reconnectDelay(
        attempt - 1,
        this.options.retry ?? FEED_RETRY,
        this.options.random ?? Math.random,
      );
      this.update({
        ...initial(this.current.audience),
        phase: 'unavailable',
        error,
        attempt,
        retryAt: this.now() + delay,
      });
      this.retryTimer = this.setTimer(() => {
        this.retryTimer = null;
        void this.loadFirst(null);
      }, delay);
      return;
    }
    if (error.kind === 'feed-cursor' && paging) {
      void this.loadFirst(CURSOR_RESET_NOTICE);
      return;
    }
    if (paging) {
      this.update({ phase: 'ready', moreError: error });
      return;
    }
    this.update({ ...initial(this.current.audience), phase: 'error', error });
  }
}
