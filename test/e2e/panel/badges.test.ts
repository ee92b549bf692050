/**
 * Position badges on the sandbox's home page, in Chromium: after a fill, every link to a
 * market held carries a badge with the side, the contracts and the P&L, drawn in a closed
 * overlay the page cannot read; links to anything else carry none; the page's own boxes do
 * not move; a link rendered late gets its badge; the setting switches them on and off.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatContracts, formatPnl } from '../../../lib/core/format/money';
import { BadgesPortMessage, type BadgesView } from '../../../lib/protocol/badge-views';
import { PORTS } from '../../../lib/protocol/names';
import { eventually, useHarness } from '../fixtures';
import { badgesOverText, drawnBadges, pageTextRects } from './badge-overlap';
import { PanelDriver } from './driver';
import { openPanel } from './helpers';

const h = useHarness(import.meta.url);
const ETH = 'sandbox-eth-flip';

let home: Page;
let overlay: PanelDriver;

const setBadges = (enabled: boolean) => h().updateSettings((s) => ({ ...s, badges: { enabled } }));

/** What the badges port tells a content script of `page` now, as the badges read it. */
async function badgesSentTo(page: Page): Promise<BadgesView> {
  const message = await h().inContentScript(
    page,
    (name) =>
      new Promise<unknown>((resolve) => {
        type Port = {
          onMessage: { addListener(f: (m: unknown) => void): void };
          disconnect(): void;
        };
        const { chrome } = globalThis as unknown as {
          chrome: { runtime: { connect(info: { name: string }): Port } };
        };
        const port = chrome.runtime.connect({ name });
        port.onMessage.addListener((m) => {
          port.disconnect();
          resolve(m);
        });
      }),
    PORTS.badges,
  );
  return BadgesPortMessage.parse(message).data;
}

/** Every link's box in document coordinates, as the page's own scripts measure it. */
const linkBoxes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map((a) => {
      const r = a.getBoundingClientRect();
      return {
        href: a.getAttribute('href'),
        x: r.x + window.scrollX,
        y: r.y + window.scrollY,
        width: r.width,
        height: r.height,
      };
    }),
  );

