/**
 * Where the panel arrives: the default corner, unless that would cover the page's own
 * trade form (then the nearest place clear of it), unless the user placed it themselves
 * on that site (each site keeps its own placement).
 * In a window wide enough for the open panel beside the sandbox's page (the narrower ones,
 * where it folds to its bar, are room.test.ts's).
 * And its frame builds it from the background's first state, without waiting on the page.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type Corner, nextCorner } from '../../../components/panel/model/placement';
import { DEFAULT_DOCK } from '../../../lib/core/settings/page-defaults';
import { overlaps } from '../../support/boxes';
import { eventually, useHarness } from '../fixtures';
import { PanelDriver, panelFrameOf } from './driver';

const h = useHarness(import.meta.url, { panelPlacedByUser: false });
/** Room for the open panel on either side of the sandbox's centred page. */
const WIDE = { width: 1920, height: 1080 };
const BTC = 'sandbox-btc-100k';

/** Page CSS, applied before the page (and so the panel) loads: the trade form at the panel's default corner. */
const FORM_AT_BOTTOM_RIGHT = `
  .trade-form {
    position: fixed !important; right: 16px !important; bottom: 16px !important;
    width: 320px !important; z-index: 1 !important;
  }
`;

let page: Page | null = null;
let panel: PanelDriver | null = null;

/** The sandbox's own site (127.0.0.1), where the exchange's pattern points. */
const sandboxSite = () => new URL(h().sandbox.siteUrl).origin;
/** The same server under another name: another site, once the user adds it. */
const localhostSite = () => `http://localhost:${new URL(h().sandbox.siteUrl).port}`;

async function openMarket(css: string | null, site = sandboxSite()) {
  page = await h().context.newPage();
  if (css) {
    // Runs as the document is created, before the content script (document_start) mounts.
    await page.addInitScript((text) => {
      const add = () => {
        const style = document.createElement('style');
        style.textContent = text;
        document.documentElement.append(style);
      };
      if (document.documentElement) add();
      else {
        new MutationObserver((_, observer) => {
          if (!document.documentElement) return;
          observer.disconnect();
          add();
        }).observe(document, { childList: true });
      }
    }, css);
  }
  await page.setViewportSize(WIDE);
  await page.goto(`${site}/markets/${BTC}`, { waitUntil: 'load' });
  panel = await PanelDriver.attach(page);
  const shown = await panel.waitFor('section.mc-panel', (s) => s.rect.height > 100, 15_000);
  const form = await page.locator('[data-trade-form]').boundingBox();
  if (!form) throw new Error('the sandbox page has no trade form');
  return { shown, form, page };
}

afterEach(async () => {
  await panel?.detach();
  await page?.close();
  panel = null;
  page = null;
});

