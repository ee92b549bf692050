/**
 * The real-browser harness: the built extension (`.output/chrome-mv3-e2e`) in Debian's
 * Chromium through playwright-core, a fresh profile per test file, and the sandbox
 * exchange in-process on free ports. Start one per test file with `useHarness()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { BackgroundApp } from '../../lib/background/app';
import type { ExchangeProfile } from '../../lib/core/api/exchange';
import type { SandboxAccount } from '../../lib/core/api/sandbox';
import { DEFAULT_DOCK } from '../../lib/core/settings/page-defaults';
import type { Settings } from '../../lib/core/settings/schema';
import { MESSAGES, type MessageName, PROTOCOL, type ResponseOf } from '../../lib/protocol/messages';
import type { Reply } from '../../lib/protocol/router';
import type { AppSnapshot, ConnectionState, VaultView } from '../../lib/protocol/views';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../sandbox/index';
import { outputDir } from '../../scripts/lib/build';
import { findChromium, launchWithExtension, waitForPage } from '../../scripts/lib/chromium';
import type { RequestOf } from '../lib/protocol/fixtures';
import { eventually } from '../wait';
import { readAppSnapshot } from './harness/app-state';
import { AutoScreenshots } from './harness/auto-screenshots';
import { type ConsoleProblem, ConsoleWatch } from './harness/console-watch';
import { evaluateInContentScript } from './harness/content-world';
import { type HandshakeRecord, handshakeSpy } from './harness/handshake-spy';
import {
  type CreatedNotification,
  createdNotifications,
  shownNotifications,
  watchNotifications,
} from './harness/notification-watch';
import { SandboxAdmin } from './harness/sandbox-admin';
import { REPO_ROOT, saveScreenshot, screenshotDirFor } from './harness/screenshots';
import { updateSettingsFrom } from './harness/settings-store';
import { WorkerControl, within } from './harness/worker-control';

/** The one polling helper, re-exported for the many e2e files that take it from here. */
export { eventually } from '../wait';
export type { HandshakeRecord } from './harness/handshake-spy';
export type { CreatedNotification } from './harness/notification-watch';
export { SandboxAdmin } from './harness/sandbox-admin';

/** `chrome.*` as seen from extension pages and the worker (same shape as WXT's `browser`). */
export type ChromeApi = typeof import('wxt/browser').browser;

/** The passphrase `onboard()` uses unless told otherwise. */
export const TEST_PASSPHRASE = 'correct horse battery staple';

/** How long `wakeWorker` waits on one wake message before it sends another. */
const WAKE_TRY_MS = 2_000;

export interface HarnessOptions {
  /** Overrides for `startSandbox` (ports are always free ones; bots off unless asked). */
  sandbox?: Omit<SandboxOptions, 'port' | 'sitePort'>;
  /**
   * Point the extension's exchange settings at this sandbox before the tests (default
   * true), so the page panel runs on its site and the live connection reaches it.
   */
  pointAtSandbox?: boolean;
  /**
   * Whether the trader has placed the page panel themselves on the sandbox's site (default
   * true: open at its default corner there, where the suites that trade find it). False: it finds room on each page
   * (components/panel/page-room.ts), as for a trader who never moved it; at the sandbox's
   * market pages that is often the folded bar.
   */
  panelPlacedByUser?: boolean;
  /** The unpacked build to load; default: the e2e run's copy (outside vitest, e.g. the benchmark, pass one). */
  extensionDir?: string;
  /** For a file whose tests make the extension log errors on purpose (faults): say why there. */
  allowConsoleErrors?: boolean;
}

export interface OnboardOptions {
  passphrase?: string;
  /** Delegated signing for this sub-account label (e.g. `sub-1`) of a partner token. */
  subAccount?: string;
  /** Wait until the live connection is authenticated (default true). */
  waitForLive?: boolean;
}

