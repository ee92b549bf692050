/**
 * The Firefox harness: the production Firefox build (`.output/firefox-mv3`, exactly what
 * the add-on store gets: no test entry point) in real Firefox ESR over WebDriver BiDi, and
 * the sandbox in-process on free ports. Everything the tests do to the add-on, a user or
 * the browser could do: click through its pages, trade from the panel with trusted clicks,
 * and (through the browser's chrome scope) unload its idle event page.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { ExchangeProfile } from '../../lib/core/api/exchange';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../sandbox/index';
import { outputDir } from '../../scripts/lib/build';
import { type LaunchedFirefox, launchFirefox, navigate } from '../../scripts/lib/firefox';
import { SandboxAdmin } from '../e2e/harness/sandbox-admin';
import { REPO_ROOT, SCREENSHOT_ROOT, safeName } from '../e2e/harness/screenshots';
import type { PanelDriver } from '../e2e/panel/driver';
import { AddonControl } from './harness/addon-control';
import { firefoxPanel } from './harness/bidi-panel';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's copy of the built Firefox add-on. */
    firefoxExtensionDir: string;
  }
}

export interface FirefoxHarnessOptions {
  sandbox?: Omit<SandboxOptions, 'port' | 'sitePort'>;
  /** Firefox preferences for this file's profile. */
  prefs?: Record<string, string | number | boolean>;
  /** The unpacked add-on to install; default: the test run's copy (outside vitest, pass one). */
  extensionDir?: string;
}

export interface FirefoxHarness {
  readonly sandbox: RunningSandbox;
  readonly admin: SandboxAdmin;
  readonly exchange: ExchangeProfile;
  readonly firefox: LaunchedFirefox;
  readonly addon: AddonControl;
  /** A new tab. */
  newPage(): Promise<Page>;
  /** A new tab on one of the add-on's pages (`popup.html`, `options.html`). */
  openExtensionPage(path: string, size?: { width: number; height: number }): Promise<Page>;
  /** The sandbox site's page of a market. */
  openMarketPage(slug: string): Promise<Page>;
  /** The page panel of a market page; `badges`: the position badges' overlay of any page. */
  panel(page: Page, which?: 'panel' | 'badges'): PanelDriver<Page>;
  /** Saves the viewport as `test-results/screenshots/firefox/<file>/<name>.png`. */
  shot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

const screenshotDir = (testFile: string): string =>
  join(
    SCREENSHOT_ROOT,
    'firefox',
    safeName(
      testFile
        .split('/')
        .pop()
        ?.replace(/\.test\.ts$/, '') ?? 'other',
    ),
  );

export async function startFirefoxHarness(
  testFile: string,
  options: FirefoxHarnessOptions = {},
): Promise<FirefoxHarness> {
  const extensionDir =
    options.extensionDir ?? inject('firefoxExtensionDir') ?? outputDir(REPO_ROOT, 'firefox');
  const sandbox = await startSandbox({
    bots: false,
    settleMs: 50,
    takerDelayMs: 300,
    ...options.sandbox,
    port: 0,
    sitePort: 0,
  });
  let firefox: LaunchedFirefox;
  try {
    firefox = await launchFirefox({
      extensionDir,
      prefs: {
        // Grants an optional permission the add-on asks for on a user's click without the
        // doorhanger (automation cannot press it); the request itself still needs the click.
        'extensions.webextOptionalPermissionPrompts': false,
        ...options.prefs,
      },
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const addon = new AddonControl(firefox.chrome);
  await addon.watchConsole();
  const dir = screenshotDir(testFile);
  const newPage = () => firefox.browser.newPage();
  return {
    sandbox,
    admin: new SandboxAdmin(sandbox.apiUrl),
    exchange: sandbox.exchange,
    firefox,
    addon,
    newPage,
    async openExtensionPage(path, size = { width: 1100, height: 800 }) {
      const page = await newPage();
      await page.setViewport(size);
      await navigate(firefox.connection, page, firefox.url(path));
      return page;
    },
    async openMarketPage(slug) {
      const page = await newPage();
      await page.setViewport({ width: 1280, height: 800 });
      await page.goto(`${sandbox.siteUrl}/markets/${encodeURIComponent(slug)}`);
      return page;
    },
    panel: (page, which) => firefoxPanel(firefox, page, which),
    async shot(page, name) {
      mkdirSync(dir, { recursive: true });
      const path = join(dir, `${safeName(name)}.png`);
      await page.screenshot({ path });
      return path;
    },
    async close() {
      await firefox.browser.close().catch(() => undefined);
      await sandbox.close();
    },
  };
}

/** One Firefox per test file, started before its tests and closed after them. */
export function useFirefox(
  testFile: string,
  options: FirefoxHarnessOptions = {},
): () => FirefoxHarness {
  let harness: FirefoxHarness | null = null;
  beforeAll(async () => {
    harness = await startFirefoxHarness(testFile, options);
  });
  // A failed test leaves a picture of every tab, named by the test.
  afterEach(async ({ task }) => {
    if (!harness || task.result?.state !== 'fail') return;
    const pages = await harness.firefox.browser.pages();
    for (const [i, page] of pages.entries()) {
      await harness.shot(page, `failed-${task.name}-${i}`).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await harness?.close();
    harness = null;
  });
  return () => {
    if (!harness) throw new Error('the Firefox harness is not started (use it inside a test)');
    return harness;
  };
}
