/**
 * `npm start`: builds the Chrome extension (`--browser firefox`: the Firefox add-on, see
 * lib/start-firefox.ts), starts the sandbox exchange with its bots, and
 * opens Chromium on a fresh profile with the extension loaded and set up for the sandbox's
 * demo trader (vault created and unlocked through the options page's own messages), on a
 * sandbox market page with the panel live. `--fresh` leaves the set-up to the user: the
 * onboarding opens beside the market page. Runs until Ctrl-C.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import type { ExchangeProfile } from '../lib/core/api/exchange';
import type { RunningSandbox } from '../sandbox/index';
import { type BuildTarget, buildExtension, outputDir } from './lib/build';
import {
  ChromiumNotFound,
  ExtensionNotLoaded,
  findChromium,
  type LaunchedExtension,
  launchWithExtension,
  waitForPage,
} from './lib/chromium';
import { DemoRefused, sendFromPage, setUpDemoTrader } from './lib/demo-setup';
import { FirefoxNotFound, findFirefox, GECKO_ID, type LaunchedFirefox } from './lib/firefox';
import { assertPortsFree, PortTaken } from './lib/ports';
import { startInFirefox } from './lib/start-firefox';

const ROOT = resolve(import.meta.dirname, '..');
const MARKET = 'sandbox-btc-100k';

const USAGE = `Usage: npm start -- [options]
  --browser NAME       chrome (default) or firefox (Firefox ESR or later, FIREFOX_PATH)
  --fresh              no demo set-up: onboarding from its first step, as a new user
  --headless           no browser window (the default when there is no display)
  --exit-after-ready   stop everything once the browser is up (for checks and tests)
  --port N             API + Socket.IO port (default 4010; 0 picks a free one)
  --site-port N        market web site port (default 4011; 0 picks a free one)
  --no-bots            start the sandbox without its trading bots
  --no-build           use the existing build (.output/chrome-mv3-e2e, firefox-mv3-e2e)
  --screenshots DIR    where headless screenshots go (default test-results/start)
  --help`;

class UsageError extends Error {}

const ARGS = {
  browser: { type: 'string', default: 'chrome' },
  fresh: { type: 'boolean', default: false },
  headless: { type: 'boolean', default: false },
  'exit-after-ready': { type: 'boolean', default: false },
  port: { type: 'string', default: '4010' },
  'site-port': { type: 'string', default: '4011' },
  'no-bots': { type: 'boolean', default: false },
  'no-build': { type: 'boolean', default: false },
  screenshots: { type: 'string', default: join('test-results', 'start') },
  help: { type: 'boolean', default: false },
} as const;

function readOptions() {
  let values: ReturnType<typeof parseArgs<{ options: typeof ARGS }>>['values'];
  try {
    values = parseArgs({ options: ARGS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const port = (name: 'port' | 'site-port'): number => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 0 || n > 65_535)
      throw new UsageError(`--${name} must be a port number (got ${values[name]})`);
    return n;
  };
  if (values.browser !== 'chrome' && values.browser !== 'firefox') {
    throw new UsageError(`--browser must be chrome or firefox (got ${values.browser})`);
  }
  const hasDisplay =
    process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  return {
    help: values.help,
    browser: values.browser as BuildTarget,
    fresh: values.fresh,
    headless: values.headless || !hasDisplay,
    exitAfterReady: values['exit-after-ready'],
    port: port('port'),
    sitePort: port('site-port'),
    bots: !values['no-bots'],
    build: !values['no-build'],
    screenshots: resolve(ROOT, values.screenshots),
  };
}

/** Points the extension's exchange settings at this sandbox (ports may differ from the defaults). */
async function pointAtSandbox(launched: LaunchedExtension, exchange: ExchangeProfile) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new ExtensionNotLoaded("The extension's background did not answer within 30 s.")),
      30_000,
    );
  });
  try {
    await Promise.race([tooLong, setExchange(launched, exchange)]);
  } finally {
    clearTimeout(timer);
  }
}

async function setExchange(launched: LaunchedExtension, exchange: ExchangeProfile) {
  await launched.worker.evaluate(async (target) => {
    const scope = globalThis as unknown as {
      __marketCompanion?: {
        updateSettings(change: (s: { exchange: unknown }) => unknown): Promise<void>;
      };
    };
    const until = Date.now() + 15_000;
    while (!scope.__marketCompanion) {
      if (Date.now() > until) throw new Error('the extension did not start its background');
      await new Promise((r) => setTimeout(r, 25));
    }
    await scope.__marketCompanion.updateSettings((s) => ({ ...s, exchange: target }));
  }, exchange);
}

