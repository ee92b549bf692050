import { browser } from 'wxt/browser';

/** Firefox's sidebar API, which the extension types (Chromium's) do not name. */
interface SidebarAction {
  open(): Promise<void>;
}

/**
 * "Open the side panel" for an extension page's button: the window is read now, so the
 * click itself calls `sidePanel.open` (Chromium) or `sidebarAction.open` (Firefox) with no
 * await before it; both refuse a call without the user's gesture behind it.
 */
export function sidePanelOpener(): () => void {
  let windowId: number | undefined;
  void browser.windows
    ?.getCurrent()
    .then((window) => {
      windowId = window.id;
    })
    .catch(() => undefined);
  return () => {
    const sidebar = (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
    const opened = sidebar
      ? sidebar.open()
      : windowId !== undefined
        ? browser.sidePanel?.open({ windowId })
        : undefined;
    void opened?.catch(() => undefined);
  };
}