export interface Harness {
  readonly sandbox: RunningSandbox;
  readonly admin: SandboxAdmin;
  /** The sandbox as an exchange profile, as the extension's settings hold it. */
  readonly exchange: ExchangeProfile;
  readonly context: BrowserContext;
  readonly extensionId: string;
  /** Whether the options page opened by itself when the extension was installed (it is closed again). */
  readonly optionsOpenedOnInstall: boolean;
  /** Every signed Socket.IO handshake the sandbox checked, with its verdict. */
  readonly handshakes: readonly HandshakeRecord[];
  /** `chrome-extension://<id>/<path>`. */
  url(path: string): string;
  /** The running service worker (waits while it is stopped or starting). */
  worker(): Promise<Worker>;
  /**
   * Runs `fn(app, arg)` inside the worker, with the background's `BackgroundApp`. `fn` is
   * sent as source text: it may use only its parameters and globals (no imports, no
   * closures); `arg` and the result travel as JSON. Only for what no UI can do: inject a
   * fault or observe what no message or port shows (say which at the call); state is read
   * with `snapshot`/`send` and set with `send`/`updateSettings`, as the UIs do.
   */
  withApp<R, A = undefined>(
    fn: (app: BackgroundApp, arg: A) => R | Promise<R>,
    arg?: A,
  ): Promise<R>;
  openPopup(): Promise<Page>;
  openOptions(): Promise<Page>;
  /** The sandbox site's page of a market, e.g. `sandbox-btc-100k`. */
  openMarketPage(slug: string): Promise<Page>;
  /** Sends a message as an extension page does (from `from`, else a harness-owned popup tab). */
  send<N extends MessageName>(
    name: N,
    payload: RequestOf<N>,
    from?: Page,
  ): Promise<Reply<ResponseOf<N>>>;
  /**
   * `send`, for an answer that must be a success: the request and the answer checked
   * against the message's schemas; its data, or a throw with the error.
   */
  ask<N extends MessageName>(name: N, payload: RequestOf<N>, from?: Page): Promise<ResponseOf<N>>;
  /** The background's app state as the popup and options page read it: the state port's snapshot. */
  snapshot(): Promise<AppSnapshot>;
  /**
   * Changes the settings as the options page does (the protected store, from an extension
   * page) and returns them once the background's state shows them.
   */
  updateSettings(change: (current: Settings) => Settings): Promise<Settings>;
  /**
   * Records the desktop notifications the running worker instance creates from now on
   * (`createdNotifications()` lists them): an observation no UI can make, so in the worker.
   */
  watchNotifications(): Promise<void>;
  createdNotifications(): Promise<CreatedNotification[]>;
  /** The ids of the desktop notifications Chromium holds now. */
  shownNotifications(): Promise<string[]>;
  /** Sends any value through `chrome.runtime.sendMessage` from an extension page. */
  sendRaw(message: unknown, from?: Page): Promise<unknown>;
  /** Runs `fn(arg)` in the extension's isolated world of a web page (where its content script runs); same rules as `withApp`. */
  inContentScript<R, A = undefined>(
    page: Page,
    fn: (arg: A) => R | Promise<R>,
    arg?: A,
  ): Promise<R>;
  /** Sets up a demo account of the sandbox without clicking through the options page. */
  onboard(label: string, options?: OnboardOptions): Promise<VaultView>;
  /** The live connection's state, as the app snapshot shows it. */
  connection(): Promise<ConnectionState>;
  /** Waits until the live connection is live (and authenticated unless `authenticated: false`). */
  waitForLive(options?: { authenticated?: boolean; timeoutMs?: number }): Promise<ConnectionState>;
  /** Stops the MV3 service worker through DevTools and returns once it is stopped. */
  stopWorker(): Promise<void>;
  /** After `stopWorker()`: whether the worker now running is a new instance. */
  workerRestarted(): Promise<boolean>;
  /**
   * Wakes a stopped worker with a message (from `from`, else the harness's popup tab) and
   * sends it again until one is answered: a message that meets the worker while Chrome is
   * still taking it down is refused ("Receiving end does not exist"): no wake to count on.
   * Returns the refusals met on the way; throws with them if none was answered in time.
   */
  wakeWorker(from?: Page, timeoutMs?: number): Promise<string[]>;
  /** Saves a screenshot to `test-results/screenshots/<test file>/<name>.png`; returns its path. */
  shot(page: Page, name: string): Promise<string>;
  /**
   * The screenshots taken without asking (`<test file>/<test name>-<n>.png`): `useHarness`
   * begins and ends them around every test.
   */
  readonly screens: AutoScreenshots;
  /** The extension's console errors and every CSP report so far (see ConsoleWatch). */
  consoleProblems(): ConsoleProblem[];
  close(): Promise<void>;
}

