import { accessSync, constants, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';

/** Raised when no usable browser is found; its message says how to install one. */
export class ChromiumNotFound extends Error {
  override name = 'ChromiumNotFound';
}

/** Raised when the browser started but never ran the extension's service worker. */
export class ExtensionNotLoaded extends Error {
  override name = 'ExtensionNotLoaded';
}

type Platform = NodeJS.Platform;

/**
 * Where Chromium (preferred: it still honours `--load-extension`) and then Chrome are
 * usually installed, per platform. Google Chrome's own builds ignore `--load-extension`
 * since version 137, so they come last.
 */
export function knownBrowserPaths(
  platform: Platform,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  if (platform === 'darwin') {
    return [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ];
  }
  if (platform === 'win32') {
    const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter(
      (r): r is string => Boolean(r),
    );
    return roots.flatMap((root) => [
      join(root, 'Chromium', 'Application', 'chrome.exe'),
      join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
    ]);
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/lib/chromium/chromium',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
  ];
}

/** How to get a browser on this platform, as a user can follow it. */
export function installHint(platform: Platform): string {
  if (platform === 'darwin') return 'Install Chromium: brew install --cask chromium';
  if (platform === 'win32')
    return 'Install Chromium (https://www.chromium.org/getting-involved/download-chromium/)';
  return [
    'Install Chromium:',
    '  Debian / Ubuntu:  sudo apt-get install chromium   (Ubuntu may name it chromium-browser)',
    '  Fedora:           sudo dnf install chromium',
    '  Arch:             sudo pacman -S chromium',
  ].join('\n');
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser to drive: `CHROME_PATH` when set (it must exist), else the first known
 * location that holds an executable. Throws `ChromiumNotFound` with install steps.
 */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  platform: Platform = process.platform,
  exists: (path: string) => boolean = isExecutable,
): string {
  const fromEnv = env.CHROME_PATH?.trim();
  if (fromEnv) {
    if (exists(fromEnv)) return fromEnv;
    throw new ChromiumNotFound(
      `CHROME_PATH is set to ${fromEnv}, but no executable is there.\n${installHint(platform)}\nthen unset CHROME_PATH or point it at the browser's executable.`,
    );
  }
  const candidates = knownBrowserPaths(platform, env);
  const found = candidates.find(exists);
  if (found) return found;
  throw new ChromiumNotFound(
    `No Chromium or Chrome was found (looked at CHROME_PATH and ${candidates.join(', ')}).\n${installHint(platform)}\nor set CHROME_PATH to the executable of a Chromium-based browser.`,
  );
}

export interface ExtensionPages {
  /** Path of the toolbar popup inside the extension, e.g. `popup.html`; null if none. */
  popup: string | null;
  /** Path of the options page, e.g. `options.html`; null if none. */
  options: string | null;
}

/** The popup and options pages the built manifest declares. */
export function readExtensionPages(extensionDir: string): ExtensionPages {
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8')) as {
    action?: { default_popup?: string };
    browser_action?: { default_popup?: string };
    options_ui?: { page?: string };
    options_page?: string;
  };
  return {
    popup: manifest.action?.default_popup ?? manifest.browser_action?.default_popup ?? null,
    options: manifest.options_ui?.page ?? manifest.options_page ?? null,
  };
}

/** Whether Chromium runs with its renderer sandbox, and why not when it does not. */
export type RendererSandbox = { on: true } | { on: false; reason: string };

/**
 * The renderer sandbox a launch asks for: a person's interactive browser keeps it. Root
 * cannot have it (Chromium refuses to start sandboxed as root), and a headless run
 * (tests, CI, a machine without a display) is automation on pages we serve ourselves,
 * where it keeps `--no-sandbox`.
 */
export function rendererSandbox(
  headless: boolean,
  uid: number | undefined = process.getuid?.(),
): RendererSandbox {
  if (uid === 0) {
    return {
      on: false,
      reason: 'running as root, and Chromium refuses its sandbox to root: run npm start as a user',
    };
  }
  if (headless) return { on: false, reason: 'headless automation (tests, CI, no display)' };
  return { on: true };
}

/**
 * Launches with the sandbox when `wanted` asks for it, and once more without it when the
 * machine cannot give one (no user namespaces and no setuid helper: Chromium exits with
 * "No usable sandbox!"); the answer says which it got, and why not.
 */