async function openPages(launched: LaunchedExtension, siteUrl: string) {
  const { context, pages, url } = launched;
  // The blank first tab becomes the market page, so the window holds just our two tabs.
  const market =
    context.pages().find((p) => p.url() === 'about:blank') ?? (await context.newPage());
  await market.goto(`${siteUrl}/markets/${MARKET}`);
  let options: Page | null = null;
  if (pages.options) {
    const optionsUrl = url(pages.options);
    // A fresh profile opens the options page by itself (onInstalled); use that tab.
    const opened = (await waitForPage(context, optionsUrl, 5_000)) ?? (await context.newPage());
    if (!opened.url().startsWith(optionsUrl)) await opened.goto(optionsUrl);
    await opened.waitForLoadState('load');
    await opened.bringToFront();
    options = opened;
  }
  await market.waitForLoadState('load');
  return { market, options };
}

/**
 * Opens the toolbar popup once, as a click on the toolbar button would, so a newcomer sees
 * where the extension lives (Chromium keeps it unpinned in the puzzle menu otherwise).
 * False when the browser would not open it: nothing depends on it.
 */
async function openPopupOnce(launched: LaunchedExtension): Promise<boolean> {
  if (!launched.pages.popup) return false;
  return launched.worker
    .evaluate(async () => {
      const chrome = (
        globalThis as unknown as { chrome: { action: { openPopup(): Promise<void> } } }
      ).chrome;
      await chrome.action.openPopup();
      return true;
    })
    .catch(() => false);
}

async function screenshots(dir: string, pages: Record<string, Page | null>): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const saved: string[] = [];
  // Give the UIs a moment to paint their first state from the background; they paint at
  // the same time, so one wait serves them all.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const [name, page] of Object.entries(pages)) {
    if (!page) continue;
    const path = join(dir, `${name}.png`);
    await page.screenshot({ path, fullPage: true });
    saved.push(path);
  }
  return saved;
}

/** What this run started, so any exit (done, Ctrl-C, failure) closes it all. */
const started: {
  sandbox: RunningSandbox | null;
  launched: LaunchedExtension | null;
  firefox: LaunchedFirefox | null;
  userDataDir: string | null;
} = { sandbox: null, launched: null, firefox: null, userDataDir: null };
let stopping: Promise<void> | null = null;

function stopAll(): Promise<void> {
  stopping ??= (async () => {
    await started.launched?.context.close().catch(() => undefined);
    await started.firefox?.browser.close().catch(() => undefined);
    await started.sandbox?.close().catch(() => undefined);
    if (started.userDataDir) rmSync(started.userDataDir, { recursive: true, force: true });
  })();
  return stopping;
}

let ready = false;
const signalled = new Promise<void>((resolve) => {
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(name, () => resolve());
});
// A signal before everything is up still closes what has started.
void signalled.then(async () => {
  if (ready) return;
  console.log('\nInterrupted: stopping what has started…');
  await stopAll();
  process.exit(130);
});

