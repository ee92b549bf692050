import type { BackgroundApp } from '../../lib/background/app';
import { createHandlers } from '../../lib/background/handlers/index';
import type { Platform } from '../../lib/background/platform';
import { mergeSettings } from '../../lib/core/settings/merge';
import type { Settings } from '../../lib/core/settings/schema';
import { PROTOCOL } from '../../lib/protocol/messages';
import { PANEL_FRAME_PATH } from '../../lib/protocol/names';
import { createRouter, type Reply } from '../../lib/protocol/router';
import type { SenderInfo } from '../../lib/protocol/sender';
import type { SettingsSource } from '../../lib/storage/settings-source';

/*
 * The background app as the Node tests drive it: settings held in memory, and messages sent
 * through its own router as the browser would report their senders.
 */

/** Settings kept in memory, merged and announced as the stored ones are. */
export function memorySettings(initial: Settings): SettingsSource {
  let current = initial;
  const listeners = new Set<(next: Settings) => void>();
  return {
    get: () => current,
    update: async (change) => {
      current = mergeSettings(change(current));
      for (const listener of listeners) listener(current);
    },
    watch: (listener) => listeners.add(listener),
  };
}

/**
 * The senders of a market page's tab, as Chromium reports them: an extension page (no tab),
 * the page's own content script (its top frame), and the panel's frame in that tab.
 */
export function sendersOn(
  platform: Pick<Platform, 'extensionId' | 'extensionOrigin'>,
  pageUrl: string,
  pagePath = '/options.html',
): { page: SenderInfo; content: SenderInfo; panel: SenderInfo } {
  // A tab object each, as each message's sender carries its own.
  const tab = () => ({ id: 3, url: pageUrl });
  return {
    page: {
      id: platform.extensionId,
      url: `${platform.extensionOrigin}${pagePath}`,
      origin: platform.extensionOrigin,
    },
    content: {
      id: platform.extensionId,
      url: pageUrl,
      origin: new URL(pageUrl).origin,
      frameId: 0,
      tab: tab(),
    },
    panel: {
      id: platform.extensionId,
      url: `${platform.extensionOrigin}${PANEL_FRAME_PATH}`,
      origin: platform.extensionOrigin,
      frameId: 4,
      tab: tab(),
    },
  };
}

/** Sends `name` with `payload` from `from` through the app's router, as the worker's listener does. */
export function sendThrough(
  app: BackgroundApp,
): (from: SenderInfo, name: string, payload: unknown) => Promise<Reply<unknown>> {
  const route = createRouter(createHandlers(app), () => app.senderPolicy());
  return (from, name, payload) => route({ protocol: PROTOCOL, name, payload }, from);
}
