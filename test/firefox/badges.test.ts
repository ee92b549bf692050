/**
 * Position badges never cover the page's text, in Firefox (issue 31, item 6): on the
 * sandbox's home page, a badge beside a held market's list card and beside a held market's
 * card inside the Fed group card, and none of them over any of the page's words. Firefox's
 * line boxes are taller than Chromium's: the group's cards sit with no room between them.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../e2e/fixtures';
import { placeRestingOrderAtSandbox } from '../e2e/harness/resting-order';
import { badgesOverText, drawnBadges, pageTextRects } from '../e2e/panel/badge-overlap';
import { useFirefox } from './fixtures';
import { onboardThroughOptions } from './harness/onboarding';

const h = useFirefox(import.meta.url);
/** A market of the list, and one inside the Fed group card. */
const LISTED = 'sandbox-btc-100k';
const IN_GROUP = 'sandbox-fed-cut';

let home: Page;

beforeAll(async () => {
  await onboardThroughOptions(h(), /^Alice \(alice\)/);
  // Bought at the sandbox as another app would (a GTC above the ask fills at once).
  for (const slug of [LISTED, IN_GROUP]) {
    await placeRestingOrderAtSandbox(h().sandbox, h().admin, {
      label: 'alice',
      slug,
      price: '0.9',
      contracts: 10_000_000n,
    });
  }
  home = await h().newPage();
  await home.setViewport({ width: 1280, height: 800 });
  await home.goto(`${h().sandbox.siteUrl}/`);
});

afterAll(async () => {
  await home?.close();
});

it('a badge beside each held list card and each held card in the group card, over no text', async () => {
  const badges = h().panel(home, 'badges');
  const alice = await h().admin.account('alice');
  const held = new Set(h().sandbox.core.ledger.marketsOf(alice.profileId));
  const groupCards = await home.evaluate(() =>
    [...document.querySelectorAll('.group-card [data-market-card]')].map((a) =>
      a.getAttribute('data-market-card'),
    ),
  );
  // Every market of the group card alice holds (the sandbox seeds some), and the two bought.
  const expected = [
    LISTED,
    ...groupCards.flatMap((slug) => (slug !== null && held.has(slug) ? [slug] : [])),
  ];
  expect(expected).toContain(IN_GROUP);
  const drawn = await eventually(
    async () => {
      const list = (await badges.onRoot(drawnBadges, null)) ?? [];
      const markets = new Set(list.map((b) => b.market));
      return expected.every((slug) => markets.has(slug)) ? list : null;
    },
    { what: `badges beside ${expected.join(', ')}`, timeoutMs: 20_000 },
  );
  // Read again after a frame the badges were laid out in, with the page's text of that frame.
  await home.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const settled = (await badges.onRoot(drawnBadges, null)) ?? [];
  expect(new Set(settled.map((b) => b.market))).toEqual(new Set(drawn.map((b) => b.market)));
  await h().shot(home, 'badges-list-and-group');
  // The group card's own link heads it; the badge is beside its market's card within it.
  const inGroup = await home.evaluate(
    (slug) => document.querySelector(`.group-card [data-market-card="${slug}"]`) !== null,
    IN_GROUP,
  );
  expect(inGroup).toBe(true);
  expect(badgesOverText(settled, await home.evaluate(pageTextRects))).toEqual([]);
});
