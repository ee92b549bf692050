/**
 * Opacity, multiplied down the ancestors, below which a link counts as not seen: a page's
 * muted link (0.6) still gets its badge, a link made see-through to borrow one does not.
 */
const MIN_OPACITY = 0.5;

/** The element around `node` across shadow boundaries (a slot's host, a root's host). */
function parentOf(element: Element): Element | null {
  if (element.assignedSlot) return element.assignedSlot;
  if (element.parentElement) return element.parentElement;
  const root = element.parentNode;
  return root && 'host' in root ? (root as ShadowRoot).host : null;
}

/** Whether a colour's alpha is at least half (`rgba(0, 0, 0, 0)`, `transparent` are not). */
function opaqueColour(colour: string): boolean {
  if (colour === 'transparent') return false;
  const alpha = /rgba?\([^)]*[,/]\s*([\d.]+%?)\s*\)$/.exec(colour)?.[1];
  if (alpha === undefined) return true;
  const value = alpha.endsWith('%') ? Number(alpha.slice(0, -1)) / 100 : Number(alpha);
  return !(value < MIN_OPACITY);
}

/**
 * Whether the user can see `link` where it is: the page's topmost element at the centre
 * of its first box is the link (or inside it), so no other element covers it and it lies
 * over nothing it could borrow a badge from; nothing in its chain makes it see-through,
 * hidden or filtered; and it shows something (text in a colour one can read, or an image).
 * A page that lays an invisible link to a held market over a visible one, or hides one in
 * a box of its own, gets no badge for it. Read once per layout, as the boxes are.
 */
export function linkSeen(link: HTMLAnchorElement, doc: Document = link.ownerDocument): boolean {
  const box = link.getClientRects()[0] ?? link.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return false;
  const view = doc.defaultView;
  if (!view) return false;
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) return false;
  const hit = doc.elementFromPoint(x, y);
  if (!hit || !(hit === link || link.contains(hit))) return false;
  const own = view.getComputedStyle(link);
  if (own.visibility === 'hidden' || own.visibility === 'collapse') return false;
  let opacity = 1;
  for (let at: Element | null = link; at; at = parentOf(at)) {
    const style = view.getComputedStyle(at);
    opacity *= Number(style.opacity || '1');
    if (opacity < MIN_OPACITY) return false;
    if (style.filter && style.filter !== 'none') return false;
    if (style.mixBlendMode && style.mixBlendMode !== 'normal') return false;
  }
  const text = (link.textContent ?? '').trim() !== '' && opaqueColour(own.color);
  return text || link.querySelector('img, svg, picture, video, canvas') !== null;
}
