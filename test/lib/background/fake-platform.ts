import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Platform } from '../../../lib/background/platform';
import { browserArea } from '../../../lib/storage/area';
import type { AlarmScheduler } from '../../../lib/vault/auto-lock';

type BrowserArea = typeof fakeBrowser.storage.local;

/** Everything an area holds, as the JSON text a disk dump would show. */
export async function dumpArea(area: BrowserArea): Promise<string> {
  return JSON.stringify(await area.get(null));
}

/** `browser.alarms` through WXT's fake browser. */
export function fakeAlarms(): AlarmScheduler & { onAlarm(listener: (name: string) => void): void } {
  return {
    create: async (name, when) => {
      await fakeBrowser.alarms.create(name, { when });
    },
    clear: async (name) => {
      await fakeBrowser.alarms.clear(name);
    },
    scheduled: async (name) => (await fakeBrowser.alarms.get(name))?.scheduledTime ?? null,
    onAlarm: (listener) => fakeBrowser.alarms.onAlarm.addListener((alarm) => listener(alarm.name)),
  };
}

export interface RecordingPlatform extends Platform {
  notificationsShown: { id: string; title: string; message: string }[];
  badges: { text: string; color: string }[];
  opened: string[];
  /** The user clicks a desktop notification. */
  clickNotification(id: string): void;
  /** The machine's screen locks (`idle` state `locked`). */
  lockMachine(): void;
}

/** The background's platform over WXT's fake browser, recording what it shows. */
export function fakePlatform(): RecordingPlatform {
  const notificationsShown: RecordingPlatform['notificationsShown'] = [];
  const badges: RecordingPlatform['badges'] = [];
  const opened: string[] = [];
  const clickListeners: ((id: string) => void)[] = [];
  const lockListeners: (() => void)[] = [];
  return {
    extensionId: fakeBrowser.runtime.id,
    extensionOrigin: `chrome-extension://${fakeBrowser.runtime.id}`,
    local: browserArea(fakeBrowser.storage.local),
    session: browserArea(fakeBrowser.storage.session),
    alarms: fakeAlarms(),
    notifications: {
      create: async (id, title, message) => {
        notificationsShown.push({ id, title, message });
      },
      onClicked: (listener) => clickListeners.push(listener),
    },
    badge: {
      set: async (text, color) => {
        badges.push({ text, color });
      },
    },
    tabs: {
      open: async (url) => {
        opened.push(url);
      },
    },
    openOptionsPage: async () => {
      opened.push('options');
    },
    onIdleStateLocked: (listener) => lockListeners.push(listener),
    notificationsShown,
    badges,
    opened,
    clickNotification: (id) => {
      for (const listener of clickListeners) listener(id);
    },
    lockMachine: () => {
      for (const listener of lockListeners) listener();
    },
  };
}
