import { signal } from '@preact/signals';
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { send } from '../../lib/protocol/browser';
import { PORTS } from '../../lib/protocol/names';
import { sendFromPanel } from '../../lib/protocol/panel-browser';
import { connectAppState } from '../common/app-state';
import { takeEarlyPort } from '../common/early-port';
import { afterNextPaint } from '../common/next-frame';
import { connectPanelState } from '../panel/model/store';
import { followActiveTab, type TabInfo, type TabsApi } from './follow-tab';
import { SidePanel } from './SidePanel';

/** `browser.tabs` and `browser.windows` as the side panel follows them. */
function browserTabs(): TabsApi {
  const info = (tab: { id?: number; url?: string; windowId?: number }): TabInfo => ({
    id: tab.id,
    url: tab.url,
    windowId: tab.windowId,
  });
  return {
    currentWindowId: async () => (await browser.windows.getCurrent()).id,
    activeTab: async (windowId) => {
      const [tab] = await browser.tabs.query({ active: true, windowId });
      return tab ? info(tab) : undefined;
    },
    get: async (tabId) => info(await browser.tabs.get(tabId)),
    onActivated: (listener) => {
      const on = (active: { tabId: number; windowId: number }) =>
        listener(active.tabId, active.windowId);
      browser.tabs.onActivated.addListener(on);
      return () => browser.tabs.onActivated.removeListener(on);
    },
    onUpdated: (listener) => {
      const on = (tabId: number, _change: unknown, tab: { url?: string }) =>
        listener(tabId, info({ ...tab, id: tabId }));
      browser.tabs.onUpdated.addListener(on);
      return () => browser.tabs.onUpdated.removeListener(on);
    },
    onRemoved: (listener) => {
      const on = (tabId: number) => listener(tabId);
      browser.tabs.onRemoved.addListener(on);
      return () => browser.tabs.onRemoved.removeListener(on);
    },
  };
}

/** Starts the side panel in `root`: its ports, the tab it follows, and its screens. */
export function mountSidePanel(root: HTMLElement): void {
  const tabUrl = signal<string | null | undefined>(undefined);
  // Once the positions are painted: the tab's URL comes back from the browser process in its
  // own task, and its answer, landing before that paint, cost a second render of the whole
  // side panel on its way to the first (the popup has no tab to follow).
  afterNextPaint(() =>
    followActiveTab(browserTabs(), new URL(browser.runtime.getURL('/')).origin, (url) => {
      tabUrl.value = url;
    }),
  );
  render(
    <SidePanel
      store={connectAppState(takeEarlyPort(PORTS.state))}
      services={{
        send,
        openTab: (url) => void browser.tabs.create({ url }),
        openOptions: () => void browser.runtime.openOptionsPage(),
      }}
      tabUrl={tabUrl}
      marketDeps={{ send: sendFromPanel, now: Date.now, newPressId: () => crypto.randomUUID() }}
      connectMarket={(slug) => connectPanelState(slug)}
    />,
    root,
  );
}