/** The market each link on the page opens (null: not a market page). */
const linkMarkets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map((a) => {
      const r = a.getBoundingClientRect();
      const slug = /^\/markets\/([^/?#]+)$/.exec(new URL((a as HTMLAnchorElement).href).pathname);
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // In the viewport and the page's topmost element there: a link the user can see.
      const hit =
        x >= 0 &&
        y >= 0 &&
        x < innerWidth &&
        y < innerHeight &&
        a.contains(document.elementFromPoint(x, y));
      return { slug: slug?.[1] ?? null, right: r.right, top: r.top, seen: hit };
    }),
  );

/** The badges as drawn: each one's market, its words (from `data-t`) and its box. */
const badgeList = async () =>
  (await overlay.onRoot(
    (root) =>
      [...root.querySelectorAll('.b')].map((b) => {
        const r = b.getBoundingClientRect();
        return {
          market: b.getAttribute('data-market') ?? '',
          text: [...b.querySelectorAll('[data-t]')].map((t) => t.getAttribute('data-t')).join(' '),
          rect: { x: r.x, y: r.y, width: r.width, height: r.height },
        };
      }),
    null,
  )) ?? [];

/** A badge's words for what the background holds of a market, YES first. */
function expectedText(view: BadgesView, slug: string): string {
  return view.entries
    .filter((e) => e.marketSlug === slug)
    .sort((a, b) => (a.side === b.side ? 0 : a.side === 'YES' ? -1 : 1))
    .map((e) =>
      [e.side, formatContracts(e.contractsRaw)]
        .concat(e.unrealizedPnlRaw === null ? [] : [formatPnl(e.unrealizedPnlRaw)])
        .join(' '),
    )
    .join(' ');
}

beforeAll(async () => {
  await h().onboard('alice');
  await setBadges(false);
});

afterAll(async () => {
  await overlay?.detach();
});

describe('position badges on links to markets', () => {
  it('none while the setting is off, even with positions held', async () => {
    // A fill first: the ETH position the badges must show afterwards.
    const { page, panel } = await openPanel(h(), ETH);
    await panel.click('[data-key="BUY:YES:0"]');
    await panel.waitForText('[data-result="YES"]', /filled/i, 15_000);
    await panel.detach();
    await page.close();

    home = await h().context.newPage();
    await home.goto(`${h().sandbox.siteUrl}/`);
    overlay = await PanelDriver.attach(home, 'badges');
    // The content script has run on this page: it answers in its world.
    expect(await h().inContentScript(home, () => document.readyState)).toBe('complete');
    await home.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(
      await home.evaluate(() => document.querySelector('[data-market-companion="badges"]')),
    ).toBeNull();
  });

  it('after the switch: a badge on every link to a market held, none on the others, boxes unchanged', async () => {
    const before = await linkBoxes(home);
    await setBadges(true);
    const view = await badgesSentTo(home);
    const heldSlugs = new Set(view.entries.map((e) => e.marketSlug));
    expect(heldSlugs.has(ETH)).toBe(true);
    const links = await linkMarkets(home);
    // Badges go beside the links the user sees: those in the viewport.
    const toHeld = links.filter((l) => l.slug !== null && heldSlugs.has(l.slug) && l.seen);
    const toOthers = links.filter((l) => l.slug === null || !heldSlugs.has(l.slug));
    // The home page also links to group pages and AMM markets: nothing held there.
    expect(toOthers.some((l) => l.slug !== null)).toBe(true);

    const badges = await eventually(
      async () => {
        const all = await badgeList();
        return all.length === toHeld.length ? all : null;
      },
      { what: `${toHeld.length} badges` },
    );
    expect(new Set(badges.map((b) => b.market))).toEqual(new Set(toHeld.map((l) => l.slug)));
    expect(badges.some((b) => b.market === ETH)).toBe(true);

    const eth = await eventually(
      async () => {
        const b = (await badgeList()).find((x) => x.market === ETH);
        return b && b.text === expectedText(view, ETH) ? b : null;
      },
      { what: `the ETH badge reading ${expectedText(view, ETH)}` },
    );
    expect(eth.text).toMatch(/^YES \d[\d,.]* [+−]?\$[\d,.]+ NO \d[\d,.]* [+−]?\$[\d,.]+$/);

    // Each badge sits on its link's top-right corner (viewport coordinates, same moment).
    const now = await linkMarkets(home);
    for (const badge of await badgeList()) {
      const right = badge.rect.x + badge.rect.width;
      const middle = badge.rect.y + badge.rect.height / 2;
      expect(
        now.some(
          (l) =>
            l.slug === badge.market &&
            Math.abs(l.right - right) < 1.5 &&
            Math.abs(l.top - middle) < 1.5,
        ),
      ).toBe(true);
    }

    expect(await linkBoxes(home)).toEqual(before);
    // Over none of the page's words, the group card's tight rows included (issue 31).
    const drawn = (await overlay.onRoot(drawnBadges, null)) ?? [];
    expect(badgesOverText(drawn, await home.evaluate(pageTextRects))).toEqual([]);
    await h().shot(home, 'home-with-badges');
  });

  it('is closed to the page: no shadow root to open, no text to find', async () => {
    const seen = await home.evaluate(() => {
      const host = document.querySelector('[data-market-companion="badges"]');
      return {
        found: host !== null,
        shadowRoot: host?.shadowRoot ?? null,
        children: host?.childNodes.length ?? -1,
        text: host?.textContent ?? null,
      };
    });
    expect(seen).toEqual({ found: true, shadowRoot: null, children: 0, text: '' });
    const eth = (await badgeList()).find((b) => b.market === ETH);
    const held = eth?.text.split(' ').slice(0, 2).join(' ') ?? 'YES';
    expect(held).toMatch(/^YES \d/);
    // Case-sensitive, so the page's own "Yes 51¢" chips cannot answer for the badge.
    const found = await home.evaluate(
      (text) =>
        (window as unknown as { find(s: string, caseSensitive: boolean): boolean }).find(
          text,
          true,
        ),
      held,
    );
    expect(found).toBe(false);
  });

  it('a link the page renders late gets its badge', async () => {
    const count = (await badgeList()).length;
    await home.evaluate((slug) => {
      const a = document.createElement('a');
      a.href = `/markets/${slug}`;
      a.textContent = 'Late link';
      a.id = 'late-link';
      document.querySelector('main')?.prepend(a);
    }, ETH);
    await eventually(async () => ((await badgeList()).length === count + 1 ? true : null), {
      what: 'a badge for the late link',
    });
  });

  it('a page can neither lend a badge to another link nor tell from the overlay what is held', async () => {
    const view = await badgesSentTo(home);
    const heldSlugs = new Set(view.entries.map((e) => e.marketSlug));
    const victim = (await linkMarkets(home)).find(
      (l) => l.slug !== null && !heldSlugs.has(l.slug) && l.seen,
    );
    expect(victim).toBeDefined();
    const host = '[data-market-companion="badges"]';
    /** The overlay's host as the page measures it, overflow forced. */
    const measured = () =>
      home.evaluate((selector) => {
        const el = document.querySelector<HTMLElement>(selector);
        if (!el) return null;
        el.style.setProperty('overflow', 'scroll', 'important');
        const r = el.getBoundingClientRect();
        return {
          box: [r.x, r.y, r.width, r.height],
          scroll: [el.scrollWidth, el.scrollHeight, el.clientWidth, el.clientHeight],
        };
      }, host);
    const withBadges = await measured();
    expect((await badgeList()).length).toBeGreaterThan(0);

    // An invisible link to a held market laid over the visible link to one not held, and a
    // visible one added in the same change: its badge proves the layout judged both.
    await home.evaluate(
      ({ slug, victimSlug }) => {
        const under = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find((a) =>
          a.href.endsWith(`/markets/${victimSlug}`),
        );
        const r = under?.getBoundingClientRect();
        if (!r) throw new Error('no victim link');
        const cover = document.createElement('a');
        cover.href = `/markets/${slug}`;
        cover.textContent = 'x';
        cover.id = 'cover-link';
        Object.assign(cover.style, {
          position: 'fixed',
          left: `${r.left}px`,
          top: `${r.top}px`,
          width: `${r.width}px`,
          height: `${r.height}px`,
          opacity: '0',
          zIndex: '2147483000',
          display: 'block',
        });
        const barrier = document.createElement('a');
        barrier.href = `/markets/${slug}`;
        barrier.textContent = 'Barrier link';
        barrier.id = 'barrier-link';
        document.body.append(cover);
        document.querySelector('main')?.prepend(barrier);
      },
      { slug: ETH, victimSlug: victim?.slug ?? '' },
    );
    const barrier = await home.evaluate(() => {
      const r = document.getElementById('barrier-link')?.getBoundingClientRect();
      return r ? { right: r.right, top: r.top } : null;
    });
    // Its right edge on the link's, and the link's top edge within its height: on the corner,
    // or just above it where the corner would cover the link's own words.
    const near = (
      b: { rect: { x: number; y: number; width: number; height: number } },
      to: { right: number; top: number },
    ) =>
      Math.abs(b.rect.x + b.rect.width - to.right) < 1.5 &&
      b.rect.y - 1.5 <= to.top &&
      to.top <= b.rect.y + b.rect.height + 1.5;
    await eventually(
      async () =>
        (await badgeList()).some((b) => b.market === ETH && barrier && near(b, barrier))
          ? true
          : null,
      { what: 'a badge beside the barrier link' },
    );
    const drawn = await badgeList();
    expect(drawn.filter((b) => victim && near(b, victim))).toEqual([]);

    // Every held link out of sight: no badge drawn, and the host measures as before.
    await home.evaluate(() => {
      document.getElementById('cover-link')?.remove();
      const style = document.createElement('style');
      style.id = 'hide-all-links';
      style.textContent = 'a[href*="/markets/"] { visibility: hidden !important; }';
      document.head.append(style);
    });
    await eventually(async () => ((await badgeList()).length === 0 ? true : null), {
      what: 'no badge drawn',
    });
    const without = await measured();
    expect(without).toEqual(withBadges);
    expect(withBadges?.box.slice(2)).toEqual(
      await home.evaluate(() => [
        document.documentElement.clientWidth,
        document.documentElement.clientHeight,
      ]),
    );
    await home.evaluate(() => {
      document.getElementById('hide-all-links')?.remove();
      document.getElementById('barrier-link')?.remove();
    });
  });

  it("on a group page too: a badge on each of the group's markets held", async () => {
    const group = await home.getAttribute('[data-group-link]', 'data-group-link');
    const page = await h().context.newPage();
    await page.goto(`${h().sandbox.siteUrl}/markets/${group}`);
    const driver = await PanelDriver.attach(page, 'badges');
    try {
      const view = await badgesSentTo(home);
      const heldSlugs = new Set(view.entries.map((e) => e.marketSlug));
      const toHeld = (await linkMarkets(page)).filter((l) => l.slug && heldSlugs.has(l.slug));
      expect(toHeld.length).toBeGreaterThan(0);
      // A badge only beside a link the user can see: the page panel (a market page's) covers
      // some of the group's links, and where the frame settles is the loader's to say, so the
      // links seen and the badges drawn are read together until they agree.
      const seenHeld = async () =>
        (await linkMarkets(page))
          .filter((l) => l.seen && l.slug && heldSlugs.has(l.slug))
          .map((l) => l.slug as string)
          .sort();
      const markets = await eventually(
        async () => {
          const all = (await driver.all('.b')).map((b) => b.attributes['data-market']).sort();
          const seen = await seenHeld();
          return seen.length > 0 && JSON.stringify(all) === JSON.stringify(seen) ? all : null;
        },
        { what: 'a badge beside each held link the user can see on the group page' },
      );
      expect(markets.length).toBeGreaterThan(0);
    } finally {
      await driver.detach();
      await page.close();
    }
  });

  it('switched off in the settings: the badges go', async () => {
    const before = await linkBoxes(home);
    await setBadges(false);
    await eventually(
      async () =>
        (await home.evaluate(() => document.querySelector('[data-market-companion="badges"]'))) ===
        null
          ? true
          : null,
      { what: 'the overlay removed' },
    );
    expect(await linkBoxes(home)).toEqual(before);
  });
});
