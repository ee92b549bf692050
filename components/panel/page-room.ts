import { DEFAULT_DOCK } from '../../lib/core/settings/defaults';
import type { SitePlacement } from '../../lib/core/settings/site-placements';
import { type Box, type Size, savedPlacement } from './model/placement';
import { type AutoPlacement, autoPlacement } from './model/room';

/*
 * What the trader needs on the page, measured from its layout: the boxes the panel must
 * not cover. Generic, not the sandbox's class names: controls and forms, tables and grids,
 * charts and images, and every run of visible text (prices are text). The page is
 * untrusted input, so the measuring is bounded (a cap on elements and text runs, and a
 * time budget) and never throws: what was measured before a limit is what counts.
 */

const NEEDED =
  'button, input, select, textarea, a[href], form, table, [role=grid], [role=table], ' +
  '[role=button], [role=link], [role=tab], [contenteditable], svg, canvas, img, video';

/** At most this many elements and text runs are measured, each. */
export const ROOM_MAX_NODES = 4_000;
/**
 * Measuring stops after this long (ms), counted once the page's layout is done (that is the
 * page's own cost): a page too large to read costs no more.
 */
export const ROOM_BUDGET_MS = 50;

const boxIn = (rect: DOMRect, viewport: Size): Box | null => {
  if (!(rect.width > 0 && rect.height > 0)) return null;
  if (rect.right <= 0 || rect.bottom <= 0) return null;
  if (rect.left >= viewport.width || rect.top >= viewport.height) return null;
  return { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
};

const ours = (el: Element): boolean => el.closest('[data-market-companion]') !== null;

const shown = (el: Element): boolean =>
  !el.checkVisibility || el.checkVisibility({ opacityProperty: true, visibilityProperty: true });

/** The boxes measured, and whether that is all of them (no limit was reached). */
export interface PageNeeds {
  boxes: Box[];
  complete: boolean;
}

/** The boxes, in viewport coordinates, of what the trader needs on `doc` now. */
export function pageObstacles(
  doc: Document,
  viewport: Size,
  now: () => number = () => performance.now(),
): PageNeeds {
  const boxes: Box[] = [];
  try {
    // The first read lays the page out: the page's cost, outside the budget.
    doc.documentElement.getBoundingClientRect();
    const until = now() + ROOM_BUDGET_MS;
    let count = 0;
    for (const el of doc.querySelectorAll(NEEDED)) {
      if (count++ >= ROOM_MAX_NODES || now() > until) return { boxes, complete: false };
      if (ours(el) || !shown(el)) continue;
      const box = boxIn(el.getBoundingClientRect(), viewport);
      if (box) boxes.push(box);
    }
    const body = doc.body ?? doc.documentElement;
    const walker = doc.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const range = doc.createRange();
    count = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.nodeValue?.trim()) continue;
      if (count++ >= ROOM_MAX_NODES || now() > until) return { boxes, complete: false };
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template') || ours(parent)) continue;
      range.selectNodeContents(node);
      // The text's own box, not its block's: a paragraph's empty margins are room.
      const box = boxIn(range.getBoundingClientRect(), viewport);
      if (box && shown(parent)) boxes.push(box);
    }
    return { boxes, complete: true };
  } catch {
    // A page can hold anything: what was measured before stands, as a partial view.
    return { boxes, complete: false };
  }
}

/**
 * Where the panel goes on this page now: where the user put it on this site (`placed`), when
 * they did; else where
 * it covers nothing the page's trader needs (room.ts), keeping `current` while it still
 * does; folded to its bar when the page was too large to read whole. Not saved: on another
 * page, or after a resize, the choice is made again.
 */
export function roomPlacement(
  placed: SitePlacement | null,
  doc: Document,
  viewport: Size,
  current?: AutoPlacement,
): AutoPlacement {
  if (placed) return { placement: savedPlacement(placed), collapsed: placed.collapsed };
  const needs = pageObstacles(doc, viewport);
  // Not all of the page was read: what looks free may not be, so only the bar is risked.
  return autoPlacement(needs.boxes, viewport, DEFAULT_DOCK, {
    ...(current ? { current } : {}),
    barOnly: !needs.complete,
  });
}

/** How long the page's layout must stay still before the panel looks for room again (ms). */
export const ROOM_SETTLE_MS = 150;

/**
 * Calls `relocate` once the page's layout has stopped changing: the window resized, the
 * page's styles arrived after its DOM (the first look may have seen it unstyled), its
 * content grew or shrank. Returns the stop.
 */
export function watchLayout(doc: Document, relocate: () => void): () => void {
  const win = doc.defaultView;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(relocate, ROOM_SETTLE_MS);
  };
  win?.addEventListener('resize', later);
  win?.addEventListener('load', later);
  const sizes = new ResizeObserver(later);
  sizes.observe(doc.documentElement);
  if (doc.body) sizes.observe(doc.body);
  return () => {
    clearTimeout(timer);
    win?.removeEventListener('resize', later);
    win?.removeEventListener('load', later);
    sizes.disconnect();
  };
}