describe('the panel’s place on arrival', () => {
  it('does not cover the sandbox page’s trade form', async () => {
    const { shown, form, page } = await openMarket(null);
    expect(shown.attributes['data-corner']).toBe('bottom-right');
    expect(overlaps(shown.rect, form)).toBe(false);
    await h().shot(page, 'arrival-default');
  });

  it('moves to a clear corner when the page’s form sits at its default corner, without saving it', async () => {
    const { shown, form, page } = await openMarket(FORM_AT_BOTTOM_RIGHT);
    // The form really is where the panel would have gone.
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    expect(form.x + form.width).toBeGreaterThan(viewport.width - 100);
    expect(form.y + form.height).toBeGreaterThan(viewport.height - 100);
    expect(shown.attributes['data-corner']).toBe('bottom-left');
    expect(overlaps(shown.rect, form)).toBe(false);
    await h().shot(page, 'arrival-form-at-default-corner');
    expect((await h().snapshot()).settings.panel.placements).toEqual([]);
  });

  it('stays where the user placed it, form or not', async () => {
    const placements = [{ origin: sandboxSite(), ...DEFAULT_DOCK, collapsed: false }];
    await h().updateSettings((s) => ({ ...s, panel: { ...s.panel, placements } }));
    try {
      const { shown, page } = await openMarket(FORM_AT_BOTTOM_RIGHT);
      expect(shown.attributes['data-corner']).toBe('bottom-right');
      await h().shot(page, 'arrival-placed-by-user');
    } finally {
      await h().updateSettings((s) => ({ ...s, panel: { ...s.panel, placements: [] } }));
    }
  });

  it('a drag places it for good: the next page keeps the corner it was dropped in', async () => {
    const first = await openMarket(null);
    if (!panel) throw new Error('no panel');
    const head = await panel.still('.mc-head');
    // Dragged by its header into the top-left quarter of the page.
    const from = { x: head.rect.x + 60, y: head.rect.y + head.rect.height / 2 };
    await first.page.mouse.move(from.x, from.y);
    await first.page.mouse.down();
    await first.page.mouse.move(from.x - 300, from.y - 200, { steps: 5 });
    await first.page.mouse.move(60, 40, { steps: 10 });
    await first.page.mouse.up();
    await panel.waitFor('section.mc-panel', (s) => s.attributes['data-corner'] === 'top-left');
    await eventually(
      async () => {
        const saved = (await h().snapshot()).settings.panel.placements;
        return saved[0]?.origin === sandboxSite() && saved[0].corner === 'top-left';
      },
      { what: 'the dropped place to be saved as the user’s' },
    );
    await panel.detach();
    await first.page.close();

    // On a page whose form is at the default corner, the user's place wins anyway.
    const again = await openMarket(FORM_AT_BOTTOM_RIGHT);
    expect(again.shown.attributes['data-corner']).toBe('top-left');
  });

  it('a click on the grip moves it to the next corner, for good', async () => {
    // The grip sits in the header, the drag handle: a handle that took the pointer at the
    // press made the click the header's, and the grip did nothing.
    const first = await openMarket(null);
    const from = first.shown.attributes['data-corner'];
    const to = nextCorner({ corner: from as Corner, offset: { x: 0, y: 0 } }).corner;
    await panel?.click('[data-action="move"]');
    await panel?.waitFor('section.mc-panel', (s) => s.attributes['data-corner'] === to);
    await eventually(
      async () => {
        const saved = (await h().snapshot()).settings.panel.placements;
        return saved[0]?.origin === sandboxSite() && saved[0].corner === to;
      },
      { what: 'the next corner saved as the user’s place' },
    );
    await h().updateSettings((s) => ({ ...s, panel: { ...s.panel, placements: [] } }));
  });

  it('is built from the background’s first state while the page is too busy to answer its frame', async () => {
    // The page's main thread is held for 4 s from the moment the loader (a content script on
    // that thread) puts the panel's frame in: the frame's hello gets no answer until then, and
    // the frame, in the extension's process, takes longer than that moment to start. (Held from
    // DOMContentLoaded instead, a quick run built the panel before the hold began, proving
    // nothing.) The loader shows the frame once the page lets it: the panel is ready by then.
    const HELD_MS = 4_000;
    page = await h().context.newPage();
    await page.addInitScript((ms) => {
      // Init scripts run in every frame: the panel's own frame is not held.
      if (window !== window.top) return;
      const hold = () => {
        const until = Date.now() + ms;
        while (Date.now() < until) {}
        (window as unknown as { releasedAt: number }).releasedAt = Date.now();
      };
      // Called right after the loader's task that inserted the frame's host.
      const watch = new MutationObserver((records) => {
        const framed = records.some((r) =>
          [...r.addedNodes].some(
            (n) => n instanceof Element && n.getAttribute('data-market-companion') === 'panel',
          ),
        );
        if (!framed) return;
        watch.disconnect();
        hold();
      });
      watch.observe(document, { childList: true, subtree: true });
      // Or the loader came first (the order of the two document-start scripts is the browser's).
      if (document.querySelector('[data-market-companion="panel"]')) {
        watch.disconnect();
        hold();
      }
    }, HELD_MS);
    await page.goto(`${h().sandbox.siteUrl}/markets/${BTC}`, { waitUntil: 'commit' });
    const held = page;
    const seen = await eventually(
      async () => {
        const title = await panelFrameOf(held)
          ?.evaluate(`document.querySelector('section.mc-panel .mc-title')?.getAttribute('data-t')`)
          .catch(() => null);
        return typeof title === 'string' ? { title, at: Date.now() } : null;
      },
      {
        timeoutMs: HELD_MS,
        intervalMs: 50,
        what: 'the panel built in its frame while the page is held',
      },
    );
    expect(seen.title).toBe('Will BTC close above $100k?');
    const releasedAt = await held.evaluate(
      () => (window as unknown as { releasedAt?: number }).releasedAt ?? null,
    );
    expect(releasedAt).not.toBeNull();
    expect(seen.at).toBeLessThan(releasedAt ?? 0);
  });
});

