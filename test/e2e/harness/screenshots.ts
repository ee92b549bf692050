import { mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SCREENSHOT_ROOT = join(REPO_ROOT, 'test-results', 'screenshots');
const E2E_ROOT = join(REPO_ROOT, 'test', 'e2e');

/**
 * The screenshot folder of one test file: `test-results/screenshots/<path under
 * test/e2e without .test.ts>`, e.g. `background/worker-restart`.
 */
export function screenshotDirFor(testFile: string): string {
  const path = testFile.startsWith('file:') ? fileURLToPath(testFile) : resolve(testFile);
  const name = relative(E2E_ROOT, path).replace(/\.(e2e\.)?test\.tsx?$/, '');
  return join(SCREENSHOT_ROOT, name.startsWith('..') ? 'other' : name);
}

/**
 * A file-name-safe form of `name`: lower case, runs of anything else than letters, digits,
 * `.`, `_` and `-` become one `-`.
 */
export const safeName = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'screen';

/**
 * Saves what the page shows as `<dir>/<name>.png` (the whole page unless `fullPage` is
 * false: then the viewport only); returns the path.
 */
export async function saveScreenshot(
  dir: string,
  page: Page,
  name: string,
  { fullPage = true, timeoutMs }: { fullPage?: boolean; timeoutMs?: number } = {},
): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${safeName(name)}.png`);
  await page.screenshot({ path, fullPage, timeout: timeoutMs });
  return path;
}
