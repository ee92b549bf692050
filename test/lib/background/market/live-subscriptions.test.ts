import { describe, expect, it } from 'vitest';
import { LiveSubscriptions } from '../../../../lib/background/market/live-subscriptions';

function setup(options: { watched?: string[]; alerts?: string[]; held?: string[] } = {}) {
  const subscribed = new Map<string, unknown>();
  const forgotten: string[][] = [];
  const heldChanges: (readonly string[])[] = [];
  let priceSubscriptions = 0;
  let clock = 1_000;
  const state = {
    watched: new Set(options.watched ?? []),
    alerts: options.alerts ?? [],
    held: options.held ?? [],
  };
  const subs = new LiveSubscriptions({
    live: {
      subscribe: (channel, payload) => {
        subscribed.set(channel, payload);
        if (channel === 'subscribe_market_prices') priceSubscriptions++;
      },
    },
    books: { forget: (keep) => forgotten.push([...keep].sort()) },
    ui: { watchedMarkets: () => new Set(state.watched) },
    alertMarkets: () => state.alerts,
    heldMarkets: () => state.held,
    onHeldChanged: (held) => heldChanges.push(held),
    lingerMs: 30_000,
    now: () => clock,
  });
  return {
    subs,
    subscribed,
    forgotten,
    heldChanges,
    priceSubscriptions: () => priceSubscriptions,
    state,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('LiveSubscriptions', () => {
  it('subscribes to the books of the markets shown and those an alert watches, each once, sorted', () => {
    const t = setup({ watched: ['btc', 'eth'], alerts: ['fed', 'btc'] });
    t.subs.marketsChanged();
    expect(t.subscribed.get('subscribe_market_prices')).toEqual({
      marketSlugs: ['btc', 'eth', 'fed'],
    });
    expect(t.forgotten.at(-1)).toEqual(['btc', 'eth', 'fed']);
  });

  it('keeps the books of the markets held live with no page open: their P&L is marked to them', () => {
    const t = setup({ watched: ['eth'], held: ['fed', 'eth'] });
    t.subs.marketsChanged();
    expect(t.subscribed.get('subscribe_market_prices')).toEqual({ marketSlugs: ['eth', 'fed'] });
    t.state.held = [];
    t.subs.marketsChanged();
    expect(t.subscribed.get('subscribe_market_prices')).toEqual({ marketSlugs: ['eth'] });
  });

  it('follows the markets held: subscribes when they change, and only then', () => {
    const t = setup({ watched: ['eth'] });
    t.state.held = ['fed', 'btc', 'fed'];
    t.subs.heldChanged();
    expect(t.subscribed.get('subscribe_market_prices')).toEqual({
      marketSlugs: ['btc', 'eth', 'fed'],
    });
    expect(t.heldChanges).toEqual([['btc', 'fed']]);
    // Positions read again (or an event) that hold the same markets: nothing is sent.
    t.state.held = ['btc', 'fed'];
    t.subs.heldChanged();
    expect(t.priceSubscriptions()).toBe(1);
    expect(t.heldChanges).toHaveLength(1);
    // Sold out of one: its book is let go (no page shows it).
    t.state.held = ['btc'];
    t.subs.heldChanged();
    expect(t.subscribed.get('subscribe_market_prices')).toEqual({ marketSlugs: ['btc', 'eth'] });
    expect(t.forgotten.at(-1)).toEqual(['btc', 'eth']);
    expect(t.heldChanges).toEqual([['btc', 'fed'], ['btc']]);
  });

  it('unsubscribes from books when nothing is shown or watched', () => {
    const t = setup();
    t.subs.marketsChanged();
    expect(t.subscribed.get('subscribe_market_prices')).toBeNull();
    expect(t.forgotten.at(-1)).toEqual([]);
  });

  it('keeps a market whose page just closed live for a while, then lets it go', () => {
    const t = setup({ watched: ['btc'] });
    t.subs.marketsChanged();
    t.state.watched = new Set();
    t.subs.marketsChanged();
    expect(t.subscribed.get('subscribe_market_prices')).toEqual({ marketSlugs: ['btc'] });
    t.advance(30_001);
    t.subs.marketsChanged();
    expect(t.subscribed.get('subscribe_market_prices')).toBeNull();
  });

  it("follows the trading session with the account's own streams", () => {
    const t = setup();
    t.subs.sessionChanged(true);
    for (const channel of [
      'subscribe_positions',
      'subscribe_order_events',
      'subscribe_transactions',
    ])
      expect(t.subscribed.get(channel)).toEqual({});
    t.subs.sessionChanged(false);
    for (const channel of [
      'subscribe_positions',
      'subscribe_order_events',
      'subscribe_transactions',
    ])
      expect(t.subscribed.get(channel)).toBeNull();
  });
});
