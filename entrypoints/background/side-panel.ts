import { browser } from 'wxt/browser';
import type { SidePanelOpener } from '../../lib/background/ui/side-panel';

/** Firefox's sidebar API, which the extension types (Chromium's) do not name. */
interface SidebarAction {
  open(): Promise<void>;
}

/** The side panel (Chromium's `sidePanel`) or the sidebar (Firefox's `sidebarAction`). */
export function browserSidePanel(): SidePanelOpener {
  return {
    open: (windowId) => {
      const sidebar = (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
      // Called at once, in the caller's event: both need the user's gesture behind them.
      const opened = sidebar ? sidebar.open() : browser.sidePanel?.open({ windowId });
      void opened?.catch(() => undefined);
    },
  };
}
