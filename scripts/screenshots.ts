/**
 * `npm run screenshots`: regenerates exactly the README's pictures into `docs/images/`, from
 * the built extension in Chromium against the sandbox: the page panel on a market page and
 * the popup's positions (light and dark), the trading feed, and the side panel. The same harness as the
 * end-to-end tests; the demo trader buys once first, so there is a position to show. Beside
 * them, `docs/images/ui-digest.txt`: the digest of the UI sources they were made from, which
 * a unit test recomputes (scripts/lib/ui-digest.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { withHarness } from '../bench/lib/browser';
import type { Harness } from '../test/e2e/fixtures';
import { PanelDriver } from '../test/e2e/panel/driver';
import { waitForNewOrders } from '../test/e2e/panel/helpers';
import { digestFileText, UI_DIGEST_FILE, uiDigest } from './lib/ui-digest';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs', 'images');
const MARKET = 'sandbox-btc-100k';
const THEMES = ['light', 'dark'] as const;

async function setTheme(h: Harness, theme: 'light' | 'dark'): Promise<void> {
  await h.withApp((app, t) => app.updateSettings((s) => ({ ...s, theme: t })), theme);
}

/** The panel and the part of the page around it: what a trader sees in a corner. */
async function shootPanel(page: Page, panel: PanelDriver, path: string): Promise<void> {
  const box = (await panel.waitFor('.mc-panel')).rect;
  const margin = 24;
  const x = Math.max(0, box.x - 260);
  const y = Math.max(0, box.y - margin);
  await page.screenshot({
    path,
    clip: { x, y, width: box.x + box.width + margin - x, height: box.height + 2 * margin },
  });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  // Read before the build the harness may start: the pictures show these sources.
  const digest = uiDigest(ROOT);
  const saved: string[] = [];
  await withHarness('screenshots', {}, async (h) => {
    // tsx names inner functions through `__name`: functions the driver sends into the
    // pages need it defined there (as the bench does).
    await h.context.addInitScript('globalThis.__name ??= (fn) => fn;');
    await h.onboard('alice');
    const page = await h.openMarketPage(MARKET);
    const panel = await PanelDriver.attach(page);
    await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 15_000);
    const since = (await h.admin.orders()).length;
    await panel.click('[data-key="BUY:YES:1"]');
    await waitForNewOrders(h, since);
    await panel.waitForText('[data-result="YES"]', /filled/);

    const popup = await h.context.newPage();
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.goto(h.url('popup.html'));
    for (const theme of THEMES) {
      await setTheme(h, theme);
      await page.bringToFront();
      await panel.waitFor('.mc-panel');
      await new Promise((r) => setTimeout(r, 300)); // the theme's repaint
      const panelPath = join(OUT, `panel-${theme}.png`);
      await shootPanel(page, panel, panelPath);
      saved.push(panelPath);
      await popup.bringToFront();
      await popup.getByRole('tab', { name: /^Positions/ }).click();
      await popup.getByRole('img', { name: /P&L/ }).waitFor({ timeout: 10_000 });
      const positionsPath = join(OUT, `positions-${theme}.png`);
      await popup.screenshot({ path: positionsPath });
      saved.push(positionsPath);
    }
    await setTheme(h, 'light');
    await popup.getByRole('tab', { name: 'Feed' }).click();
    await popup.getByRole('article').first().waitFor({ timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 500)); // avatars and images
    const feedPath = join(OUT, 'feed-light.png');
    await popup.screenshot({ path: feedPath });
    saved.push(feedPath);
    // The side panel's page in a tab of its own, as wide as a side panel: it follows the
    // market page while that is the active tab, then keeps it when itself comes to the front.
    const side = await h.context.newPage();
    await side.setViewportSize({ width: 400, height: 900 });
    await side.goto(h.url('sidepanel.html'));
    await page.bringToFront();
    await side.waitForFunction(
      (slug) => document.querySelector('.mc-panel.side')?.getAttribute('data-slug') === slug,
      MARKET,
      { timeout: 15_000 },
    );
    await side.bringToFront();
    await side.waitForSelector('[data-key="BUY:YES:0"]:not([disabled])', { timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 500)); // its positions and images
    const sidePath = join(OUT, 'side-panel-light.png');
    await side.screenshot({ path: sidePath });
    saved.push(sidePath);
    await panel.detach();
  });
  // Written once every image is: a run that fails part-way leaves the old digest, and the
  // unit test (test/docs/screenshots-digest.test.ts) still says the pictures are old.
  writeFileSync(join(ROOT, UI_DIGEST_FILE), digestFileText(digest));
  saved.push(join(ROOT, UI_DIGEST_FILE));
  console.log(`Saved ${saved.map((p) => relative(process.cwd(), p)).join(', ')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
