import { browser } from 'wxt/browser';
import { BackgroundApp } from '@/lib/background/app';
import { createHandlers } from '@/lib/background/handlers';
import { syncSiteScripts } from '@/lib/background/site-scripts';
import {
  createRouter,
  PanelCommandMessage,
  PanelPortRequest,
  PORTS,
  PROTOCOL,
} from '@/lib/messaging';
import { classifySender } from '@/lib/messaging/sender';
import { createSettingsSource } from '@/lib/state/settings-item';
import { browserPlatform } from './platform';

/**
 * The composition root. Listeners are registered synchronously (a stopped worker is
 * woken by them); each waits for the app to finish starting.
 */
export default defineBackground(() => {
  const ready = (async () => {
    const settings = await createSettingsSource();
    const app = new BackgroundApp({ platform: browserPlatform(), settings });
    await app.start();
    await syncSiteScripts(settings.get().extraSiteOrigins);
    settings.watch((next) => void syncSiteScripts(next.extraSiteOrigins));
    return { app, route: createRouter(createHandlers(app), () => app.senderPolicy()) };
  })();

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void ready.then(({ route }) => route(message, sender)).then(sendResponse);
    return true;
  });

  browser.runtime.onConnect.addListener((port) => {
    void ready.then(({ app }) => {
      const verdict = classifySender(port.sender ?? {}, app.senderPolicy());
      if (port.name === PORTS.state && verdict.kind === 'page') {
        app.connectStatePort(port);
        return;
      }
      if (port.name === PORTS.panel && verdict.kind !== 'refused') {
        port.onMessage.addListener((message) => {
          const request = PanelPortRequest.safeParse(message);
          if (!request.success) return;
          // A content script watches only the market of the page it runs in.
          const slug = request.data.marketSlug;
          if (verdict.kind === 'content' && app.pageMarket(verdict.url) !== slug) {
            port.disconnect();
            return;
          }
          void app.connectPanelPort(port, slug);
        });
        return;
      }
      port.disconnect();
    });
  });

  // Page-panel shortcuts go to the active tab's panel (top frame), only while the setting is on.
  browser.commands?.onCommand.addListener((command, tab) => {
    void ready.then(async ({ app }) => {
      const name = PanelCommandMessage.shape.payload.shape.command.safeParse(command);
      if (!name.success || !app.settings.shortcuts.enabled) return;
      const tabId =
        tab?.id ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
      if (tabId === undefined) return;
      const message: PanelCommandMessage = {
        protocol: PROTOCOL,
        name: 'panel.command',
        payload: { command: name.data },
      };
      await browser.tabs.sendMessage(tabId, message, { frameId: 0 }).catch(() => undefined);
    });
  });

  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.runtime.openOptionsPage();
  });

  // Expose the app to end-to-end tests through the worker's global scope (never to pages).
  void ready.then(({ app }) => {
    (globalThis as { __marketCompanion?: BackgroundApp }).__marketCompanion = app;
  });
});
