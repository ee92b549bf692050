import { describe, expect, it } from 'vitest';
import {
  followActiveTab,
  type TabInfo,
  type TabsApi,
} from '../../../components/sidepanel/follow-tab';
import { flushUi } from '../../support/flush';

const OWN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const BTC = 'http://127.0.0.1:4011/markets/sandbox-btc-100k';
const ETH = 'http://127.0.0.1:4011/markets/sandbox-eth-flip';

/** Tabs in windows, with the browser's events fired by hand. */
function fakeTabs(windowId: number, tabs: Record<number, TabInfo>, active: number) {
  const activated: ((tabId: number, windowId: number) => void)[] = [];
  const updated: ((tabId: number, tab: TabInfo) => void)[] = [];
  const removed: ((tabId: number) => void)[] = [];
  const listen =
    <L>(list: L[]) =>
    (listener: L) => {
      list.push(listener);
      return () => list.splice(list.indexOf(listener), 1);
    };
  const api: TabsApi = {
    currentWindowId: async () => windowId,
    activeTab: async () => tabs[active],
    get: async (tabId) => tabs[tabId],
    onActivated: listen(activated),
    onUpdated: listen(updated),
    onRemoved: listen(removed),
  };
  return {
    api,
    activate(tabId: number, inWindow = windowId) {
      for (const l of activated) l(tabId, inWindow);
    },
    update(tabId: number, url: string) {
      tabs[tabId] = { ...tabs[tabId], id: tabId, url };
      for (const l of updated) l(tabId, tabs[tabId] as TabInfo);
    },
    remove(tabId: number) {
      for (const l of removed) l(tabId);
    },
    listeners: () => activated.length + updated.length + removed.length,
  };
}

function follow(fake: ReturnType<typeof fakeTabs>) {
  const seen: (string | null)[] = [];
  const stop = followActiveTab(fake.api, OWN, (url) => seen.push(url));
  return { seen, stop };
}

describe('followActiveTab', () => {
  it('starts on the active tab of its window and follows activations there', async () => {
    const fake = fakeTabs(1, { 10: { id: 10, url: BTC }, 11: { id: 11, url: ETH } }, 10);
    const { seen } = follow(fake);
    await flushUi();
    expect(seen).toEqual([BTC]);
    fake.activate(11);
    await flushUi();
    expect(seen).toEqual([BTC, ETH]);
  });

  it('ignores tabs activated in another window', async () => {
    const fake = fakeTabs(1, { 10: { id: 10, url: BTC }, 20: { id: 20, url: ETH } }, 10);
    const { seen } = follow(fake);
    await flushUi();
    fake.activate(20, 2);
    await flushUi();
    expect(seen).toEqual([BTC]);
  });

  it('passes over our own pages: the tab before stays followed', async () => {
    const fake = fakeTabs(
      1,
      { 10: { id: 10, url: BTC }, 12: { id: 12, url: `${OWN}/sidepanel.html` } },
      12,
    );
    const { seen } = follow(fake);
    await flushUi();
    expect(seen).toEqual([]);
    fake.activate(10);
    fake.activate(12);
    await flushUi();
    expect(seen).toEqual([BTC]);
  });

  it('follows the followed tab navigating, and nothing of other tabs', async () => {
    const fake = fakeTabs(1, { 10: { id: 10, url: BTC }, 11: { id: 11, url: BTC } }, 10);
    const { seen } = follow(fake);
    await flushUi();
    fake.update(11, ETH);
    fake.update(10, ETH);
    expect(seen).toEqual([BTC, ETH]);
  });

  it('says null when the followed tab closes, or shows a URL it may not read', async () => {
    const fake = fakeTabs(1, { 10: { id: 10, url: BTC }, 11: { id: 11 } }, 10);
    const { seen } = follow(fake);
    await flushUi();
    fake.activate(11);
    await flushUi();
    fake.remove(11);
    expect(seen).toEqual([BTC, null, null]);
  });

  it('stops listening when stopped', async () => {
    const fake = fakeTabs(1, { 10: { id: 10, url: BTC }, 11: { id: 11, url: ETH } }, 10);
    const { seen, stop } = follow(fake);
    await flushUi();
    stop();
    expect(fake.listeners()).toBe(0);
    fake.activate(11);
    await flushUi();
    expect(seen).toEqual([BTC]);
  });
});

describe('followActiveTab, reads answering out of order', () => {
  it('never lets an older activation replace a newer one', async () => {
    const fake = fakeTabs(1, { 10: { id: 10, url: BTC }, 11: { id: 11, url: ETH } }, 10);
    const reads: ((tab: TabInfo) => void)[] = [];
    fake.api.get = (tabId) =>
      new Promise((resolve) =>
        reads.push(() => resolve({ id: tabId, url: tabId === 10 ? BTC : ETH })),
      );
    const { seen } = follow(fake);
    await flushUi();
    fake.activate(11);
    fake.activate(10);
    reads[1]?.({});
    await flushUi();
    reads[0]?.({});
    await flushUi();
    expect(seen).toEqual([BTC, BTC]);
  });

  it('leaves a tab that is still loading for the tab activated meanwhile', async () => {
    const fake = fakeTabs(1, { 10: { id: 10, url: BTC }, 11: { id: 11, url: 'about:blank' } }, 10);
    const reads: (() => void)[] = [];
    fake.api.get = (tabId) =>
      new Promise((resolve) => reads.push(() => resolve({ id: tabId, url: 'about:blank' })));
    const { seen } = follow(fake);
    await flushUi();
    fake.activate(11);
    // The market page the trader just left finishes loading before the new tab is read.
    fake.update(10, `${BTC}?loaded`);
    reads[0]?.();
    await flushUi();
    expect(seen).toEqual([BTC, 'about:blank']);
  });

  it('shows an update of the followed tab missed while one of our own pages was read', async () => {
    const fake = fakeTabs(1, { 10: { id: 10, url: BTC }, 12: { id: 12 } }, 10);
    const reads: (() => void)[] = [];
    fake.api.get = (tabId) =>
      new Promise((resolve) =>
        reads.push(() => resolve({ id: tabId, url: `${OWN}/options.html` })),
      );
    const { seen } = follow(fake);
    await flushUi();
    fake.activate(12);
    fake.update(10, ETH);
    reads[0]?.();
    await flushUi();
    expect(seen).toEqual([BTC, ETH]);
  });
});
