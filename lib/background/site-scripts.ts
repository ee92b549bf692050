import { browser } from 'wxt/browser';
import { originMatchPattern } from '../core/site/pattern';

const SCRIPT_ID = 'market-panel-extra-sites';

/** The panel's content script as built for this browser (entrypoints/market*.content). */
export const PANEL_SCRIPT = import.meta.env.FIREFOX
  ? 'content-scripts/market-in-page.js'
  : 'content-scripts/market.js';

/**
 * Registers the page panel on the extra exchange-site origins the user granted in the
 * options page (optional host permissions); the sandbox's site is in the manifest.
 */
export function syncSiteScripts(origins: readonly string[]): Promise<void> {
  // Registration is unregister-then-register: two overlapping runs would race, so they queue.
  queue = queue.then(() => sync(origins)).catch(() => undefined);
  return queue;
}

let queue: Promise<void> = Promise.resolve();

/** The match patterns of `origins` the user has granted the extension. */
export async function grantedPatterns(origins: readonly string[]): Promise<string[]> {
  const granted: string[] = [];
  for (const origin of origins) {
    const pattern = originMatchPattern(origin);
    if (await browser.permissions.contains({ origins: [pattern] })) granted.push(pattern);
  }
  return granted;
}

/** The patterns the panel's script is registered on now (null: this browser registers none). */
export async function registeredPatterns(): Promise<string[] | null> {
  const scripting = browser.scripting;
  if (!scripting?.registerContentScripts) return null;
  const existing = await scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] });
  return existing.flatMap((script) => script.matches ?? []);
}

async function sync(origins: readonly string[]): Promise<void> {
  const scripting = browser.scripting;
  if (!scripting?.registerContentScripts) return;
  const registered = (await registeredPatterns()) ?? [];
  const granted = await grantedPatterns(origins);
  if (registered.length > 0) await scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
  if (granted.length === 0) return;
  await scripting.registerContentScripts([
    {
      id: SCRIPT_ID,
      matches: granted,
      js: [PANEL_SCRIPT],
      runAt: 'document_start',
      persistAcrossSessions: true,
    },
  ]);
}
