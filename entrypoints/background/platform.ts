import { browser } from 'wxt/browser';
import type { Platform } from '@/lib/background/platform';
import type { StorageArea } from '@/lib/vault/vault';

function area(store: typeof browser.storage.local): StorageArea {
  return {
    get: async (key) => (await store.get(key))[key],
    set: (key, value) => store.set({ [key]: value }),
    remove: (key) => store.remove(key),
  };
}

/** `browser.*` as the background app needs it. */
export function browserPlatform(): Platform {
  const action = browser.action ?? browser.browserAction;
  return {
    extensionId: browser.runtime.id,
    extensionOrigin: new URL(browser.runtime.getURL('/')).origin,
    local: area(browser.storage.local),
    session: area(browser.storage.session),
    alarms: {
      create: async (name, when) => {
        await browser.alarms.create(name, { when });
      },
      clear: async (name) => {
        await browser.alarms.clear(name);
      },
      onAlarm: (listener) => browser.alarms.onAlarm.addListener((alarm) => listener(alarm.name)),
    },
    notifications: {
      create: async (id, title, message) => {
        await browser.notifications.create(id, {
          type: 'basic',
          iconUrl: browser.runtime.getURL('/icon/128.png'),
          title,
          message,
        });
      },
      onClicked: (listener) => browser.notifications.onClicked.addListener(listener),
    },
    badge: {
      set: async (text, color) => {
        await action.setBadgeText({ text });
        await action.setBadgeBackgroundColor({ color });
      },
    },
    tabs: {
      open: async (url) => {
        await browser.tabs.create({ url });
      },
    },
    openOptionsPage: () => browser.runtime.openOptionsPage(),
    onIdleStateLocked: (listener) =>
      browser.idle.onStateChanged.addListener((state) => {
        if (state === 'locked') listener();
      }),
  };
}
