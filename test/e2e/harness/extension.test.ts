import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../lib/core/settings/schema';
import { type ChromeApi, useHarness } from '../fixtures';
import { screenshotDirFor } from './screenshots';

const h = useHarness(import.meta.url);

/** Collects uncaught errors of a page from the moment it is created. */
function pageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** The visible text of a page once its UI has rendered something. */
async function renderedText(page: Page): Promise<string> {
  await page.waitForLoadState('load');
  // What a user sees is the rendered text, so `innerText`, not `textContent`.
  const visible = () =>
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point
    (document.body?.innerText ?? '').trim();
  await page.waitForFunction(visible);
  return page.evaluate(visible);
}

describe('the built extension in Chromium', () => {
  it('loads, and its service worker starts the background app', async () => {
    expect(h().extensionId).toMatch(/^[a-p]{32}$/);
    const worker = await h().worker();
    expect(worker.url()).toBe(h().url('background.js'));
    const status = (await h().ask('vault.status', {})).status;
    expect(status).toBe('empty');
  });

  it('opens the options page by itself on install', () => {
    expect(h().optionsOpenedOnInstall).toBe(true);
  });

  it('opens the popup, which renders without errors', async () => {
    const page = await h().context.newPage();
    const errors = pageErrors(page);
    await page.goto(h().url('popup.html'));
    expect(await renderedText(page)).not.toBe('');
    await h().shot(page, 'popup');
    expect(errors.map((e) => e.message)).toEqual([]);
    await page.close();
  });

  it('opens the options page, which renders without errors', async () => {
    const page = await h().context.newPage();
    const errors = pageErrors(page);
    await page.goto(h().url('options.html'));
    expect(await renderedText(page)).not.toBe('');
    await h().shot(page, 'options');
    expect(errors.map((e) => e.message)).toEqual([]);
    await page.close();
  });

  it('runs its content script on a sandbox market page, which shows the page panel', async () => {
    const page = await h().openMarketPage('sandbox-btc-100k');
    const host = page.locator('[data-market-companion="panel"]');
    await host.waitFor({ state: 'attached' });
    expect(await host.count()).toBe(1);
    // The content script's own world answers with the extension's id.
    const id = await h().inContentScript(
      page,
      () => (globalThis as unknown as { chrome: ChromeApi }).chrome.runtime.id,
    );
    expect(id).toBe(h().extensionId);
    await h().shot(page, 'market-page');
    await page.close();
  });
});

describe('the harness', () => {
  it('stops the service worker for real, and a message wakes a new instance', async () => {
    const popup = await h().openPopup();
    // withApp: a mark in the worker's own memory, which no UI can see, proves the instance.
    await h().withApp(() => {
      (globalThis as Record<string, unknown>).__beforeStop = true;
    });
    await h().stopWorker();
    const reply = await h().send('vault.status', {}, popup);
    expect(reply.ok).toBe(true);
    expect(await h().workerRestarted()).toBe(true);
    // Nothing in memory survived: the new instance has its own global scope.
    expect(await h().withApp(() => (globalThis as Record<string, unknown>).__beforeStop)).toBe(
      undefined,
    );
    await popup.close();
  });

  it('refuses to set a field the settings do not have, rather than wait for it', async () => {
    // A test written for an older shape of the settings (one global panel placement).
    const stale = (s: Settings) => ({ ...s, panel: { ...s.panel, placed: true, collapsed: true } });
    await expect(h().updateSettings(stale)).rejects.toThrow(
      'the settings have no settings.panel.placed, settings.panel.collapsed',
    );
  });

  it('saves screenshots under test-results/screenshots/<test file>/', async () => {
    const page = await h().openMarketPage('sandbox-eth-flip');
    const path = await h().shot(page, 'Named Shot!');
    expect(path).toMatch(/test-results\/screenshots\/harness\/extension\/named-shot\.png$/);
    await page.close();
  });
});

// Last in the file: the second test reads what the harness saved after the first.
describe('automatic screenshots', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let firstStartedAt = Number.POSITIVE_INFINITY;

  it('take the pages a test visits', async () => {
    firstStartedAt = Date.now();
    const market = await h().openMarketPage('sandbox-btc-100k');
    await market.locator('[data-market-companion="panel"]').waitFor({ state: 'attached' });
    await market.close(); // taken before it closes: -1
    const popup = await h().openPopup(); // left open: taken when the test ends, -2
    await renderedText(popup);
    // Neither a blank tab nor the harness's own tabs (its messaging popup, its data: control tab) is a screen.
    await h().context.newPage();
    expect((await h().send('vault.status', {})).ok).toBe(true);
  });

  it('saved them as <test file>/<test name>-<n>.png, one per page, this run', () => {
    const dir = screenshotDirFor(import.meta.url);
    const base = 'automatic-screenshots-take-the-pages-a-test-visits';
    const files = readdirSync(dir)
      .filter((f) => f.startsWith(`${base}-`))
      .sort();
    expect(files).toEqual([`${base}-1.png`, `${base}-2.png`]);
    for (const file of files) {
      const path = join(dir, file);
      expect(statSync(path).mtimeMs).toBeGreaterThanOrEqual(firstStartedAt - 1_000);
      expect(readFileSync(path).subarray(0, 8).equals(PNG)).toBe(true);
    }
  });
});
