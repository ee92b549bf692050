/**
 * Whether a position badge covers the page's text (issue 31: "badges never overlap the
 * page's text"), shared by the Chromium and Firefox badge tests: the page's text boxes as
 * the page lays them out, the badges' boxes as drawn, both in viewport coordinates.
 */

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface DrawnBadge {
  market: string;
  rect: Rect;
}

/** Every box of the page's own text in the viewport (run in the page: self-contained). */
export function pageTextRects(): Rect[] {
  const rects: Rect[] = [];
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.nodeValue?.trim()) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width === 0 || r.height === 0) continue;
      if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
      rects.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    }
  }
  return rects;
}

/** The badges as drawn in the overlay's closed root (run in the root: self-contained). */
export function drawnBadges(root: ShadowRoot): DrawnBadge[] {
  return [...root.querySelectorAll('.b')].map((b) => {
    const r = b.getBoundingClientRect();
    return {
      market: b.getAttribute('data-market') ?? '',
      rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
    };
  });
}

/** Each badge with the text boxes it covers (none: it covers nothing). */
export function badgesOverText(
  badges: readonly DrawnBadge[],
  text: readonly Rect[],
): { market: string; badge: Rect; over: Rect[] }[] {
  const meets = (a: Rect, b: Rect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return badges
    .map((b) => ({ market: b.market, badge: b.rect, over: text.filter((t) => meets(b.rect, t)) }))
    .filter((b) => b.over.length > 0);
}
