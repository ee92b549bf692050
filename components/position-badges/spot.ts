/** A box in viewport coordinates. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Where a badge is drawn: its right edge and its vertical middle, viewport coordinates. */
export interface Spot {
  right: number;
  middle: number;
}

/** How far a badge slides left per try along its link's top edge, in CSS pixels. */
const SLIDE_STEP = 4;

/** Whether two boxes share any area (touching edges do not). */
export const overlaps = (a: Box, b: Box): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The band around a link's top edge where its badge may go: the link's width, a badge's
 * height above and below its top. The page's text is read only there.
 */
export const spotZone = (link: Box, size: Size): Box => ({
  left: link.left,
  right: link.right,
  top: link.top - size.height,
  bottom: link.top + size.height,
});

/**
 * Where a badge of `size` goes beside `link` without covering any of the page's `text`:
 * at the link's top-right corner centred on its top edge (where it sits on a list of
 * cards), else just above or just inside that edge, else anywhere between, else slid left
 * along it, never past
 * the link's left (a link narrower than the badge has only its corner) nor out of `bounds`
 * (the viewport). Null when every such place covers
 * text: then no badge, rather than one over words the user reads.
 */
export function freeSpot(link: Box, size: Size, text: readonly Box[], bounds: Box): Spot | null {
  const { width, height } = size;
  // The corner's three places first, then every pixel between just above and just inside.
  const tops = [link.top - height / 2, link.top - height, link.top];
  for (let offset = 1; offset < height; offset += 1) tops.push(link.top - height + offset);
  const rightmost = Math.min(link.right, bounds.right);
  // A link narrower than its badge still has its corner tried: the badge then reaches left of it.
  const leftmost = Math.min(Math.max(link.left, bounds.left), rightmost - width);
  for (let right = rightmost; right - width >= leftmost; right -= SLIDE_STEP) {
    for (const top of tops) {
      if (top < bounds.top || top + height > bounds.bottom) continue;
      const box = { left: right - width, right, top, bottom: top + height };
      if (!text.some((t) => overlaps(box, t))) return { right, middle: top + height / 2 };
    }
  }
  return null;
}