export async function launchWithSandboxFallback<T>(
  wanted: RendererSandbox,
  launch: (sandbox: boolean) => Promise<T>,
): Promise<{ launched: T; sandbox: RendererSandbox }> {
  if (!wanted.on) return { launched: await launch(false), sandbox: wanted };
  try {
    return { launched: await launch(true), sandbox: wanted };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const line =
      text
        .split('\n')
        .find((l) => /sandbox/i.test(l))
        ?.trim() ?? text.split('\n')[0];
    return {
      launched: await launch(false),
      sandbox: {
        on: false,
        reason: `this machine would not start Chromium with it (${line})`,
      },
    };
  }
}

/** Chromium switches for a profile that loads one unpacked extension and stays quiet. */
export function extensionArgs(
  extensionDir: string,
  headless: boolean,
  sandboxed: boolean = rendererSandbox(headless).on,
): string[] {
  return [
    ...(headless ? ['--headless=new'] : []),
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    ...(sandboxed ? [] : ['--no-sandbox']),
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--no-default-browser-check',
  ];
}

export interface LaunchOptions {
  executablePath: string;
  extensionDir: string;
  userDataDir: string;
  headless: boolean;
  /** How long to wait for the extension's service worker (default 20 s). */
  workerTimeoutMs?: number;
  /** The renderer sandbox to ask for (default: `rendererSandbox(headless)`). */
  sandbox?: RendererSandbox;
}

export interface LaunchedExtension {
  context: BrowserContext;
  extensionId: string;
  /** The extension's background service worker as first seen. */
  worker: Worker;
  pages: ExtensionPages;
  url(path: string): string;
  /** Whether the browser runs with its renderer sandbox, and why not. */
  sandbox: RendererSandbox;
}

/** The extension id: the host of its service worker's URL. */
export const extensionIdOf = (worker: Worker): string => new URL(worker.url()).host;

/** What Playwright is asked for, with or without the renderer sandbox. */
export function persistentContextOptions(
  options: LaunchOptions,
  sandboxed: boolean,
): Parameters<typeof chromium.launchPersistentContext>[1] {
  return {
    executablePath: options.executablePath,
    headless: options.headless,
    // Playwright's default is false, which adds --no-sandbox to every launch.
    chromiumSandbox: sandboxed,
    // The caller decides what Ctrl-C closes, and in which order.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    // Playwright's own `--disable-extensions` would fight `--load-extension`.
    ignoreDefaultArgs: [
      '--disable-extensions',
      ...(options.headless ? [] : ['--enable-automation']),
    ],
    args: extensionArgs(options.extensionDir, options.headless, sandboxed),
    // A visible window keeps its own size; headless pages get a fixed, readable one.
    viewport: options.headless ? { width: 1280, height: 800 } : null,
  };
}

/**
 * Starts a browser on a fresh profile with the built extension loaded, and waits until
 * its service worker runs.
 */
export async function launchWithExtension(options: LaunchOptions): Promise<LaunchedExtension> {
  const { launched: context, sandbox } = await launchWithSandboxFallback(
    options.sandbox ?? rendererSandbox(options.headless),
    (sandboxed) =>
      chromium.launchPersistentContext(
        options.userDataDir,
        persistentContextOptions(options, sandboxed),
      ),
  );
  try {
    const worker =
      context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ??
      (await context.waitForEvent('serviceworker', {
        predicate: (w) => w.url().startsWith('chrome-extension://'),
        timeout: options.workerTimeoutMs ?? 20_000,
      }));
    const extensionId = extensionIdOf(worker);
    return {
      context,
      extensionId,
      worker,
      pages: readExtensionPages(options.extensionDir),
      sandbox,
      url: (path) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`,
    };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw new ExtensionNotLoaded(
      `The browser at ${options.executablePath} started but did not run the extension from ${options.extensionDir} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}). Google Chrome 137 and later ignore --load-extension: use Chromium.`,
    );
  }
}

/** The first page whose URL starts with `prefix` that is or becomes open, or null after `timeoutMs`. */
export async function waitForPage(
  context: BrowserContext,
  prefix: string,
  timeoutMs: number,
): Promise<Page | null> {
  // Polled: a tab opened by the extension reports its final URL only after it commits.
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = context.pages().find((p) => p.url().startsWith(prefix));
    if (open) return open;
    if (Date.now() >= until) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
