/**
 * `npm start -- --browser firefox`: the same first minute in Firefox. The Firefox build
 * that runs beside the sandbox (`--mode e2e`: loopback granted in its manifest) installed
 * as a temporary add-on, the market page open, and, unless `fresh`, the demo trader set up
 * through the options page's own messages, as in Chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import type { ExchangeProfile } from '../../lib/core/api/exchange';
import { sendMessageInPage, setUpDemoTrader } from './demo-setup';
import {
  closeTab,
  EXTENSION_ORIGIN,
  type LaunchedFirefox,
  launchFirefox,
  navigate,
  tabs,
} from './firefox';

export interface FirefoxStart {
  firefox: LaunchedFirefox;
  market: Page;
  options: Page | null;
  demo: { label: string; passphrase: string } | null;
  shots: string[];
  /** Resolves when the user closes the browser. */
  closed: Promise<void>;
}

export async function startInFirefox(options: {
  extensionDir: string;
  headless: boolean;
  fresh: boolean;
  marketUrl: string;
  exchange: ExchangeProfile;
  sandbox: { apiUrl: string; wsUrl: string };
  screenshots: string;
}): Promise<FirefoxStart> {
  const firefox = await launchFirefox({
    extensionDir: options.extensionDir,
    headless: options.headless,
  });
  const closed = new Promise<void>((resolve) =>
    firefox.browser.once('disconnected', () => resolve()),
  );
  // The options page opens by itself on install, a moment after the install returns, in
  // the first tab (replacing its blank page) or a new one. Wait for it; it is closed once
  // our own tabs are open (closing the last tab would end the window).
  const until = Date.now() + 5_000;
  let installTabs: string[] = [];
  while (installTabs.length === 0 && Date.now() < until) {
    installTabs = (await tabs(firefox.connection))
      .filter((t) => t.url.startsWith(`${EXTENSION_ORIGIN}/options.html`))
      .map((t) => t.context);
    if (installTabs.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const market = await firefox.browser.newPage();
  await market.goto(options.marketUrl);
  const optionsPage = await firefox.browser.newPage();
  await navigate(firefox.connection, optionsPage, firefox.url('options.html'));
  for (const context of installTabs) await closeTab(firefox.connection, context);
  // A blank first tab the options page did not take over goes too.
  for (const tab of await tabs(firefox.connection)) {
    if (tab.url === 'about:blank') await closeTab(firefox.connection, tab.context);
  }

  let demo: FirefoxStart['demo'] = null;
  if (!options.fresh) {
    demo = await setUpDemoTrader(
      (message) => optionsPage.evaluate(sendMessageInPage, message),
      options.exchange,
      options.sandbox,
    );
    // Ready to trade: the market page in front, its panel unlocked and live.
    await optionsPage.close();
    await market.reload();
    await market.bringToFront();
  } else {
    await optionsPage.bringToFront();
  }

  const shots: string[] = [];
  if (options.headless) {
    mkdirSync(options.screenshots, { recursive: true });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const [name, page] of [
      ['market', market],
      ['options', demo ? null : optionsPage],
    ] as const) {
      if (!page) continue;
      const path = join(options.screenshots, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      shots.push(path);
    }
  }
  return { firefox, market, options: demo ? null : optionsPage, demo, shots, closed };
}
