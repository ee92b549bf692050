import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookTracker } from '../../../../lib/background/market/books';
import type { PortLike } from '../../../../lib/background/ui/ui-hub';
import { audienceOf, UiHub } from '../../../../lib/background/ui/ui-hub';
import { Orderbook } from '../../../../lib/core/api/markets';
import type { BadgesView } from '../../../../lib/protocol/badge-views';
import type { AppSnapshot, PanelState } from '../../../../lib/protocol/views';
import * as ex from '../../core/api/examples';
import { appSnapshot } from '../../protocol/fixtures';

function port() {
  const sent: unknown[] = [];
  const disconnects: (() => void)[] = [];
  const p: PortLike = {
    postMessage: (m) => sent.push(m),
    onDisconnect: { addListener: (l) => disconnects.push(l) },
  };
  const disconnect = () => {
    for (const listener of disconnects) listener();
  };
  return { port: p, sent, disconnect };
}

const NO_BADGES: BadgesView = { entries: [] };

function hub() {
  let version = 0;
  const watchers: number[] = [];
  const ui: UiHub = new UiHub({
    snapshot: () => appSnapshot({ clockOffsetMs: version }),
    panelNow: (slug) => ({ slug, version }) as unknown as PanelState,
    panelFresh: async (slug) => ({ slug, fresh: true }) as unknown as PanelState,
    badges: () => NO_BADGES,
    onWatchersChanged: () => watchers.push(ui.watchedMarkets().size),
  });
  return { ui, watchers, bump: () => version++ };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('UiHub', () => {
  it('a burst of changes within a frame is one patch of what changed; no change, no message', async () => {
    const { ui, bump } = hub();
    const popup = port();
    ui.connectState(popup.port);
    expect(popup.sent).toEqual([{ topic: 'snapshot', data: appSnapshot({ clockOffsetMs: 0 }) }]);
    for (let i = 0; i < 10; i++) {
      bump();
      ui.changed({ kind: 'price-alerts' });
    }
    await vi.advanceTimersByTimeAsync(16);
    expect(popup.sent.slice(1)).toEqual([{ topic: 'patch', data: { clockOffsetMs: 10 } }]);
    ui.changed({ kind: 'price-alerts' });
    await vi.advanceTimersByTimeAsync(16);
    expect(popup.sent).toHaveLength(2);
  });

  it('a panel gets the fresh state at once, then only pushes for its own market', async () => {
    const { ui, watchers } = hub();
    const btc = port();
    const eth = port();
    await ui.connectPanel(btc.port, 'btc');
    await ui.connectPanel(eth.port, 'eth');
    expect(btc.sent).toEqual([{ topic: 'panel', data: { slug: 'btc', fresh: true } }]);
    ui.changed({ kind: 'book', marketSlug: 'eth', held: false });
    await vi.advanceTimersByTimeAsync(16);
    expect(btc.sent).toHaveLength(1);
    expect(eth.sent).toHaveLength(2);
    ui.changed({ kind: 'trading-mode' });
    await vi.advanceTimersByTimeAsync(16);
    expect(btc.sent).toHaveLength(2);
    expect(eth.sent).toHaveLength(3);
    btc.disconnect();
    expect([...ui.watchedMarkets()]).toEqual(['eth']);
    expect(watchers).toEqual([1, 2, 1]);
  });

  it('a panel waiting for its fresh state gets no push before it (a woken background knows no market yet)', async () => {
    let release: (state: PanelState) => void = () => undefined;
    const ui = new UiHub({
      snapshot: () => ({}) as unknown as AppSnapshot,
      // What a background that just started builds: no market read yet, trading blocked.
      panelNow: (slug) => ({ slug, block: 'unknown-market' }) as unknown as PanelState,
      panelFresh: () => new Promise<PanelState>((resolve) => (release = resolve)),
      badges: () => NO_BADGES,
      onWatchersChanged: () => undefined,
    });
    const btc = port();
    const connected = ui.connectPanel(btc.port, 'btc');
    // The app starting pushes everything (the portfolio read, the socket's state, an intent).
    ui.changed({ kind: 'trading-mode' });
    ui.changed({ kind: 'book', marketSlug: 'btc', held: false });
    await vi.advanceTimersByTimeAsync(100);
    expect(btc.sent).toEqual([]);
    release({ slug: 'btc', fresh: true } as unknown as PanelState);
    await connected;
    expect(btc.sent).toEqual([{ topic: 'panel', data: { slug: 'btc', fresh: true } }]);
    // From then on it gets every push.
    ui.changed({ kind: 'book', marketSlug: 'btc', held: false });
    await vi.advanceTimersByTimeAsync(16);
    expect(btc.sent).toHaveLength(2);
  });

  it('a panel whose fresh state failed still gets the pushes after', async () => {
    const failing = new UiHub({
      snapshot: () => ({}) as unknown as AppSnapshot,
      panelNow: (slug) => ({ slug }) as unknown as PanelState,
      panelFresh: async () => {
        throw new Error('the exchange did not answer');
      },
      badges: () => NO_BADGES,
      onWatchersChanged: () => undefined,
    });
    const btc = port();
    await expect(failing.connectPanel(btc.port, 'btc')).rejects.toThrow(/did not answer/);
    failing.changed({ kind: 'book', marketSlug: 'btc', held: false });
    await vi.advanceTimersByTimeAsync(16);
    expect(btc.sent).toEqual([{ topic: 'panel', data: { slug: 'btc' } }]);
  });

  it('a port that throws on post is dropped, and the others still get theirs', async () => {
    const { ui, bump } = hub();
    const dead: PortLike = {
      postMessage: () => {
        throw new Error('gone');
      },
      onDisconnect: { addListener: () => undefined },
    };
    const live = port();
    await ui.connectPanel(dead, 'btc').catch(() => undefined);
    await ui.connectPanel(live.port, 'btc');
    bump();
    ui.changed({ kind: 'book', marketSlug: 'btc', held: false });
    await vi.advanceTimersByTimeAsync(16);
    expect(live.sent).toHaveLength(2);
    bump();
    ui.changed({ kind: 'book', marketSlug: 'btc', held: false });
    await vi.advanceTimersByTimeAsync(16);
    expect(live.sent).toHaveLength(3);
    expect(ui.watched()).toBe(true);
  });

  it("a burst of book updates reaches each panel as one message a frame, with its market's last book", async () => {
    const books = new BookTracker();
    const built: string[] = [];
    const ui = new UiHub({
      snapshot: () => ({}) as unknown as AppSnapshot,
      panelNow: (slug) => {
        built.push(slug);
        return { slug, book: books.get(slug) } as unknown as PanelState;
      },
      panelFresh: async (slug) => ({ slug, fresh: true }) as unknown as PanelState,
      badges: () => NO_BADGES,
      onWatchersChanged: () => undefined,
    });
    const btc = [port(), port()];
    const eth = port();
    for (const p of btc) await ui.connectPanel(p.port, 'btc');
    await ui.connectPanel(eth.port, 'eth');
    const book = Orderbook.parse(ex.orderbook());
    // What the app does on each `orderbookUpdate`: keep the book, publish the change.
    const update = (slug: string, size: number, at: number) => {
      const asks = book.asks.map((l, i) => (i === 0 ? { ...l, size: String(size) } : l));
      books.apply(slug, { ...book, asks }, at, books.readStart());
      ui.changed({ kind: 'book', marketSlug: slug, held: false });
    };
    for (let i = 1; i <= 200; i++) update(i % 2 ? 'btc' : 'eth', i, i);
    await vi.advanceTimersByTimeAsync(15);
    expect(eth.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // Built once per market, posted once per panel, each with the last book of its market.
    expect(built.sort()).toEqual(['btc', 'eth']);
    for (const p of btc) {
      expect(p.sent).toHaveLength(2);
      expect(p.sent[1]).toMatchObject({ data: { book: { askSize: '199', updatedAt: 199 } } });
    }
    expect(eth.sent[1]).toMatchObject({ data: { book: { askSize: '200', updatedAt: 200 } } });
    // Nothing new: no frame, no message.
    await vi.advanceTimersByTimeAsync(100);
    expect(eth.sent).toHaveLength(2);
  });

  it('pushes never come closer than a frame apart, however they are spread', async () => {
    const { ui, bump } = hub();
    const at: number[] = [];
    const panel: PortLike = {
      // The fake clock's time of each post (no wall clock here).
      postMessage: () => at.push(Date.now()),
      onDisconnect: { addListener: () => undefined },
    };
    await ui.connectPanel(panel, 'btc');
    at.length = 0;
    // One push every 3 ms for 300 ms.
    for (let t = 0; t < 300; t += 3) {
      bump();
      ui.changed({ kind: 'book', marketSlug: 'btc', held: false });
      await vi.advanceTimersByTimeAsync(3);
    }
    await vi.advanceTimersByTimeAsync(16);
    expect(at.length).toBeGreaterThan(10);
    for (let i = 1; i < at.length; i++)
      expect((at[i] ?? 0) - (at[i - 1] ?? 0)).toBeGreaterThanOrEqual(16);
  });

  it('badge ports get the summary at once and then only when what is held changes, each its own', async () => {
    let held: BadgesView = NO_BADGES;
    const ui = new UiHub({
      snapshot: () => ({}) as unknown as AppSnapshot,
      panelNow: (slug) => ({ slug }) as unknown as PanelState,
      panelFresh: async (slug) => ({ slug }) as unknown as PanelState,
      badges: () => held,
      onWatchersChanged: () => undefined,
    });
    const first = port();
    ui.connectBadges(first.port);
    expect(first.sent).toEqual([{ topic: 'badges', data: NO_BADGES }]);
    // A badge port is no UI watching a market: no subscription, no trading-mode polling.
    expect(ui.watched()).toBe(false);

    ui.changed({ kind: 'portfolio' });
    await vi.advanceTimersByTimeAsync(16);
    expect(first.sent).toHaveLength(1);

    const bought: BadgesView = {
      entries: [{ marketSlug: 'btc', side: 'YES', contractsRaw: '5000000', unrealizedPnlRaw: '1' }],
    };
    held = bought;
    const second = port();
    ui.connectBadges(second.port);
    for (let i = 0; i < 10; i++) ui.changed({ kind: 'portfolio' });
    await vi.advanceTimersByTimeAsync(16);
    expect(first.sent).toEqual([
      { topic: 'badges', data: NO_BADGES },
      { topic: 'badges', data: bought },
    ]);
    // It was sent the new summary when it connected: not again.
    expect(second.sent).toEqual([{ topic: 'badges', data: bought }]);

    second.disconnect();
    held = NO_BADGES;
    ui.changed({ kind: 'portfolio' });
    await vi.advanceTimersByTimeAsync(16);
    expect(first.sent.at(-1)).toEqual({ topic: 'badges', data: NO_BADGES });
    expect(second.sent).toHaveLength(1);
  });

  it('one fill, published by the desk, the positions and the portfolio in one frame, is one message to each UI it concerns', async () => {
    const { ui, bump } = hub();
    const popup = port();
    const btcPanel = port();
    const ethPanel = port();
    const badges = port();
    ui.connectState(popup.port);
    await ui.connectPanel(btcPanel.port, 'btc');
    await ui.connectPanel(ethPanel.port, 'eth');
    ui.connectBadges(badges.port);
    bump();
    ui.changed({ kind: 'intent', marketSlug: 'btc' });
    ui.changed({ kind: 'positions', marketSlug: 'btc' });
    ui.changed({ kind: 'open-orders', marketSlug: 'btc' });
    await vi.advanceTimersByTimeAsync(16);
    expect(popup.sent).toHaveLength(2);
    expect(btcPanel.sent).toHaveLength(2);
    // Another market's panel hears nothing of it.
    expect(ethPanel.sent).toHaveLength(1);
    // Nothing held changed in this fake: the badges are not sent the same summary again.
    expect(badges.sent).toHaveLength(1);
  });

  it('says who hears of each change in one table', () => {
    expect(audienceOf({ kind: 'book', marketSlug: 'btc', held: false })).toEqual({
      state: false,
      badges: false,
      panels: 'market',
    });
    // A held market's book moves the trader's P&L: the popup and the badges hear of it.
    expect(audienceOf({ kind: 'book', marketSlug: 'btc', held: true })).toEqual({
      state: true,
      badges: true,
      panels: 'market',
    });
    expect(audienceOf({ kind: 'vault' })).toEqual({ state: true, badges: true, panels: 'all' });
    expect(audienceOf({ kind: 'price-alerts' }).panels).toBe('none');
  });
});
