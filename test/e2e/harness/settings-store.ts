import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Page } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { mergeSettings } from '../../../lib/core/settings/merge';
import { pageSettingsOf } from '../../../lib/core/settings/page-defaults';
import { Settings } from '../../../lib/core/settings/schema';
import { SETTINGS_VERSION } from '../../../lib/core/settings/version';
import type { AppSnapshot } from '../../../lib/protocol/views';
import { eventually } from '../../wait';
import { REPO_ROOT } from './screenshots';

type Store = {
  read(): Promise<unknown>;
  write(next: unknown): Promise<void>;
  pageCopy(): Promise<unknown>;
  siteScripts(origins: string[]): Promise<{ granted: string[]; registered: string[] | null }>;
};

let script: Promise<string> | null = null;

/** One classic script of settings-store.page.ts (vite, the build's own bundler), built once. */
function storeScript(): Promise<string> {
  script ??= (async () => {
    const out = (await build({
      configFile: false,
      root: REPO_ROOT,
      logLevel: 'silent',
      build: {
        write: false,
        minify: false,
        lib: {
          entry: join(REPO_ROOT, 'test/e2e/harness/settings-store.page.ts'),
          formats: ['iife'],
          name: 'settingsStore',
        },
      },
    })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
    const output = Array.isArray(out) ? out[0]?.output : out.output;
    const code = output?.find((o): o is Rollup.OutputChunk => o.type === 'chunk')?.code;
    if (!code) throw new Error('the settings store script did not build');
    return code;
  })();
  return script;
}

/**
 * Changes the settings as the options page does: read and written in the protected store
 * from the extension page `page`, which tells the background over the store's channel.
 * Returns once the background's state port shows them (`snapshot` reads it), so what
 * follows meets the new settings.
 */
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The paths of `given` that `kept` (its parse) does not have. */
function fieldsNotIn(kept: unknown, given: unknown, path = 'settings'): string[] {
  if (Array.isArray(given) && Array.isArray(kept)) {
    return given.flatMap((item, i) => fieldsNotIn(kept[i], item, `${path}[${i}]`));
  }
  if (!isPlainObject(given) || !isPlainObject(kept)) return [];
  return Object.keys(given).flatMap((key) =>
    key in kept ? fieldsNotIn(kept[key], given[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

export async function updateSettingsFrom(
  page: Page,
  change: (current: Settings) => Settings,
  snapshot: () => Promise<AppSnapshot>,
): Promise<Settings> {
  const code = await storeScript();
  const loaded = await page.evaluate(() => '__settingsStore' in globalThis);
  // A source text, not a function: DevTools' evaluation is not bound by the page's CSP.
  if (!loaded) await page.evaluate(code);
  const current = await page.evaluate(() =>
    (globalThis as unknown as { __settingsStore: Store }).__settingsStore.read(),
  );
  const changed = change(Settings.parse(current));
  const parsed = Settings.parse(changed);
  // The parse drops what the schema does not know: a test written for another shape of the
  // settings would then wait for a change that never comes. It fails here instead.
  const unknown = fieldsNotIn(parsed, changed);
  if (unknown.length > 0) {
    throw new Error(`updateSettings: the settings have no ${unknown.join(', ')}`);
  }
  const next = mergeSettings(parsed);
  await page.evaluate(
    (value) => (globalThis as unknown as { __settingsStore: Store }).__settingsStore.write(value),
    next,
  );
  // As the state port carries them: what the background holds once it has heard.
  const expected = Settings.parse(JSON.parse(JSON.stringify(next)));
  await eventually(async () => isDeepStrictEqual((await snapshot()).settings, expected), {
    what: 'the background to take the new settings',
  });
  // The pages hear of them apart, and later: the background's copy they read as they load,
  // and the panel's script on the extra sites. A page opened next meets all of it.
  const pageCopy = { version: SETTINGS_VERSION, settings: pageSettingsOf(expected) };
  await eventually(
    async () =>
      isDeepStrictEqual(
        await page.evaluate(() =>
          (globalThis as unknown as { __settingsStore: Store }).__settingsStore.pageCopy(),
        ),
        pageCopy,
      ),
    { what: 'the pages’ copy of the new settings' },
  );
  await eventually(
    async () => {
      const { granted, registered } = await page.evaluate(
        (origins) =>
          (globalThis as unknown as { __settingsStore: Store }).__settingsStore.siteScripts(
            origins,
          ),
        expected.extraSiteOrigins,
      );
      return registered === null || isDeepStrictEqual([...registered].sort(), [...granted].sort());
    },
    { what: 'the panel’s script registered on the extra sites' },
  );
  return next;
}
