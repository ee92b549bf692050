/**
 * Real Firefox (Debian's `firefox-esr`) driven over WebDriver BiDi by puppeteer-core, with
 * the production Firefox build installed as a temporary add-on. Firefox has no
 * geckodriver here and no DevTools protocol: everything goes through BiDi, and what BiDi
 * cannot reach in a page (the background page's lifecycle, the console of every add-on
 * context) through its chrome scope, which `--remote-allow-system-access` opens.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/** The add-on id (wxt.config.ts) and the internal UUID the tests fix for it. */
export const GECKO_ID = 'market-companion@example.org';
export const EXTENSION_UUID = '6a1f3c2e-5b7d-4e8a-9c0f-1d2e3f4a5b6c';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/usr/lib/firefox-esr/firefox-esr'];

export class FirefoxNotFound extends Error {}

/** Firefox's executable: `FIREFOX_PATH`, else Debian's packages; a clear error when missing. */
export function findFirefox(): string {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new FirefoxNotFound(`FIREFOX_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new FirefoxNotFound(
      `Firefox is not installed (looked for ${CANDIDATES.join(', ')}): run \`apt-get install -y firefox-esr\` as root, or set FIREFOX_PATH`,
    );
  }
  return found;
}

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

/** A BiDi remote value, as far as the harness reads one. */
interface RemoteValue {
  type: string;
  value?: unknown;
  sharedId?: string;
}

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: RemoteValue;
  exceptionDetails?: { text: string };
}

/** The raw BiDi connection under puppeteer's Browser (puppeteer does not type it publicly). */
export const bidi = (browser: Browser): BidiConnection =>
  (browser as unknown as { connection: BidiConnection }).connection;

/** The BiDi browsing context of a page's main frame. */
export const contextOf = (page: Page): string =>
  (page.mainFrame() as unknown as { _id: string })._id;

function unwrap(answer: EvaluateResult, what: string): RemoteValue {
  if (answer.type === 'exception' || !answer.result) {
    throw new Error(`${what}: ${answer.exceptionDetails?.text ?? 'no result'}`);
  }
  return answer.result;
}

/** Evaluates `expression` (which must produce a JSON string) in a browsing context. */
export async function evaluateJson<T>(
  connection: BidiConnection,
  context: string,
  expression: string,
): Promise<T> {
  const { result } = await connection.send('script.evaluate', {
    expression,
    target: { context },
    awaitPromise: true,
    resultOwnership: 'none',
  });
  const value = unwrap(result as EvaluateResult, 'script.evaluate');
  if (value.type !== 'string') throw new Error(`expected a JSON string, got ${value.type}`);
  return JSON.parse(value.value as string) as T;
}

/** Calls `declaration(...args)` in a context; arguments are BiDi local values. */
export async function callFunction(
  connection: BidiConnection,
  context: string,
  declaration: string,
  args: object[],
): Promise<RemoteValue> {
  const { result } = await connection.send('script.callFunction', {
    functionDeclaration: declaration,
    arguments: args,
    target: { context },
    awaitPromise: true,
    resultOwnership: 'none',
  });
  return unwrap(result as EvaluateResult, 'script.callFunction');
}

/** Finds the shadow root (closed or open) of the first element matching `selector`. */
export async function shadowRootOf(
  connection: BidiConnection,
  context: string,
  selector: string,
): Promise<string | null> {
  const { result } = await connection.send('script.evaluate', {
    expression: `document.querySelector(${JSON.stringify(selector)})`,
    target: { context },
    awaitPromise: false,
    resultOwnership: 'none',
    serializationOptions: { includeShadowTree: 'all', maxDomDepth: 0 },
  });
  const value = unwrap(result as EvaluateResult, 'shadow root lookup') as RemoteValue & {
    value?: { shadowRoot?: { sharedId?: string } | null };
  };
  if (value.type !== 'node') return null;
  return value.value?.shadowRoot?.sharedId ?? null;
}

export interface LaunchedFirefox {
  browser: Browser;
  connection: BidiConnection;
  /** `moz-extension://<uuid>/<path>`. */
  url(path: string): string;
  /** Evaluates in the browser's chrome scope (privileged); the expression yields JSON text. */
  chrome<T>(expression: string): Promise<T>;
}

/**
 * Starts Firefox headless (headed with `E2E_HEADFUL=1`) with a fresh profile and installs
 * the add-on in `extensionDir`. `prefs` are set before the first window opens.
 */
export async function launchFirefox(options: {
  extensionDir: string;
  prefs?: Record<string, string | number | boolean>;
  /** Default: headless unless `E2E_HEADFUL=1`. */
  headless?: boolean;
}): Promise<LaunchedFirefox> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: options.headless ?? process.env.E2E_HEADFUL !== '1',
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      // The UUID is random per profile otherwise; fixing it gives stable extension URLs.
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      ...options.prefs,
    },
  });
  try {
    const id = await browser.installExtension(options.extensionDir);
    if (id !== GECKO_ID) throw new Error(`installed ${id}, expected ${GECKO_ID}`);
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
  const connection = bidi(browser);
  let chromeContext: string | null = null;
  const chrome = async <T>(expression: string): Promise<T> => {
    if (!chromeContext) {
      const { result } = await connection.send('browsingContext.getTree', {
        'moz:scope': 'chrome',
      });
      const contexts = (result as { contexts: { context: string; url: string }[] }).contexts;
      const main = contexts.find((c) => c.url.startsWith('chrome://browser/')) ?? contexts[0];
      if (!main) throw new Error('no chrome-scope browsing context (is system access allowed?)');
      chromeContext = main.context;
    }
    return evaluateJson<T>(connection, chromeContext, expression);
  };
  return {
    browser,
    connection,
    url: (path) => `${EXTENSION_ORIGIN}/${path}`,
    chrome,
  };
}

/** Every top-level tab: its BiDi context and URL (puppeteer does not list extension tabs). */
export async function tabs(
  connection: BidiConnection,
): Promise<{ context: string; url: string }[]> {
  const { result } = await connection.send('browsingContext.getTree', { maxDepth: 0 });
  return (result as { contexts: { context: string; url: string }[] }).contexts;
}

/** Closes a tab by its BiDi context. */
export async function closeTab(connection: BidiConnection, context: string): Promise<void> {
  await connection.send('browsingContext.close', { context });
}

/**
 * Opens `url` in `page`. Puppeteer's `goto` never settles on a `moz-extension://` URL; the
 * BiDi command does, and the document is then complete.
 */
export async function navigate(connection: BidiConnection, page: Page, url: string): Promise<void> {
  await connection.send('browsingContext.navigate', {
    context: contextOf(page),
    url,
    wait: 'complete',
  });
}
