// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedCard } from '@/components/popup/feed/FeedCard';
import type { FeedEntry } from '@/lib/core/api/feed';
import { DEFAULT_SETTINGS } from '@/lib/core/settings/defaults';
import * as ex from '../../../lib/core/api/examples';
import { fakeBackground, renderWith, services } from '../fakes';
import { entries, feedPage, NOW } from '../fixtures';

const PATTERN = DEFAULT_SETTINGS.exchange.siteMarketPattern;

function show(entry: FeedEntry | undefined) {
  if (!entry) throw new Error('fixture');
  const s = services(fakeBackground({}).send);
  const view = renderWith(<FeedCard entry={entry} sitePattern={PATTERN} now={NOW} />, s.value);
  return { ...view, opened: s.opened };
}

const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, ' ').trim();

afterEach(cleanup);

describe('BOUGHT card', () => {
  it('says who bought which outcome, how many, at what price and for how much', () => {
    const { container } = show(entries.bought());
    expect(text(container.querySelector('.card-who'))).toBe('Ada bought');
    expect(text(container.querySelector('.trade-line'))).toBe('YES 120.5 @ 55¢ · $66.28');
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
    const { container } = show(entries.soldPending());
    expect(text(container.querySelector('.card-who'))).toBe('Ada sold');
    expect(screen.getByText('Closing figures pending')).toBeTruthy();
    expect(container.querySelector('.close-figures')).toBeNull();
  });

  it('shows realised P&L, ROI and entry price once back-filled', () => {
    const { container } = show(entries.soldClosed());
    expect(text(container.querySelector('.close-figures'))).toBe(
      'Realised −$4.20 (−6% ROI) · entry 58.5¢',
    );
    expect(container.querySelector('.close-figures .pnl-loss')).toBeTruthy();
    expect(screen.queryByText('Closing figures pending')).toBeNull();
  });
});

describe('RESOLVED card', () => {
  it('says won with P&L, payout and cost basis, on a group subject without a value', () => {
    const { container } = show(entries.resolved());
    expect(text(container.querySelector('.result-line'))).toBe(
      'Won +$45.50 · paid $100.00 on $54.50 cost',
    );
    expect(container.querySelector('.result-won')).toBeTruthy();
    expect(text(container.querySelector('.subject'))).toContain('group');
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
      const { container, unmount } = show(entry);
      expect(container.querySelector('.result')?.textContent).toBe(words);
      unmount();
    }
  });
});

describe('parlay cards', () => {
  it('lists legs with teams, 0–0 as a real score, no score when null, and the kickoff', () => {
    const { container } = show(entries.parlayPlaced());
    const legs = [...container.querySelectorAll('.leg')];
    expect(legs).toHaveLength(2);
    expect(legs[0]?.querySelector('.leg-teams')?.textContent).toBe('Benfica vs Porto');
    expect(legs[0]?.querySelector('.leg-score')?.textContent).toBe('0–0');
    expect(legs[1]?.querySelector('.leg-score')).toBeNull();
    // The display leg's kickoff, not facts.legs[].startsAt (22:00, the market deadline).
    expect(legs[0]?.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-22T20:15:00.000Z',
    );
    expect(text(container.querySelector('.parlay-terms'))).toBe(
      'Stake $10.00 · ×3.4 · pays $34.00',
    );
    expect(text(container.querySelector('.card-who'))).toBe('Ada placed a parlay');
  });

  it('adds the result, payout and P&L once the parlay is resolved', () => {
    const { container } = show(entries.parlayResolved());
    expect(screen.getByText('Sunday classics')).toBeTruthy();
    expect(text(container.querySelector('.result-line'))).toBe('Lost · paid $0.00 · −$10.00');
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
    const { container } = show(entry);
    expect(text(container.querySelector('.card-who'))).toBe('Ada had new activity');
    expect(container.querySelector('[data-entry="MARKET_CREATED"]')).toBeTruthy();
  });
});
