import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildExtension, outputDir, staleBuildReason } from '../../../scripts/lib/build';
import { findChromium } from '../../../scripts/lib/chromium';
import { REPO_ROOT } from './screenshots';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's copy of the built Chrome extension (see `snapshot`). */
    extensionDir: string;
  }
}

/** The files a built manifest names, all of which must be present for the build to load. */
function missingFiles(dir: string): string[] {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) return ['manifest.json'];
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as {
    background?: { service_worker?: string };
    action?: { default_popup?: string };
    options_ui?: { page?: string };
    content_scripts?: { js?: string[] }[];
  };
  const named = [
    manifest.background?.service_worker,
    manifest.action?.default_popup,
    manifest.options_ui?.page,
    ...(manifest.content_scripts ?? []).flatMap((c) => c.js ?? []),
  ].filter((f): f is string => typeof f === 'string');
  return named.filter((f) => !existsSync(join(dir, f)));
}

/**
 * Copies the build so the whole run tests one consistent bundle: a `wxt build` started
 * meanwhile (by `npm start`'s test, or by someone else in the same tree) rewrites
 * `.output/chrome-mv3-e2e`, never this copy.
 */
function snapshot(from: string): string | null {
  const to = mkdtempSync(join(tmpdir(), 'mc-e2e-extension-'));
  cpSync(from, to, { recursive: true });
  if (missingFiles(to).length === 0) return to;
  rmSync(to, { recursive: true, force: true });
  return null;
}

/**
 * Before any end-to-end file: a browser must exist (else one clear message instead of
 * one failure per file) and the extension must be the build of the current sources, so
 * `npm run test:e2e` works on its own and never tests a stale bundle.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  findChromium();
  // The e2e build: the store build plus the app handle the tests reach in through.
  const built = outputDir(REPO_ROOT, 'chrome', 'e2e');
  let copy: string | null = null;
  for (let attempt = 0; attempt < 3 && !copy; attempt++) {
    const reason =
      attempt === 0 ? staleBuildReason(REPO_ROOT, 'chrome', 'e2e') : 'the build was incomplete';
    if (reason) {
      console.log(`e2e: building the extension (${reason})`);
      await buildExtension(REPO_ROOT, 'chrome', { quiet: true, mode: 'e2e' });
    }
    copy = snapshot(built);
  }
  if (!copy) throw new Error(`e2e: ${built} is incomplete: ${missingFiles(built).join(', ')}`);
  project.provide('extensionDir', copy);
  const dir = copy;
  return () => rmSync(dir, { recursive: true, force: true });
}