async function main(): Promise<number> {
  const options = readOptions();
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const executablePath = options.browser === 'firefox' ? findFirefox() : findChromium();
  await assertPortsFree([
    { port: options.port, what: 'the sandbox API', flag: '--port' },
    { port: options.sitePort, what: "the sandbox's market site", flag: '--site-port' },
  ]);

  const built = outputDir(ROOT, options.browser, 'e2e');
  if (options.build) {
    // The e2e build: it grants loopback in its manifest, and npm start points the Chrome
    // extension at this sandbox's ports through the background's app handle.
    const flag = options.browser === 'firefox' ? ' -b firefox' : '';
    console.log(`Building the ${options.browser} extension (wxt build${flag} --mode e2e)…`);
    await buildExtension(ROOT, options.browser, { quiet: true, mode: 'e2e' });
  } else if (!existsSync(join(built, 'manifest.json'))) {
    throw new UsageError(
      `--no-build: there is no build in ${relative(ROOT, built)} (run npx wxt build${options.browser === 'firefox' ? ' -b firefox' : ''} --mode e2e)`,
    );
  }

  const { startSandbox } = await import('../sandbox/index');
  const sandbox: RunningSandbox = await startSandbox({
    port: options.port,
    sitePort: options.sitePort,
    bots: options.bots,
  });
  started.sandbox = sandbox;
  if (options.browser === 'firefox') {
    try {
      return await runFirefox(options, sandbox, executablePath, built);
    } catch (error) {
      await stopAll();
      throw error;
    }
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'market-companion-profile-'));
  started.userDataDir = userDataDir;

  try {
    const launched = await launchWithExtension({
      executablePath,
      extensionDir: outputDir(ROOT, 'chrome', 'e2e'),
      userDataDir,
      headless: options.headless,
    });
    started.launched = launched;
    const exchange = sandbox.exchange;
    await pointAtSandbox(launched, exchange);
    const pages = await openPages(launched, sandbox.siteUrl);
    const demo =
      options.fresh || !pages.options
        ? null
        : await setUpDemoTrader(sendFromPage(pages.options), exchange, {
            apiUrl: sandbox.apiUrl,
            wsUrl: sandbox.wsUrl,
          });
    let popupOpened = false;
    if (demo) {
      // Ready to trade: the market page in front, its panel unlocked and live.
      await pages.market.bringToFront();
      await pages.market.reload();
      popupOpened = await openPopupOnce(launched);
    }
    const shots = options.headless ? await screenshots(options.screenshots, pages) : [];

    return await reportAndWait(options, {
      title: 'Market Companion is running.',
      sandbox,
      marketUrl: pages.market.url(),
      idLines: [
        `  Extension id:            ${launched.extensionId}`,
        `  Renderer sandbox:        ${launched.sandbox.on ? 'on' : `off (${launched.sandbox.reason})`}`,
        ...(popupOpened
          ? ['  Popup:                   opened once (the toolbar button opens it again)']
          : []),
      ],
      demo,
      optionsUrl: pages.options?.url() ?? '(this build has no options page)',
      browser: `${executablePath} (${options.headless ? 'headless' : 'window'}, fresh profile ${userDataDir})`,
      shots,
      closed: new Promise<void>((closed) => launched.context.once('close', () => closed())),
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The Firefox run: the same sandbox, the same demo set-up, the same lines printed. */
async function runFirefox(
  options: ReturnType<typeof readOptions>,
  sandbox: RunningSandbox,
  executablePath: string,
  extensionDir: string,
): Promise<number> {
  const exchange = sandbox.exchange;
  const run = await startInFirefox({
    extensionDir,
    headless: options.headless,
    fresh: options.fresh,
    marketUrl: `${sandbox.siteUrl}/markets/${MARKET}`,
    exchange,
    sandbox: { apiUrl: sandbox.apiUrl, wsUrl: sandbox.wsUrl },
    screenshots: options.screenshots,
  });
  started.firefox = run.firefox;
  return reportAndWait(options, {
    title: 'Market Companion is running in Firefox.',
    sandbox,
    marketUrl: run.market.url(),
    idLines: [
      `  Add-on id:               ${GECKO_ID} (a temporary add-on; its button is on the toolbar)`,
    ],
    demo: run.demo,
    optionsUrl: run.firefox.url('options.html'),
    browser: `${executablePath} (${options.headless ? 'headless' : 'window'}, fresh profile)`,
    shots: run.shots,
    closed: run.closed,
  });
}

/** What both browsers' runs print once ready; then they run until a signal or the browser closes. */
async function reportAndWait(
  options: ReturnType<typeof readOptions>,
  run: {
    title: string;
    sandbox: RunningSandbox;
    marketUrl: string;
    idLines: string[];
    demo: { label: string; passphrase: string } | null;
    optionsUrl: string;
    browser: string;
    shots: string[];
    closed: Promise<void>;
  },
): Promise<number> {
  const lines = [
    '',
    run.title,
    `  Sandbox API + Socket.IO: ${run.sandbox.apiUrl}`,
    `  Sandbox market site:     ${run.sandbox.siteUrl}`,
    `  Market page:             ${run.marketUrl}`,
    ...run.idLines,
    run.demo
      ? `  Signed in as:            ${run.demo.label} (sandbox demo trader; passphrase "${run.demo.passphrase}")`
      : `  Options (onboarding):    ${run.optionsUrl}`,
    `  Browser:                 ${run.browser}`,
    `  Demo accounts:           curl ${run.sandbox.apiUrl}/__sandbox/accounts`,
    ...(run.shots.length > 0
      ? [
          `  Screenshots:             ${run.shots.map((p) => relative(process.cwd(), p)).join(', ')}`,
        ]
      : []),
  ];
  console.log(lines.join('\n'));
  if (options.exitAfterReady) {
    await stopAll();
    return 0;
  }
  ready = true;
  console.log(
    options.headless
      ? 'Running headless: press Ctrl+C to stop.'
      : run.demo
        ? 'Ready to trade: click $5 under Buy YES on the market page. Ctrl+C (or closing the browser) stops everything.'
        : 'Set up a demo account in the options tab, then trade on the market page. Ctrl+C (or closing the browser) stops everything.',
  );
  await Promise.race([signalled, run.closed]);
  console.log('\nStopping the browser and the sandbox…');
  await stopAll();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Known failures get one clear message, not a stack trace.
    if (
      error instanceof ChromiumNotFound ||
      error instanceof FirefoxNotFound ||
      error instanceof ExtensionNotLoaded ||
      error instanceof DemoRefused ||
      error instanceof PortTaken
    ) {
      console.error(`\n${error.message}`);
      process.exit(1);
    }
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