/** Starts the sandbox and Chromium with the built extension; the caller closes it. */
export async function startHarness(
  testFile: string,
  options: HarnessOptions = {},
): Promise<Harness> {
  // The global setup's copy of the build (see harness/global-setup.ts).
  const extensionDir =
    options.extensionDir ?? inject('extensionDir') ?? outputDir(REPO_ROOT, 'chrome');
  const executablePath = findChromium();
  const spy = handshakeSpy();
  const sandbox = await startSandbox({
    bots: false,
    settleMs: 50,
    takerDelayMs: 300,
    ...options.sandbox,
    plugins: [...(options.sandbox?.plugins ?? []), spy.plugin],
    port: 0,
    sitePort: 0,
  });
  const userDataDir = mkdtempSync(join(tmpdir(), 'mc-e2e-profile-'));
  let launched: Awaited<ReturnType<typeof launchWithExtension>>;
  try {
    launched = await launchWithExtension({
      executablePath,
      extensionDir,
      userDataDir,
      headless: process.env.E2E_HEADFUL !== '1',
    });
  } catch (error) {
    await sandbox.close();
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
  const { context, extensionId, pages } = launched;
  const admin = new SandboxAdmin(sandbox.apiUrl);
  const exchange = sandbox.exchange;
  const shotsDir = screenshotDirFor(testFile);
  const url = launched.url;

  // The options page opens by itself on install; close it so every test starts alike.
  let optionsOpenedOnInstall = false;
  if (pages.options) {
    const opened = await waitForPage(context, url(pages.options), 5_000);
    optionsOpenedOnInstall = opened !== null;
    await opened?.close();
  }

  const control = await WorkerControl.attach(context, extensionId, launched.worker);

  const open = async (target: string): Promise<Page> => {
    const page = await context.newPage();
    await page.goto(target);
    return page;
  };

  let messagingPage: Page | null = null;
  const pageForMessages = async (): Promise<Page> => {
    if (!messagingPage || messagingPage.isClosed()) {
      messagingPage = await open(url(pages.popup ?? 'popup.html'));
    }
    return messagingPage;
  };

  const sendRaw = async (message: unknown, from?: Page): Promise<unknown> => {
    const page = from ?? (await pageForMessages());
    return page.evaluate(
      (m) => (globalThis as unknown as { chrome: ChromeApi }).chrome.runtime.sendMessage(m),
      message,
    );
  };

  const withApp = async <R, A>(
    fn: (app: BackgroundApp, arg: A) => R | Promise<R>,
    arg?: A,
  ): Promise<R> => {
    const worker = await control.running();
    // The app is published once it has started; a just-woken worker may still be starting.
    const expression = `(async () => {
      const until = Date.now() + 15000;
      while (!globalThis.__marketCompanion) {
        if (Date.now() > until) throw new Error('the background app did not start');
        await new Promise((r) => setTimeout(r, 25));
      }
      return (${fn.toString()})(globalThis.__marketCompanion, ${JSON.stringify(arg ?? null)});
    })()`;
    return (await worker.evaluate(expression)) as R;
  };

  const snapshot = async () => readAppSnapshot(await pageForMessages());
  const connection = async () => (await snapshot()).connection;
  const consoleWatch = new ConsoleWatch(context, extensionId);
  const screens = new AutoScreenshots(shotsDir, context, (page) => page === messagingPage);

  const harness: Harness = {
    sandbox,
    admin,
    exchange,
    context,
    extensionId,
    optionsOpenedOnInstall,
    handshakes: spy.handshakes,
    url,
    worker: () => control.running(),
    withApp,
    openPopup: () => open(url(pages.popup ?? 'popup.html')),
    openOptions: () => open(url(pages.options ?? 'options.html')),
    openMarketPage: (slug) => open(`${sandbox.siteUrl}/markets/${encodeURIComponent(slug)}`),
    send: async (name, payload, from) =>
      (await sendRaw({ protocol: PROTOCOL, name, payload }, from)) as Reply<
        ResponseOf<typeof name>
      >,
    async ask(name, payload, from) {
      const schemas = MESSAGES[name];
      const request = schemas.request.safeParse(payload);
      if (!request.success) throw new Error(`${name}: not a valid request: ${request.error}`);
      const reply = await harness.send(name, payload, from);
      if (!reply.ok) throw new Error(`${name}: ${JSON.stringify(reply.error)}`);
      return schemas.response.parse(reply.data) as ResponseOf<typeof name>;
    },
    snapshot,
    updateSettings: async (change) => updateSettingsFrom(await pageForMessages(), change, snapshot),
    watchNotifications: () => watchNotifications(withApp),
    createdNotifications: () => createdNotifications(withApp),
    shownNotifications: () => shownNotifications(withApp),
    sendRaw,
    inContentScript: (page, fn, arg) => evaluateInContentScript(page, extensionId, fn, arg),
    async onboard(label, onboardOptions = {}) {
      const account = await admin.account(label);
      const signing = await signingFor(admin, account, onboardOptions.subAccount);
      if (!account.tokenId || !account.secret) {
        throw new Error(`the demo account "${label}" has no API token`);
      }
      const reply = await harness.send('setup.save', {
        exchange,
        credentials: { tokenId: account.tokenId, secret: account.secret },
        signing,
        passphrase: onboardOptions.passphrase ?? TEST_PASSPHRASE,
      });
      if (!reply.ok) {
        throw new Error(`setup.save for "${label}" was refused: ${JSON.stringify(reply.error)}`);
      }
      if (onboardOptions.waitForLive !== false) await harness.waitForLive();
      return reply.data;
    },
    connection,
    waitForLive: async ({ authenticated = true, timeoutMs = 15_000 } = {}) => {
      const state = await eventually(
        async () => {
          const now = await connection();
          return now.status === 'live' && now.authenticated === authenticated ? now : null;
        },
        { timeoutMs, what: `a live${authenticated ? ', authenticated' : ''} connection` },
      );
      // Live comes a moment before the sandbox has taken the socket's subscriptions: an
      // order event emitted in between would reach nobody.
      if (authenticated) {
        await eventually(
          () => sandbox.subscriptions().some((s) => s.profileId !== null && s.orderEvents),
          { timeoutMs, what: "the sandbox to take the worker's order-event subscription" },
        );
      }
      return state;
    },
    stopWorker: () => control.stop(),
    workerRestarted: () => control.isFreshInstance(),
    async wakeWorker(from, timeoutMs = 15_000) {
      const refusals: string[] = [];
      await eventually(
        async () => {
          try {
            // A try is bounded: a message that never settles (seen once on CI: the worker
            // stayed stopped, no further try went out) must not hold the next one back.
            const sent = harness.send('vault.status', {}, from);
            sent.catch(() => undefined);
            // A worker stopped while answering resolves the message with nothing.
            if (await within(sent, WAKE_TRY_MS, 'the wake')) return true;
            refusals.push('no answer');
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            refusals.push(`${message} (the worker ${control.status ?? 'unseen'})`);
          }
          return null;
        },
        { timeoutMs, what: 'a message answered by the woken worker' },
      ).catch((error: Error) => {
        throw new Error(`${error.message}; refusals met: ${refusals.join('; ')}`);
      });
      return refusals;
    },
    shot: (page, name) => saveScreenshot(shotsDir, page, name),
    screens,
    consoleProblems: () => consoleWatch.problems(),
    async close() {
      await control.close();
      await context.close().catch(() => undefined);
      await sandbox.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };

  if (options.pointAtSandbox !== false) {
    await harness.updateSettings((s) => ({
      ...s,
      exchange,
      panel: {
        ...s.panel,
        placements:
          options.panelPlacedByUser !== false
            ? [{ origin: new URL(sandbox.siteUrl).origin, ...DEFAULT_DOCK, collapsed: false }]
            : [],
      },
    }));
    // Tests start with no extension page open (no UI watching); `send` opens it again.
    await (messagingPage as Page | null)?.close();
  }
  return harness;
}

async function signingFor(
  admin: SandboxAdmin,
  account: SandboxAccount,
  subAccount: string | undefined,
): Promise<RequestOf<'setup.save'>['signing']> {
  if (subAccount !== undefined || (!account.privateKey && account.role === 'partner')) {
    const subs = (await admin.accounts()).filter(
      (a) => a.partnerProfileId === account.profileId && (!subAccount || a.label === subAccount),
    );
    const sub = subs[0];
    if (!sub) throw new Error(`"${account.label}" manages no sub-account ${subAccount ?? ''}`);
    return { kind: 'delegated', activeSubAccountId: sub.profileId };
  }
  if (!account.privateKey) throw new Error(`the demo account "${account.label}" has no key`);
  return { kind: 'eoa', privateKey: account.privateKey };
}

/**
 * One harness per test file: started before its tests, closed after them. Returns an
 * accessor (the harness exists only once `beforeAll` has run). Every page a test leaves
 * or closes is saved as a screenshot named by the test (see `AutoScreenshots`).
 */
export function useHarness(testFile: string, options: HarnessOptions = {}): () => Harness {
  let harness: Harness | null = null;
  beforeAll(async () => {
    harness = await startHarness(testFile, options);
  });
  // Registered before the file's own hooks, so (hooks run as a stack) these run around
  // them: pages a file's `afterEach` closes are still taken, named by their test.
  beforeEach(({ task }) => {
    harness?.screens.begin(task.fullTestName ?? task.name);
  });
  afterEach(async () => {
    if (harness) await harness.screens.end(harness.context);
  });
  afterAll(async () => {
    // Whatever the file's tests did, the extension logged no error and no CSP report.
    const problems = harness?.consoleProblems() ?? [];
    await harness?.close();
    harness = null;
    if (problems.length > 0 && !options.allowConsoleErrors) {
      throw new Error(
        `the extension logged errors or CSP reports:\n${JSON.stringify(problems, null, 1)}`,
      );
    }
  });
  return () => {
    if (!harness) throw new Error('the harness is not started (use it inside a test)');
    return harness;
  };
}
