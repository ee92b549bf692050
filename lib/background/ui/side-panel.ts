import { PANEL_FRAME_PATH, PROTOCOL } from '../../protocol/names';
import type { PanelSender } from '../../protocol/panel-sender';
import { pathOf, type SenderInfo } from '../../protocol/sender';

/** The browser's side panel (Chromium) or sidebar (Firefox), for one window. */
export interface SidePanelOpener {
  /** Must run in the event that carries the user's gesture: no await before it. */
  open(windowId: number): void;
}

/** A runtime sender with the window of its tab, as Chromium and Firefox report it. */
export type WindowedSender = SenderInfo & { tab?: SenderInfo['tab'] & { windowId?: number } };

/** Whether a message is the page panel's `panel.openSidePanel`, read without a schema. */
const isOpenRequest = (message: unknown): boolean =>
  typeof message === 'object' &&
  message !== null &&
  (message as { protocol?: unknown }).protocol === PROTOCOL &&
  (message as { name?: unknown }).name === 'panel.openSidePanel';

/**
 * Opens the side panel of the sender's window when the page panel asks, in the message
 * listener itself: `sidePanel.open` and `sidebarAction.open` need the user's click behind
 * them, and Chromium carries a click's gesture into the listener of the message it sent but
 * not past an await (the router awaits the started app). The check here is the router's
 * sender rule for `panel` without the settings (not read yet in a woken worker): our
 * extension, the panel's frame on Chromium, a tab's top frame on Firefox. Opening shows
 * the user our own page and tells the page nothing; the router still answers the message
 * after its full check. Returns whether it opened.
 */
export function openSidePanelFor(
  message: unknown,
  sender: WindowedSender,
  extensionId: string,
  panelSender: PanelSender,
  opener: SidePanelOpener,
): boolean {
  if (!isOpenRequest(message) || sender.id !== extensionId) return false;
  const windowId = sender.tab?.windowId;
  if (windowId === undefined) return false;
  const fromPanel =
    panelSender === 'panel-frame'
      ? pathOf(sender.url) === PANEL_FRAME_PATH && sender.frameId !== 0
      : sender.frameId === 0;
  if (!fromPanel) return false;
  opener.open(windowId);
  return true;
}
