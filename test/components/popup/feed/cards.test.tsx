// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedCard } from '../../../../components/popup/feed/FeedCard';
import type { FeedEntry } from '../../../../lib/core/api/feed';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import * as ex from '../../../lib/core/api/examples';
import { byVisibleText, queryByVisibleText, visibleText } from '../../../support/visible-text';
import { fakeBackground, renderWith, services } from '../fakes';
import { entries, feedPage, NOW } from '../fixtures';

const PATTERN = DEFAULT_SETTINGS.exchange.siteMarketPattern;

function show(entry: FeedEntry | undefined) {
  if (!entry) throw new Error('fixture');
  const s = services(fakeBackground({}).send);
  const view = renderWith(<FeedCard entry={entry} sitePattern={PATTERN} now={NOW} />, s.value);
  return { ...view, opened: s.opened };
}

afterEach(cleanup);

describe('BOUGHT card', () => {
  it('says who bought which outcome, how many, at what price and for how much', () => {
    show(entries.bought());
    expect(byVisibleText('Ada bought')).toBeTruthy();
    expect(byVisibleText('YES 120.5 @ 55¢ · $66.28')).toBeTruthy();
  });

  it('values the contracts at the subject price now', () => {
    show(entries.bought());
    expect(screen.getByText(/at the current price/).textContent).toBe(
      'Worth $66.28 at the current price',
    );
  });

  it('shows no value when the subject has no price', () => {
    const entry = feedPage({
      events: [{ ...ex.boughtEntry(), subject: { ...ex.marketSubject(), prices: null } }],
    }).events[0];
    show(entry);
    expect(screen.queryByText(/at the current price/)).toBeNull();
  });

  it('opens the market page when the subject is clicked', () => {
    const { opened } = show(entries.bought());
    fireEvent.click(screen.getByRole('link', { name: /Will it rain in Lisbon tomorrow/ }));
    expect(opened).toEqual(['http://127.0.0.1:4011/markets/will-it-rain-in-lisbon-tomorrow']);
  });
});

describe('SOLD card', () => {
  it('says closing figures are pending while they are null', () => {
    show(entries.soldPending());
    expect(byVisibleText('Ada sold')).toBeTruthy();
    expect(screen.getByText('Closing figures pending')).toBeTruthy();
    expect(queryByVisibleText(/^Realised/)).toBeNull();
  });

  it('shows realised P&L, ROI and entry price once back-filled', () => {
    show(entries.soldClosed());
    const figures = byVisibleText('Realised −$4.20 (−6% ROI) · entry 58.5¢');
    // A loss is drawn in the loss colour (no accessible equivalent: the sign says it in words).
    expect(figures.querySelector('.pnl-loss')).toBeTruthy();
    expect(screen.queryByText('Closing figures pending')).toBeNull();
  });
});

describe('RESOLVED card', () => {
  it('says won with P&L, payout and cost basis, on a group subject without a value', () => {
    show(entries.resolved());
    expect(byVisibleText('Won +$45.50 · paid $100.00 on $54.50 cost')).toBeTruthy();
    expect(byVisibleText('Won')).toBeTruthy();
    expect(visibleText(screen.getByRole('link', { name: /group/ }))).toContain('group');
    expect(screen.queryByText(/at the current price/)).toBeNull();
  });

  it('links a GROUP subject to the group’s page, which shares the market-page pattern', () => {
    const { opened } = show(entries.resolved());
    const link = screen.getByRole('link', { name: /group/ });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:4011/markets/lisbon-weather');
    fireEvent.click(link);
    expect(opened).toEqual(['http://127.0.0.1:4011/markets/lisbon-weather']);
  });

  it('says lost and broke even in words', () => {
    for (const [result, words] of [
      ['LOST', 'Lost'],
      ['BREAK_EVEN', 'Broke even'],
    ] as const) {
      const base = ex.resolvedEntry();
      const entry = feedPage({ events: [{ ...base, facts: { ...base.facts, result } }] }).events[0];
      const { unmount } = show(entry);
      expect(byVisibleText(words)).toBeTruthy();
      unmount();
    }
  });
});

describe('parlay cards', () => {
  it('lists legs with teams, 0–0 as a real score, no score when null, and the kickoff', () => {
    show(entries.parlayPlaced());
    const legs = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(legs).toHaveLength(2);
    const [first, second] = legs;
    if (!first || !second) throw new Error('two legs');
    expect(within(first).getByText('Benfica vs Porto')).toBeTruthy();
    expect(within(first).getByText('0–0')).toBeTruthy();
    expect(within(second).queryByText(/^\d+–\d+$/)).toBeNull();
    // The display leg's kickoff, not facts.legs[].startsAt (22:00, the market deadline).
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-22T20:15:00.000Z');
    expect(byVisibleText('Stake $10.00 · ×3.4 · pays $34.00')).toBeTruthy();
    expect(byVisibleText('Ada placed a parlay')).toBeTruthy();
  });

  it('adds the result, payout and P&L once the parlay is resolved', () => {
    show(entries.parlayResolved());
    expect(screen.getByText('Sunday classics')).toBeTruthy();
    expect(byVisibleText('Lost · paid $0.00 · −$10.00')).toBeTruthy();
  });
});

describe('unsupported entry types', () => {
  it('show as a neutral activity line instead of failing', () => {
    const entry = feedPage({
      events: [
        {
          id: 'x-1',
          entryType: 'MARKET_CREATED',
          occurredAt: '2026-11-22T08:00:00.000Z',
          profile: ex.feedProfile(),
        },
      ],
    }).events[0];
    show(entry);
    expect(byVisibleText('Ada had new activity')).toBeTruthy();
    expect(screen.getByRole('article').getAttribute('data-entry')).toBe('MARKET_CREATED');
  });
});
