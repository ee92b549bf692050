import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { safeName, saveScreenshot } from './screenshots';

/**
 * A page still painting or already gone must not hold up the suite: a screenshot that
 * takes longer than this is given up (the test's own outcome stands).
 */
const SHOT_TIMEOUT_MS = 5_000;
const MAX_BASE = 120;

/**
 * Screenshots of every screen a test visits, taken without the test asking:
 * `<dir>/<test name>-<n>.png`, n counting from 1 in the order they were taken.
 *
 * A test often closes its pages itself before it ends, so `afterEach` alone would see
 * none of them: a page's `close()` is wrapped to take its screenshot first (while a test
 * runs). Then, when the test ends, every page still open is taken as well.
 */
export class AutoScreenshots {
  private test: { base: string; count: number } | null = null;
  private readonly wrapped = new WeakSet<Page>();

  constructor(
    private readonly dir: string,
    context: BrowserContext,
    /** Pages that are the harness's own (its control tabs), never a screen of a test. */
    private readonly isHarnessPage: (page: Page) => boolean,
  ) {
    for (const page of context.pages()) this.wrapClose(page);
    context.on('page', (page) => this.wrapClose(page));
  }

  /** A test starts: its screenshots of an earlier run go, so the folder holds this run's only. */
  begin(testName: string): void {
    // Test names can be long; with its `-<n>.png` a file name must stay under 255 bytes.
    const base = safeName(safeName(testName).slice(0, MAX_BASE));
    this.test = { base, count: 0 };
    const earlier = new RegExp(`^${base.replace(/\./g, '\\.')}-\\d+\\.png$`);
    let names: string[] = [];
    try {
      names = readdirSync(this.dir);
    } catch {
      return; // no folder yet
    }
    for (const name of names) if (earlier.test(name)) rmSync(join(this.dir, name), { force: true });
  }

  /** The test has ended: takes every page still open, then stops taking. */
  async end(context: BrowserContext): Promise<string[]> {
    const saved: string[] = [];
    // One at a time: two cores, and a browser that renders one screenshot at a time anyway.
    for (const page of context.pages()) {
      const path = await this.take(page);
      if (path) saved.push(path);
    }
    this.test = null;
    return saved;
  }

  private wrapClose(page: Page): void {
    if (this.wrapped.has(page)) return;
    this.wrapped.add(page);
    const close = page.close.bind(page);
    page.close = async (options) => {
      await this.take(page);
      return close(options);
    };
  }

  private shouldTake(page: Page): boolean {
    if (!this.test || page.isClosed() || this.isHarnessPage(page)) return false;
    const url = page.url();
    return url !== '' && url !== 'about:blank' && !url.startsWith('data:');
  }

  private async take(page: Page): Promise<string | null> {
    const test = this.test;
    if (!test || !this.shouldTake(page)) return null;
    try {
      // The viewport, as the user sees it: a whole long market page costs several times
      // more to render, after every test (explicit `shot()`s keep the whole page).
      const path = await saveScreenshot(this.dir, page, `${test.base}-${test.count + 1}`, {
        fullPage: false,
        timeoutMs: SHOT_TIMEOUT_MS,
      });
      test.count++;
      return path;
    } catch (error) {
      // A page closing under the screenshot (the extension's own `window.close()`, a
      // navigation away) is not the test's failure; anything else is worth a line.
      if (!page.isClosed()) {
        console.warn(
          `screenshot of ${page.url()} after "${test.base}" failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      }
      return null;
    }
  }
}
