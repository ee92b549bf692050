import '../../lib/core/api/no-eval';
import { browser } from 'wxt/browser';
import { BackgroundApp } from '../../lib/background/app';
import { createHandlers } from '../../lib/background/handlers/index';
import { syncSiteScripts } from '../../lib/background/site-scripts';
import { routePanelCommand } from '../../lib/background/ui/command-forwarding';
import { acceptPort } from '../../lib/background/ui/ports';
import { openSidePanelFor } from '../../lib/background/ui/side-panel';
import { SIDE_PANEL_COMMAND } from '../../lib/protocol/keyboard-commands';
import { PANEL_SENDER } from '../../lib/protocol/panel-sender';
import { createRouter } from '../../lib/protocol/router';
import { migrateStorageLayout } from '../../lib/storage/legacy';
import { mirrorPageSettings } from '../../lib/storage/page-settings-copy';
import { createSettingsSource, protectedStore } from '../../lib/storage/settings-item';
import { browserPlatform } from './platform';
import { browserSidePanel } from './side-panel';

/**
 * The composition root. Everything that can wake a stopped worker is listened to
 * synchronously, here and in `browserPlatform()`; each waits for the app to finish starting.
 */
export default defineBackground(() => {
  const platform = browserPlatform();
  let routeNow: ReturnType<typeof createRouter> | null = null;
  const ready = (async () => {
    await migrateStorageLayout(browser.storage.local, protectedStore());
    const settings = await createSettingsSource();
    await mirrorPageSettings(settings.get());
    settings.watch((next) => void mirrorPageSettings(next));
    const app = new BackgroundApp({ platform, settings });
    await app.start();
    await syncSiteScripts(settings.get().extraSiteOrigins);
    settings.watch((next) => void syncSiteScripts(next.extraSiteOrigins));
    routeNow = createRouter(createHandlers(app), () => app.senderPolicy());
    return { app, route: routeNow };
  })();
  const started = ready.then(({ app }) => app);
  const sidePanel = browserSidePanel();

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    openSidePanelFor(message, sender, platform.extensionId, PANEL_SENDER, sidePanel);
    // Once started, routed within the listener rather than a turn after it: a click's
    // order reaches the wire ~0.1 ms sooner.
    const answer = routeNow
      ? routeNow(message, sender)
      : ready.then(({ route }) => route(message, sender));
    void answer.then(sendResponse);
    return true;
  });

  browser.runtime.onConnect.addListener((port) => acceptPort(port, started));

  browser.commands?.onCommand.addListener((command, tab) => {
    if (command === SIDE_PANEL_COMMAND.name) {
      if (tab?.windowId !== undefined) sidePanel.open(tab.windowId);
      return;
    }
    void started.then((app) =>
      routePanelCommand(command, tab?.id, {
        enabled: () => app.settings.shortcuts.enabled,
        activeTabId: async () =>
          (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id,
        sendToTab: async (tabId, message) => {
          await browser.tabs.sendMessage(tabId, message, { frameId: 0 }).catch(() => undefined);
        },
      }),
    );
  });

  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.runtime.openOptionsPage();
  });

  // The end-to-end tests, the bench and `npm start` reach the app through the worker's
  // global scope (never a page). Only their build has it (`wxt build --mode e2e`): the
  // constant comparison removes this block from the store build.
  if (import.meta.env.MODE === 'e2e') {
    void started.then((app) => {
      (globalThis as { __marketCompanion?: BackgroundApp }).__marketCompanion = app;
    });
  }
});
