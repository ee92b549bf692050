/** A tab as the tabs API reports it (its URL only where the extension may read it). */
export interface TabInfo {
  id?: number;
  url?: string;
  windowId?: number;
}

/** The parts of `browser.tabs` and `browser.windows` the side panel follows. */
export interface TabsApi {
  /** The window the side panel is in. */
  currentWindowId(): Promise<number | undefined>;
  activeTab(windowId: number): Promise<TabInfo | undefined>;
  get(tabId: number): Promise<TabInfo | undefined>;
  onActivated(listener: (tabId: number, windowId: number) => void): () => void;
  onUpdated(listener: (tabId: number, tab: TabInfo) => void): () => void;
  onRemoved(listener: (tabId: number) => void): () => void;
}

/**
 * Follows the active tab of the side panel's window and tells its URL (null: no tab, or a
 * URL the extension may not read, which is no market page). A tab of our own pages (the
 * options, or the side panel's page opened in a tab) is passed over: the side panel keeps
 * the tab before it. Returns the stop.
 */
export function followActiveTab(
  api: TabsApi,
  ownOrigin: string,
  onUrl: (url: string | null) => void,
): () => void {
  let windowId: number | undefined;
  let followed: number | undefined;
  let stopped = false;
  // Reads of activated tabs may answer out of order: an older one never replaces a newer
  // one taken (one of our own pages, passed over, replaces nothing).
  let generation = 0;
  let taken = 0;

  const own = (tab: TabInfo | undefined) => tab?.url?.startsWith(`${ownOrigin}/`) === true;
  const take = (tab: TabInfo | undefined, read = ++generation) => {
    if (stopped || own(tab) || read < taken) return;
    taken = read;
    followed = tab?.id;
    onUrl(tab?.url ?? null);
  };

  const stops = [
    api.onActivated((tabId, inWindow) => {
      if (windowId !== undefined && inWindow !== windowId) return;
      const read = ++generation;
      void api.get(tabId).then((tab) => take(tab, read));
    }),
    api.onUpdated((tabId, tab) => {
      if (tabId === followed) take(tab);
    }),
    api.onRemoved((tabId) => {
      if (tabId !== followed || stopped) return;
      followed = undefined;
      onUrl(null);
    }),
  ];

  const first = ++generation;
  void api.currentWindowId().then(async (id) => {
    windowId = id;
    if (id !== undefined) take(await api.activeTab(id), first);
  });

  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}
