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
  // one. Only activations count here: an update of the followed tab made while a newer
  // activation is being read must not make that read look old, or the side panel stays on
  // the tab the trader left (a market page still loading when the trader switches away).
  let started = 0;
  let answered = 0;
  // An update of the followed tab that came while an activation was being read: shown if
  // that read turns out to be one of our own pages, which is passed over.
  let missed: TabInfo | undefined;

  const own = (tab: TabInfo | undefined) => tab?.url?.startsWith(`${ownOrigin}/`) === true;
  const show = (tab: TabInfo | undefined) => {
    followed = tab?.id;
    missed = undefined;
    onUrl(tab?.url ?? null);
  };
  const answer = (tab: TabInfo | undefined, read: number) => {
    if (stopped || read < answered) return;
    answered = read;
    if (!own(tab)) show(tab);
    else if (missed && read === started) show(missed);
  };

  const stops = [
    api.onActivated((tabId, inWindow) => {
      if (windowId !== undefined && inWindow !== windowId) return;
      const read = ++started;
      void api.get(tabId).then((tab) => answer(tab, read));
    }),
    api.onUpdated((tabId, tab) => {
      if (stopped || tabId !== followed) return;
      if (answered === started) show(tab);
      else missed = tab;
    }),
    api.onRemoved((tabId) => {
      if (tabId !== followed || stopped) return;
      followed = undefined;
      missed = undefined;
      onUrl(null);
    }),
  ];

  const first = ++started;
  void api.currentWindowId().then(async (id) => {
    windowId = id;
    if (id !== undefined) answer(await api.activeTab(id), first);
  });

  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}
