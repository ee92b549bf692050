import { browser } from 'wxt/browser';
import { HeldEvents } from '../../lib/background/notifications/held-events';
import type { Platform } from '../../lib/background/platform';
import { browserArea } from '../../lib/storage/area';
import { protectedStore } from '../../lib/storage/settings-item';
import { idleStateLocks } from '../../lib/vault/auto-lock';

/**
 * `browser.*` as the background app needs it. Call it synchronously when the worker starts:
 * it listens at once to the events that can wake a stopped worker, and holds them until the
 * app subscribes.
 */
export function browserPlatform(): Platform {
  const action = browser.action ?? browser.browserAction;
  const alarms = new HeldEvents<string>();
  const notificationClicks = new HeldEvents<string>();
  const machineLocked = new HeldEvents<true>();
  browser.alarms.onAlarm.addListener((alarm) => alarms.emit(alarm.name));
  browser.notifications.onClicked.addListener((id) => notificationClicks.emit(id));
  browser.idle.onStateChanged.addListener((state) => {
    if (idleStateLocks(state)) machineLocked.emit(true);
  });
  return {
    extensionId: browser.runtime.id,
    extensionOrigin: new URL(browser.runtime.getURL('/')).origin,
    // Never storage.local: content scripts can write it (lib/storage/keys.ts).
    local: protectedStore(),
    session: browserArea(browser.storage.session),
    alarms: {
      create: async (name, when) => {
        await browser.alarms.create(name, { when });
      },
      clear: async (name) => {
        await browser.alarms.clear(name);
      },
      scheduled: async (name) => (await browser.alarms.get(name))?.scheduledTime ?? null,
      onAlarm: (listener) => alarms.listen(listener),
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
      onClicked: (listener) => notificationClicks.listen(listener),
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
    onIdleStateLocked: (listener) => machineLocked.listen(() => listener()),
  };
}
