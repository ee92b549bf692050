// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEarlyPort } from '../../../../components/common/early-port';
import { startPanelFrame } from '../../../../components/panel/framed/panel-frame';
import { panelHello } from '../../../../components/panel/model/panel-port';
import { PANEL_HOST_PORT, PORTS } from '../../../../lib/protocol/names';
import { FakePort } from '../../common/fake-port';
import { panelState, SLUG } from '../model/fixtures';

const tabs = vi.hoisted(() => ({
  /** How many panel elements were drawn when the frame asked for its tab (to meet the loader). */
  drawnAtAsk: [] as number[],
  container: null as HTMLElement | null,
  connected: [] as { tabId: number; name: string; frameId?: number; posted: unknown[] }[],
}));

// The frame reaches the background only through its early port here; nothing else may connect.
vi.mock('wxt/browser', () => ({
  browser: {
    runtime: {
      connect: () => {
        throw new Error('the frame connected again instead of taking its early port');
      },
      sendMessage: async () => undefined,
    },
    tabs: {
      getCurrent: async () => {
        tabs.drawnAtAsk.push(tabs.container?.childElementCount ?? -1);
        return { id: 42 };
      },
      connect: (tabId: number, info: { name: string; frameId?: number }) => {
        const port = { tabId, ...info, posted: [] as unknown[] };
        tabs.connected.push(port);
        return {
          postMessage: (m: unknown) => port.posted.push(m),
          onMessage: { addListener: () => undefined },
          onDisconnect: { addListener: () => undefined },
        };
      },
    },
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('startPanelFrame', () => {
  it('meets its loader over a port with the nonce of its URL, before it draws, and posts nothing to the page', async () => {
    const nonce = crypto.randomUUID();
    window.location.hash = `#${nonce}`;
    // The background answered the frame's first script before its main script ran.
    const port = new FakePort();
    openEarlyPort(PORTS.panel, () => port, panelHello(null));
    port.deliver({ topic: 'panel', data: panelState() });
    const container = document.createElement('div');
    document.body.append(container);
    tabs.container = container;
    const posted = vi.spyOn(window.parent, 'postMessage');

    startPanelFrame(container);

    // Asked before a render, which would have held the port back by its length.
    expect(tabs.drawnAtAsk).toEqual([0]);
    expect(port.posted).toEqual([{ thisPage: true }]);
    expect(container.querySelector('section.mc-panel')?.getAttribute('data-slug')).toBe(SLUG);
    await vi.waitFor(() => expect(tabs.connected).toHaveLength(1));
    expect(tabs.connected[0]).toMatchObject({ tabId: 42, name: PANEL_HOST_PORT, frameId: 0 });
    // The nonce first; what follows is the frame's own news for the loader (its size,
    // whether the pointer or the focus can reach it), never a second token.
    const [first, ...rest] = tabs.connected[0]?.posted ?? [];
    expect(first).toEqual({ token: nonce });
    for (const message of rest) expect(message).toHaveProperty('t');
    // Nothing reaches the page's window: it can neither answer first nor learn from it.
    expect(posted).not.toHaveBeenCalled();
  });
});
