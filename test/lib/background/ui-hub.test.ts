import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortLike } from '../../../lib/background/ui-hub';
import { UiHub } from '../../../lib/background/ui-hub';
import type { AppSnapshot, PanelState } from '../../../lib/protocol/views';

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

function hub() {
  let version = 0;
  const watchers: number[] = [];
  const ui: UiHub = new UiHub({
    snapshot: () => ({ version }) as unknown as AppSnapshot,
    panelNow: (slug) => ({ slug, version }) as unknown as PanelState,
    panelFresh: async (slug) => ({ slug, fresh: true }) as unknown as PanelState,
    onWatchersChanged: () => watchers.push(ui.watchedMarkets().size),
  });
  return { ui, watchers, bump: () => version++ };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('UiHub', () => {
  it('a burst of changes within a frame is one snapshot; an unchanged snapshot is not sent again', async () => {
    const { ui, bump } = hub();
    const popup = port();
    ui.connectState(popup.port);
    expect(popup.sent).toEqual([{ topic: 'snapshot', data: { version: 0 } }]);
    for (let i = 0; i < 10; i++) {
      bump();
      ui.pushState();
    }
    await vi.advanceTimersByTimeAsync(16);
    expect(popup.sent).toEqual([
      { topic: 'snapshot', data: { version: 0 } },
      { topic: 'snapshot', data: { version: 10 } },
    ]);
    ui.pushState();
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
    ui.pushPanels('eth');
    await vi.advanceTimersByTimeAsync(16);
    expect(btc.sent).toHaveLength(1);
    expect(eth.sent).toHaveLength(2);
    ui.pushPanels();
    await vi.advanceTimersByTimeAsync(16);
    expect(btc.sent).toHaveLength(2);
    expect(eth.sent).toHaveLength(3);
    btc.disconnect();
    expect([...ui.watchedMarkets()]).toEqual(['eth']);
    expect(watchers).toEqual([1, 2, 1]);
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
    ui.pushPanels('btc');
    await vi.advanceTimersByTimeAsync(16);
    expect(live.sent).toHaveLength(2);
    bump();
    ui.pushPanels('btc');
    await vi.advanceTimersByTimeAsync(16);
    expect(live.sent).toHaveLength(3);
    expect(ui.watched()).toBe(true);
  });
});
