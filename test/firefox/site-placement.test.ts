/**
 * The trader's placement is the site's own (issue 32, item 1), Firefox: the panel drawn in
 * the page is moved by a trusted click on its grip to the next corner; that corner is saved
 * under the page's own origin (the copy of the settings every market page of the site reads)
 * and holds across a reload. Which origin keeps which placement is Chromium's
 * placement.test.ts, on two sites; here the page's origin is Firefox's own (`location`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Corner, nextCorner } from '../../components/panel/model/placement';
import type { SitePlacement } from '../../lib/core/settings/site-placements';
import { PAGE_SETTINGS_AREA_KEY } from '../../lib/protocol/page-settings';
import { eventually } from '../e2e/fixtures';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';

const h = useFirefox(import.meta.url);
const BTC = 'sandbox-btc-100k';

/** The placements in the copy of the settings the site's pages read, as stored. */
async function storedPlacements(): Promise<SitePlacement[]> {
  const options = await h().openExtensionPage('options.html');
  try {
    const stored = await options.evaluate(
      async (key) => (await browser.storage.local.get(key))[key] as unknown,
      PAGE_SETTINGS_AREA_KEY,
    );
    const copy = stored as { settings?: { panel?: { placements?: SitePlacement[] } } } | undefined;
    return copy?.settings?.panel?.placements ?? [];
  } finally {
    await options.close();
  }
}

describe('the placement is the site’s own (Firefox)', () => {
  beforeAll(async () => {
    // Onboarding opens the panel on the sandbox's site with its own control: placed there.
    await onboardThroughOptions(h(), /^Alice \(alice\)/);
  });

  it('a click on the grip moves it to the next corner, saved for this site, kept on reload', async () => {
    const site = new URL(h().sandbox.siteUrl).origin;
    const page = await h().openMarketPage(BTC);
    try {
      const panel = h().panel(page);
      const shown = await panel.waitFor(
        'section.mc-panel:not(.collapsed)',
        (s) => s.attributes['data-corner'] !== undefined,
        20_000,
      );
      const from = shown.attributes['data-corner'] as Corner;
      const to = nextCorner({ corner: from, offset: { x: 0, y: 0 } }).corner;
      expect(to).not.toBe(from);
      await panel.click('[data-action="move"]');
      await panel.waitFor('section.mc-panel', (s) => s.attributes['data-corner'] === to);
      const saved = await eventually(
        async () => {
          const placements = await storedPlacements();
          return placements.some((p) => p.corner === to) ? placements : null;
        },
        { what: `the ${to} corner saved for ${site}` },
      );
      expect(saved.map((p) => [p.origin, p.corner])).toEqual([[site, to]]);

      await page.reload();
      const again = await h()
        .panel(page)
        .waitFor('section.mc-panel', (s) => s.attributes['data-corner'] !== undefined, 20_000);
      expect(again.attributes['data-corner']).toBe(to);
    } finally {
      await page.close();
    }
  });
});
