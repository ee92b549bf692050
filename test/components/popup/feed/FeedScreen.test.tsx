// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedScreen } from '../../../../components/popup/feed/FeedScreen';
import type { FeedResponse } from '../../../../lib/core/api/feed';
import { ExchangeError } from '../../../../lib/core/client/errors';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import * as ex from '../../../lib/core/api/examples';
import { flushUiFaked as settle } from '../../../support/flush';
import { byVisibleText, queryByVisibleText } from '../../../support/visible-text';
import { type Call, fakeBackground, renderWith, services } from '../fakes';
import { feedPage } from '../fixtures';

const PATTERN = DEFAULT_SETTINGS.exchange.siteMarketPattern;
const entry = (id: string) => ({ ...ex.boughtEntry(), id });

type Answer = FeedResponse | ExchangeError;

/** A feed whose answers the test lines up; an empty queue answers an empty page. */
function feed(answers: Answer[]) {
  const bg = fakeBackground({
    'feed.page': async (request) => {
      const next = answers.shift();
      if (next instanceof ExchangeError) throw next;
      return (
        next ??
        feedPage({
          requestedAudience: request.audience,
          effectiveAudience: request.audience,
          events: [],
          hasMore: false,
          nextCursor: null,
        })
      );
    },
  });
  const s = services(bg.send);
  renderWith(<FeedScreen sitePattern={PATTERN} limit={2} />, s.value);
  return { pages: (): Call[] => bg.named('feed.page') };
}

class FakeObserver {
  static instances: FakeObserver[] = [];
  targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The sentinel scrolled into view. */
  reveal() {
    const entries = this.targets.map((target) => ({ target, isIntersecting: true }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as never);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The feed's cards: each entry is an article of the feed's list. */
const cards = () => screen.queryAllByRole('article');

describe('FeedScreen paging', () => {
  it('loads the next page when the end of the list scrolls into view', async () => {
    const { pages } = feed([
      feedPage({ events: [entry('a'), entry('b')], hasMore: true, nextCursor: 'c1' }),
      feedPage({ events: [entry('c')], hasMore: false, nextCursor: null }),
    ]);
    await settle();
    expect(cards()).toHaveLength(2);
    const observer = FakeObserver.instances.at(-1);
    await act(() => observer?.reveal());
    await settle();
    expect(pages()[1]?.request).toEqual({ audience: 'all', cursor: 'c1', limit: 2 });
    expect(cards()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('has a Load more button for when the observer does not fire', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { pages } = feed([
      feedPage({ events: [entry('a')], hasMore: true, nextCursor: 'c1' }),
      feedPage({ events: [entry('b')], hasMore: false, nextCursor: null }),
    ]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(pages()).toHaveLength(2);
    expect(cards()).toHaveLength(2);
  });

  it('reloads from the top and says so when the cursor is refused', async () => {
    const { pages } = feed([
      feedPage({ events: [entry('a')], hasMore: true, nextCursor: 'old' }),
      new ExchangeError({ kind: 'feed-cursor', code: 'TRADING_FEED_CURSOR_INVALID', message: 'x' }),
      feedPage({ events: [entry('n1'), entry('n2')], hasMore: false, nextCursor: null }),
    ]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(pages()[2]?.request).toEqual({ audience: 'all', limit: 2 });
    expect(cards()).toHaveLength(2);
    expect(screen.getByText(/reloaded from the newest trades/)).toBeTruthy();
  });
});

describe('FeedScreen audiences', () => {
  it('is a tablist: arrow keys move to the next audience and load it', async () => {
    const { pages } = feed([]);
    await settle();
    const all = screen.getByRole('tab', { name: 'All' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    await settle();
    const featured = screen.getByRole('tab', { name: 'Featured' });
    expect(featured.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(featured);
    expect(pages().at(-1)?.request).toEqual({ audience: 'featured', limit: 2 });
    fireEvent.keyDown(featured, { key: 'End' });
    await settle();
    expect(pages().at(-1)?.request).toEqual({ audience: 'following', limit: 2 });
  });

  it('notes when featured fell back to all', async () => {
    feed([feedPage({}), feedPage({ requestedAudience: 'featured', effectiveAudience: 'all' })]);
    await settle();
    expect(screen.queryByText(/Nothing is featured/)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Featured' }));
    await settle();
    expect(
      screen.getByText('Nothing is featured right now, so this shows all trades.'),
    ).toBeTruthy();
  });

  it.each([
    [
      'NO_FOLLOWS',
      'You follow nobody yet. Follow traders on the exchange to see their trades here.',
    ],
    ['NO_RECENT_ACTIVITY', 'The traders you follow have been quiet for the last 24 hours.'],
  ] as const)('explains an empty following page (%s) in plain words', async (reason, words) => {
    feed([
      feedPage({}),
      feedPage({
        requestedAudience: 'following',
        effectiveAudience: 'following',
        events: [],
        hasMore: false,
        nextCursor: null,
        emptyReason: reason,
      }),
    ]);
    await settle();
    fireEvent.click(screen.getByRole('tab', { name: 'Following' }));
    await settle();
    expect(screen.getByText(words)).toBeTruthy();
    expect(cards()).toHaveLength(0);
  });

  it('says when the last 24 hours had no trades', async () => {
    feed([]);
    await settle();
    expect(screen.getByText('No trades in the last 24 hours.')).toBeTruthy();
  });
});

describe('FeedScreen when the feed is unavailable (503)', () => {
  it('clears the list, shows a retrying banner, and retries on its own', async () => {
    const stale = new ExchangeError({
      kind: 'feed-unavailable',
      code: 'TRADING_FEED_STALE',
      message: 'behind',
    });
    const { pages } = feed([
      feedPage({ events: [entry('a')], hasMore: true, nextCursor: 'c1' }),
      stale,
      feedPage({ events: [entry('fresh')], hasMore: false, nextCursor: null }),
    ]);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(cards()).toHaveLength(0);
    const banner = byVisibleText(/^The trading feed is behind.*Next try in/);
    expect(banner.getAttribute('role')).toBe('status');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(pages()).toHaveLength(3);
    expect(pages()[2]?.request).toEqual({ audience: 'all', limit: 2 });
    expect(queryByVisibleText(/^The trading feed is behind/)).toBeNull();
    expect(cards()).toHaveLength(1);
  });

  it('retries at once from the banner', async () => {
    const { pages } = feed([
      new ExchangeError({
        kind: 'feed-unavailable',
        code: 'TRADING_FEED_INITIALIZING',
        message: 'building',
      }),
    ]);
    await settle();
    expect(screen.getByText(/still being built/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    await settle();
    expect(pages()).toHaveLength(2);
  });

  it('shows another failure as one sentence with Retry', async () => {
    const { pages } = feed([
      new ExchangeError({ kind: 'server', status: 502, message: 'bad gateway' }),
    ]);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(
      'The exchange had a problem (502); try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(pages()).toHaveLength(2);
  });
});
