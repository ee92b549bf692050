/*
 * Whether the page draws the panel so that a person can read it. A page can leave the
 * panel's own styles alone and still make it unreadable through the elements around it:
 * a mask or a clip on `<html>` (Chromium's IntersectionObserver v2 reports a panel under
 * `mask-image` at 2 % alpha as visible), a filter, opacity or blend mode on an ancestor,
 * or `zoom` and scale transforms that shrink a button to a few pixels (Firefox applies the
 * page's `zoom` even to the panel in the top layer). Read from computed styles, which the
 * page cannot lie about, and from the drawn box against the laid-out one.
 *
 * The rule: an ancestor with any mask, clip or clip-path is hiding the panel; any opacity
 * below 1, filter, blend mode, rotation or skew fades or distorts it (the same line
 * IntersectionObserver v2 draws for opacity and filters: there is no "slightly" for a
 * trading control); and a panel drawn at less than LEGIBLE_SCALE of its size is too small.
 */

/** Why the panel is not legible; null when it is. */
export type Illegibility = 'hidden' | 'faded' | 'small';

/**
 * Below three quarters of its size, the panel's 12–13 px labels fall under 10 px, the
 * smallest text desktop browsers allow by default for reading (their minimum font size
 * settings start there); a page zoomed out that far on purpose is the attack's, not the
 * user's (the user's own browser zoom scales the whole page, frames included, and shows in
 * neither computed style nor the ratio below).
 */
export const LEGIBLE_SCALE = 0.75;

interface Scaled {
  x: number;
  y: number;
  /** A rotation or skew. */
  turned: boolean;
}

const MATRIX = /^matrix(3d)?\(([^)]*)\)$/;

/** The scale (and whether a turn) of a computed `transform`. */
function transformScale(transform: string): Scaled {
  const match = MATRIX.exec(transform);
  if (!match) return { x: 1, y: 1, turned: false };
  const m = (match[2] ?? '').split(',').map(Number);
  // matrix(a, b, c, d, e, f); matrix3d's first two columns hold the same four numbers.
  const [a, b, c, d] = match[1] ? [m[0], m[1], m[4], m[5]] : [m[0], m[1], m[2], m[3]];
  const aa = a ?? 1;
  const bb = b ?? 0;
  const cc = c ?? 0;
  const dd = d ?? 1;
  return {
    x: Math.hypot(aa, bb),
    y: Math.hypot(cc, dd),
    turned: Math.abs(bb) > 1e-6 || Math.abs(cc) > 1e-6,
  };
}

/** The computed `scale` property (separate from `transform`): "none", "s" or "sx sy [sz]". */
function scaleProperty(scale: string | undefined): { x: number; y: number } {
  if (!scale || scale === 'none') return { x: 1, y: 1 };
  const [x, y] = scale.split(/\s+/).map(Number);
  const sx = Number.isFinite(x) ? (x as number) : 1;
  return { x: sx, y: Number.isFinite(y) ? (y as number) : sx };
}

const set = (value: string | undefined, none: string): boolean =>
  value !== undefined && value !== '' && value !== none;

/** The element above `el`, crossing out of a shadow root to its host. */
const above = (el: Element): Element | null => {
  if (el.parentElement) return el.parentElement;
  const root = el.getRootNode?.();
  return root && 'host' in root ? (root as ShadowRoot).host : null;
};

/**
 * Why `el` (the panel's host, or the panel itself) is not legible, or null. `drawn` is its
 * box on the screen and `laidOut` its size before transforms and zoom (`offsetWidth`/
 * `offsetHeight`); their ratio catches whatever shrinks it that the styles do not name.
 */
export function illegibility(
  el: Element,
  drawn: { width: number; height: number },
  laidOut: { width: number; height: number },
): Illegibility | null {
  const view = el.ownerDocument.defaultView;
  if (!view) return 'hidden';
  let scaleX = 1;
  let scaleY = 1;
  let faded = false;
  for (let node: Element | null = el; node; node = above(node)) {
    const style = view.getComputedStyle(node);
    const webkit = style as CSSStyleDeclaration & { webkitMaskImage?: string };
    if (
      set(style.maskImage, 'none') ||
      set(webkit.webkitMaskImage, 'none') ||
      set(style.clipPath, 'none') ||
      set(style.clip, 'auto')
    ) {
      return 'hidden';
    }
    if (
      Number(style.opacity) < 1 ||
      set(style.filter, 'none') ||
      set(style.mixBlendMode, 'normal') ||
      set(style.rotate, 'none')
    ) {
      faded = true;
    }
    const zoom = Number(style.zoom);
    if (Number.isFinite(zoom) && zoom > 0) {
      scaleX *= zoom;
      scaleY *= zoom;
    }
    const t = transformScale(style.transform);
    const s = scaleProperty(style.scale);
    if (t.turned) faded = true;
    scaleX *= t.x * s.x;
    scaleY *= t.y * s.y;
  }
  if (faded) return 'faded';
  if (laidOut.width > 0 && laidOut.height > 0) {
    scaleX = Math.min(scaleX, drawn.width / laidOut.width);
    scaleY = Math.min(scaleY, drawn.height / laidOut.height);
  }
  return Math.min(scaleX, scaleY) < LEGIBLE_SCALE ? 'small' : null;
}