describe('the placement is the site’s own', () => {
  it('a site without one finds room; each site keeps its own across reloads', async () => {
    const ip = sandboxSite();
    const named = localhostSite();
    // The same sandbox under another name is another site, once the user adds it.
    await h().updateSettings((s) => ({
      ...s,
      extraSiteOrigins: [named],
      panel: { ...s.panel, placements: [] },
    }));
    const pages: Page[] = [];
    const drivers: PanelDriver[] = [];
    const open = async (site: string) => {
      const tab = await h().context.newPage();
      pages.push(tab);
      await tab.setViewportSize(WIDE);
      await tab.goto(`${site}/markets/${BTC}`, { waitUntil: 'load' });
      const driver = await PanelDriver.attach(tab);
      drivers.push(driver);
      await driver.waitFor('section.mc-panel', (s) => s.rect.height > 100, 15_000);
      return { tab, driver };
    };
    // Dragged by its header, released with the pointer at `to`.
    const drag = async (tab: Page, driver: PanelDriver, to: { x: number; y: number }) => {
      const head = await driver.still('.mc-head');
      const from = { x: head.rect.x + 60, y: head.rect.y + head.rect.height / 2 };
      await tab.mouse.move(from.x, from.y);
      await tab.mouse.down();
      await tab.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
      await tab.mouse.move(to.x, to.y, { steps: 10 });
      await tab.mouse.up();
    };
    const cornerOf = async (driver: PanelDriver, corner: string) =>
      (await driver.waitFor('section.mc-panel', (s) => s.attributes['data-corner'] === corner))
        .attributes['data-corner'];
    const savedFor = (site: string) =>
      eventually(
        async () =>
          (await h().snapshot()).settings.panel.placements.find((p) => p.origin === site) ?? null,
        { what: `a placement saved for ${site}` },
      );
    try {
      // At 127.0.0.1: dragged into the top-left quarter.
      const first = await open(ip);
      await drag(first.tab, first.driver, { x: 60, y: 40 });
      await cornerOf(first.driver, 'top-left');
      expect(await savedFor(ip)).toMatchObject({ corner: 'top-left' });

      // At localhost: no placement of its own, so it found room (the default corner is
      // clear on this page), not 127.0.0.1's corner.
      const second = await open(named);
      const arrived = await second.driver.one('section.mc-panel');
      expect(arrived?.attributes['data-corner']).toBe(DEFAULT_DOCK.corner);
      expect((await h().snapshot()).settings.panel.placements.map((p) => p.origin)).toEqual([ip]);

      // Dragged into the top-right quarter there: saved for localhost, 127.0.0.1's kept.
      await drag(second.tab, second.driver, { x: WIDE.width - 300, y: 40 });
      await cornerOf(second.driver, 'top-right');
      expect(await savedFor(named)).toMatchObject({ corner: 'top-right' });
      expect(await savedFor(ip)).toMatchObject({ corner: 'top-left' });

      // Both reloaded: each site's panel comes back where the user put it there.
      await second.tab.reload({ waitUntil: 'load' });
      expect(await cornerOf(second.driver, 'top-right')).toBe('top-right');
      await first.tab.bringToFront();
      await first.tab.reload({ waitUntil: 'load' });
      expect(await cornerOf(first.driver, 'top-left')).toBe('top-left');
    } finally {
      for (const driver of drivers) await driver.detach();
      for (const tab of pages) await tab.close();
      await h().updateSettings((s) => ({
        ...s,
        extraSiteOrigins: [],
        panel: { ...s.panel, placements: [] },
      }));
    }
  });
});
