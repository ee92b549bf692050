import { describe, expect, it } from 'vitest';
import { openSidePanelFor, type WindowedSender } from '../../../../lib/background/ui/side-panel';
import { PANEL_FRAME_PATH, PROTOCOL } from '../../../../lib/protocol/names';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}`;
const PAGE = 'http://127.0.0.1:4011/markets/sandbox-btc-100k';
const request = { protocol: PROTOCOL, name: 'panel.openSidePanel', payload: {} };

const frame: WindowedSender = {
  id: ID,
  url: `${ORIGIN}${PANEL_FRAME_PATH}#nonce`,
  origin: ORIGIN,
  frameId: 4,
  tab: { id: 7, url: PAGE, windowId: 3 },
};
const content: WindowedSender = {
  id: ID,
  url: PAGE,
  origin: 'http://127.0.0.1:4011',
  frameId: 0,
  tab: { id: 7, url: PAGE, windowId: 3 },
};

function opened(message: unknown, sender: WindowedSender, panel: 'panel-frame' | 'content') {
  const windows: number[] = [];
  openSidePanelFor(message, sender, ID, panel, { open: (id) => windows.push(id) });
  return windows;
}

describe('openSidePanelFor', () => {
  it("opens the side panel of the panel's window, in the listener, for this build's panel", () => {
    expect(opened(request, frame, 'panel-frame')).toEqual([3]);
    expect(opened(request, content, 'content')).toEqual([3]);
  });

  it('opens nothing for the content script in Chromium, or for a frame of a page in Firefox', () => {
    expect(opened(request, content, 'panel-frame')).toEqual([]);
    expect(opened(request, { ...content, frameId: 2 }, 'content')).toEqual([]);
  });

  it('opens nothing for another message, another extension, or a sender with no window', () => {
    expect(opened({ ...request, name: 'panel.openOptions' }, frame, 'panel-frame')).toEqual([]);
    expect(opened({ ...request, protocol: 'other' }, frame, 'panel-frame')).toEqual([]);
    expect(opened(request, { ...frame, id: 'someone-else' }, 'panel-frame')).toEqual([]);
    expect(opened(request, { ...frame, tab: { id: 7, url: PAGE } }, 'panel-frame')).toEqual([]);
    expect(opened('panel.openSidePanel', frame, 'panel-frame')).toEqual([]);
  });
});
