// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEarlyPort } from '../../../../components/common/early-port';
import { FRAME_HELLO } from '../../../../components/panel/framed/frame-host';
import { startPanelFrame } from '../../../../components/panel/framed/panel-frame';
import { panelHello } from '../../../../components/panel/model/panel-port';
import { PORTS } from '../../../../lib/protocol/names';
import { FakePort } from '../../common/fake-port';
import { panelState, SLUG } from '../model/fixtures';

// The frame reaches the background only through its early port here; nothing else may connect.
vi.mock('wxt/browser', () => ({
  browser: {
    runtime: {
      connect: () => {
        throw new Error('the frame connected again instead of taking its early port');
      },
      sendMessage: async () => undefined,
    },
    tabs: { getCurrent: async () => undefined, connect: () => undefined },
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('startPanelFrame', () => {
  it('says hello to the loader before it draws a state its early port already holds, then draws it', () => {
    // The background answered the frame's first script before its main script ran.
    const port = new FakePort();
    openEarlyPort(PORTS.panel, () => port, panelHello(null));
    port.deliver({ topic: 'panel', data: panelState() });
    const container = document.createElement('div');
    document.body.append(container);
    const drawnAtHello: number[] = [];
    vi.spyOn(window.parent, 'postMessage').mockImplementation((message: unknown) => {
      if (message === FRAME_HELLO) drawnAtHello.push(container.childElementCount);
    });

    startPanelFrame(container);

    // A render first would have held the hello, and so the loader's answer, back by its length.
    expect(drawnAtHello).toEqual([0]);
    expect(port.posted).toEqual([{ thisPage: true }]);
    expect(container.querySelector('section.mc-panel')?.getAttribute('data-slug')).toBe(SLUG);
  });
});
