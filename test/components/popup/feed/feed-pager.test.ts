import { describe, expect, it } from 'vitest';
import {
  CURSOR_RESET_NOTICE,
  type FeedPageRequest,
  FeedPager,
} from '../../../../components/popup/feed/feed-pager';
import type { FeedResponse } from '../../../../lib/core/api/feed';
import { ExchangeError } from '../../../../lib/core/client/errors';
import * as ex from '../../../lib/core/api/examples';
import { flushTasks as flush } from '../../../support/flush';
import { feedPage } from '../fixtures';

/** A feed that answers each request from a queue the test controls, and manual timers. */
function harness() {
  const requests: FeedPageRequest[] = [];
  const pending: { resolve: (p: FeedResponse) => void; reject: (e: unknown) => void }[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  let now = 1_000_000;
  const pager = new FeedPager({
    fetchPage: (request) => {
      requests.push(request);
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    limit: 2,
    now: () => now,
    setTimer: (fn, ms) => {
      const t = { fn, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      const i = timers.indexOf(h as { fn: () => void; ms: number });
      if (i >= 0) timers.splice(i, 1);
    },
    random: () => 0,
  });
  return {
    pager,
    requests,
    timers,
    advance: (ms: number) => {
      now += ms;
    },
    async answer(page: FeedResponse) {
      pending.shift()?.resolve(page);
      await flush();
    },
    async refuse(error: unknown) {
      pending.shift()?.reject(error);
      await flush();
    },
  };
}

const entry = (id: string) => ({ ...ex.boughtEntry(), id });
const unavailable = new ExchangeError({
  kind: 'feed-unavailable',
  code: 'TRADING_FEED_STALE',
  message: 'behind',
});

describe('FeedPager', () => {
  it('loads the first page of the audience, then appends the next one by its cursor', async () => {
    const h = harness();
    h.pager.start();
    expect(h.pager.state.phase).toBe('loading');
    await h.answer(feedPage({ events: [entry('a'), entry('b')], nextCursor: 'c1', hasMore: true }));
    expect(h.pager.state.entries.map((e) => e.id)).toEqual(['a', 'b']);
    h.pager.loadMore();
    expect(h.requests[1]).toEqual({ audience: 'all', cursor: 'c1', limit: 2 });
    expect(h.pager.state.phase).toBe('loading-more');
    await h.answer(
      feedPage({ events: [entry('b'), entry('c')], nextCursor: null, hasMore: false }),
    );
    expect(h.pager.state.entries.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(h.pager.state.hasMore).toBe(false);
    h.pager.loadMore();
    expect(h.requests).toHaveLength(2);
  });

  it('asks nothing more while a page is on its way', async () => {
    const h = harness();
    h.pager.start();
    await h.answer(feedPage({ events: [entry('a')], nextCursor: 'c1', hasMore: true }));
    h.pager.loadMore();
    h.pager.loadMore();
    expect(h.requests).toHaveLength(2);
  });

  it('keeps what the server served: featured falling back to all', async () => {
    const h = harness();
    h.pager.select('featured');
    expect(h.requests[0]).toEqual({ audience: 'featured', limit: 2 });
    await h.answer(feedPage({ requestedAudience: 'featured', effectiveAudience: 'all' }));
    expect(h.pager.state.audience).toBe('featured');
    expect(h.pager.state.effectiveAudience).toBe('all');
  });

  it('pages on with the audience the cursor carries: all, after featured fell back to all', async () => {
    const h = harness();
    h.pager.select('featured');
    await h.answer(
      feedPage({
        requestedAudience: 'featured',
        effectiveAudience: 'all',
        events: [entry('a'), entry('b')],
        nextCursor: 'c1',
        hasMore: true,
      }),
    );
    h.pager.loadMore();
    expect(h.requests[1]).toEqual({ audience: 'all', cursor: 'c1', limit: 2 });
    // The tab is still the one the user picked; its first page is still asked as featured.
    await h.answer(feedPage({ events: [entry('c')], nextCursor: null, hasMore: false }));
    expect(h.pager.state.audience).toBe('featured');
    h.pager.reload();
    expect(h.requests[2]).toEqual({ audience: 'featured', limit: 2 });
  });

  it('pages a featured feed that did not fall back as featured', async () => {
    const h = harness();
    h.pager.select('featured');
    await h.answer(
      feedPage({
        requestedAudience: 'featured',
        effectiveAudience: 'featured',
        events: [entry('a')],
        nextCursor: 'f1',
        hasMore: true,
      }),
    );
    h.pager.loadMore();
    expect(h.requests[1]).toEqual({ audience: 'featured', cursor: 'f1', limit: 2 });
  });

  it('keeps the empty reason of the following audience', async () => {
    const h = harness();
    h.pager.select('following');
    await h.answer(
      feedPage({
        requestedAudience: 'following',
        effectiveAudience: 'following',
        events: [],
        hasMore: false,
        nextCursor: null,
        emptyReason: 'NO_FOLLOWS',
      }),
    );
    expect(h.pager.state.emptyReason).toBe('NO_FOLLOWS');
    expect(h.pager.state.entries).toEqual([]);
  });

  it('clears the list on a 503 and retries the first page on its own, with growing delays', async () => {
    const h = harness();
    h.pager.start();
    await h.answer(feedPage({ events: [entry('a')], nextCursor: 'c1', hasMore: true }));
    h.pager.loadMore();
    await h.refuse(unavailable);
    expect(h.pager.state.phase).toBe('unavailable');
    expect(h.pager.state.entries).toEqual([]);
    expect(h.pager.state.error?.kind).toBe('feed-unavailable');
    expect(h.timers.map((t) => t.ms)).toEqual([1000]);
    expect(h.pager.state.retryAt).toBe(1_000_000 + 1000);

    h.timers.shift()?.fn();
    expect(h.requests.at(-1)).toEqual({ audience: 'all', limit: 2 });
    expect(h.pager.state.phase).toBe('unavailable');
    await h.refuse(unavailable);
    expect(h.timers.map((t) => t.ms)).toEqual([2000]);
    expect(h.pager.state.attempt).toBe(2);

    h.timers.shift()?.fn();
    await h.answer(feedPage({ events: [entry('z')] }));
    expect(h.pager.state.phase).toBe('ready');
    expect(h.pager.state.entries.map((e) => e.id)).toEqual(['z']);
    expect(h.pager.state.attempt).toBe(0);
  });

  it('reloads from the top when the cursor is refused, and says so', async () => {
    const h = harness();
    h.pager.start();
    await h.answer(feedPage({ events: [entry('a')], nextCursor: 'bad', hasMore: true }));
    h.pager.loadMore();
    await h.refuse(
      new ExchangeError({
        kind: 'feed-cursor',
        code: 'TRADING_FEED_CURSOR_INVALID',
        message: 'bad cursor',
      }),
    );
    expect(h.requests.at(-1)).toEqual({ audience: 'all', limit: 2 });
    expect(h.pager.state.entries).toEqual([]);
    await h.answer(feedPage({ events: [entry('n')], nextCursor: null, hasMore: false }));
    expect(h.pager.state.entries.map((e) => e.id)).toEqual(['n']);
    expect(h.pager.state.notice).toBe(CURSOR_RESET_NOTICE);
  });

  it('keeps the list when a next page fails for another reason, and retries that page', async () => {
    const h = harness();
    h.pager.start();
    await h.answer(feedPage({ events: [entry('a')], nextCursor: 'c1', hasMore: true }));
    h.pager.loadMore();
    await h.refuse(new ExchangeError({ kind: 'network', message: 'offline', timedOut: false }));
    expect(h.pager.state.phase).toBe('ready');
    expect(h.pager.state.moreError?.kind).toBe('network');
    expect(h.pager.state.entries.map((e) => e.id)).toEqual(['a']);
    h.pager.retryNow();
    expect(h.requests.at(-1)).toEqual({ audience: 'all', cursor: 'c1', limit: 2 });
  });

  it('shows a first-page failure as an error, without automatic retries', async () => {
    const h = harness();
    h.pager.start();
    await h.refuse(new ExchangeError({ kind: 'server', status: 500, message: 'boom' }));
    expect(h.pager.state.phase).toBe('error');
    expect(h.timers).toEqual([]);
    h.pager.retryNow();
    expect(h.requests).toHaveLength(2);
  });

  it('drops the answer of an audience the user already left', async () => {
    const h = harness();
    h.pager.start();
    h.pager.select('featured');
    await h.answer(feedPage({ events: [entry('old')] }));
    expect(h.pager.state.audience).toBe('featured');
    expect(h.pager.state.phase).toBe('loading');
    await h.answer(feedPage({ requestedAudience: 'featured', events: [entry('new')] }));
    expect(h.pager.state.entries.map((e) => e.id)).toEqual(['new']);
  });

  it('stops its retry timer when disposed', async () => {
    const h = harness();
    h.pager.start();
    await h.refuse(unavailable);
    expect(h.timers).toHaveLength(1);
    h.pager.dispose();
    expect(h.timers).toHaveLength(0);
  });
});
