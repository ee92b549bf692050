import { DEFAULT_DOCK } from '../../lib/core/settings/page-defaults';
import type { SitePlacement } from '../../lib/core/settings/site-placements';
import { type Box, type Size, savedPlacement } from './model/placement';
import { type AutoPlacement, autoPlacement } from './model/room';

/*
 * What the trader needs on the page, measured from its layout: the boxes the panel must
 * not cover. Generic, not the sandbox's class names: controls and forms, tables and grids,
 * charts and images, and every run of visible text (prices are text), and the cards that
 * hold them (a box the page paints, with a background or a border, around them: the trader
 * sees the card as the order book, not only the text in it). The page is
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

/**
 * A card counts while its box is under this share of the viewport's area: larger, it is the
 * page's backdrop (a coloured body or main column), and its contents speak for it.
 */
export const CARD_MAX_VIEWPORT_SHARE = 0.5;

// An empty value (a style the engine does not compute) paints nothing either.
const transparent = (color: string): boolean =>
  color === '' || color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color);
const noImage = (image: string): boolean => image === '' || image === 'none';

/** Whether `el` paints a box of its own: a background, or a border on some side. */
function paintsBox(el: Element): boolean {
  const style = el.ownerDocument.defaultView?.getComputedStyle(el);
  if (!style) return false;
  if (!transparent(style.backgroundColor) || !noImage(style.backgroundImage)) return true;
  return ['top', 'right', 'bottom', 'left'].some(
    (side) =>
      style.getPropertyValue(`border-${side}-style`) !== 'none' &&
      Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0,
  );
}

/**
 * The cards around what the trader needs, each once: the painted boxes among `el`'s
 * ancestors, up to the body, that are smaller than the page's backdrop.
 */
function cardsAround(
  from: Node,
  viewport: Size,
  seen: Set<Element>,
  into: Box[],
  over: () => boolean,
): void {
  const top = from.ownerDocument?.body;
  const maxArea = viewport.width * viewport.height * CARD_MAX_VIEWPORT_SHARE;
  for (let at = from.parentElement; at && at !== top && !seen.has(at); at = at.parentElement) {
    if (over()) return;
    seen.add(at);
    if (!shown(at) || !paintsBox(at)) continue;
    const box = boxIn(at.getBoundingClientRect(), viewport);
    if (box && box.width * box.height < maxArea) into.push(box);
  }
}

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
    const over = () => now() > until;
    const cards = new Set<Element>();
    let count = 0;
    for (const el of doc.querySelectorAll(NEEDED)) {
      if (count++ >= ROOM_MAX_NODES || over()) return { boxes, complete: false };
      if (ours(el) || !shown(el)) continue;
      const box = boxIn(el.getBoundingClientRect(), viewport);
      if (!box) continue;
      boxes.push(box);
      cardsAround(el, viewport, cards, boxes, over);
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
      if (!box || !shown(parent)) continue;
      boxes.push(box);
      cardsAround(node, viewport, cards, boxes, over);
    }
    if (over()) return { boxes, complete: false };
    return { boxes, complete: true };
  } catch {
    // A page can hold anything: what was measured before stands, as a partial view.
    return { boxes, complete: false };
  }
}

/**
 * The box a fixed (or top-layer) panel is laid out in: the window less its scrollbars.
 * `window.innerWidth` counts the scrollbar (12 px in Firefox here), so a panel docked
 * `right: 16px` would sit that much further left than the room was found for.
 */
export const layoutViewport = (doc: Document): Size => ({
  width: doc.documentElement.clientWidth,
  height: doc.documentElement.clientHeight,
});

/**
 * Where the panel goes on this page now: where the user put it on this site (`placed`), when
 * they did; else where it covers nothing the page's trader needs (room.ts), keeping `current`
 * while it still does; folded to its bar when the page was too large to read whole (`onRead`
 * hears whether it was read whole). Not saved: on another page, or after a resize, the
 * choice is made again.
 */
export function roomPlacement(
  placed: SitePlacement | null,
  doc: Document,
  viewport: Size,
  current?: AutoPlacement,
  onRead?: (complete: boolean) => void,
): AutoPlacement {
  if (placed) return { placement: savedPlacement(placed), collapsed: placed.collapsed };
  const needs = pageObstacles(doc, viewport);
  onRead?.(needs.complete);
  // Not all of the page was read: what looks free may not be, so only the bar is risked.
  return autoPlacement(needs.boxes, viewport, DEFAULT_DOCK, {
    ...(current ? { current } : {}),
    barOnly: !needs.complete,
  });
}

/** How long the page's layout must stay still before the panel looks for room again (ms). */
export const ROOM_SETTLE_MS = 150;

/**
 * A read cut short by the time budget (a busy machine, not only a large page) is tried
 * again this many times, ROOM_SETTLE_MS apart, before the bar is left where it is: a page
 * whose layout has settled fires no more layout events to look again on.
 */
export const ROOM_PARTIAL_RETRIES = 10;

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
