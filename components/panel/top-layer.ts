/**
 * Where the browser cannot tell whether the panel is really visible (Firefox has no
 * IntersectionObserver v2), the panel's host lives in the top layer, as a manual popover:
 * nothing a page paints with z-index can cover it, however high, and a cover the clicks
 * pass through (`pointer-events: none`, which no hit test sees) is painted under it. Only
 * another top-layer element shown after it can be on top; a press checks for that, and
 * for the page having taken the panel out of the top layer, and lifts it back.
 */

/** Whether the browser reports the panel's real visibility (Chromium's IntersectionObserver v2). */
export const tracksVisibility = (): boolean =>
  typeof IntersectionObserverEntry !== 'undefined' &&
  'isVisible' in IntersectionObserverEntry.prototype;

/** Puts the (connected) host into the top layer; false where popovers do not exist. */
export function liftToTopLayer(host: HTMLElement): boolean {
  if (typeof host.showPopover !== 'function') return false;
  if (!watches.has(host)) {
    const watch: TopLayerWatch = { below: new Set(), toggled: false, roots: new WeakSet() };
    watches.set(host, watch);
    watchToggles(host.ownerDocument, host, watch);
  }
  if (host.getAttribute('popover') !== 'manual') host.setAttribute('popover', 'manual');
  try {
    if (host.matches(':popover-open')) host.hidePopover();
    host.showPopover();
    return true;
  } catch {
    return false;
  }
}

const TOP_LAYER = ':popover-open, dialog:modal, :fullscreen';

/** Firefox gives content scripts the page's closed shadow roots too. */
type ShadowHostElement = Element & { openOrClosedShadowRoot?: ShadowRoot | null };

/**
 * What the panel knows of the page's top layer since it last lifted itself: which of the
 * page's elements were there (now under the panel), and whether any was shown or hidden
 * since (a re-shown element goes back on top). `toggle` does not bubble, but a capture
 * listener sees it on the way down, in the document and in each shadow root found.
 */
interface TopLayerWatch {
  below: Set<Element>;
  toggled: boolean;
  roots: WeakSet<Document | ShadowRoot>;
}

const watches = new WeakMap<Element, TopLayerWatch>();

function watchToggles(root: Document | ShadowRoot, host: Element, watch: TopLayerWatch): void {
  if (watch.roots.has(root)) return;
  watch.roots.add(root);
  root.addEventListener(
    'toggle',
    (event) => {
      if (event.target !== host) watch.toggled = true;
    },
    true,
  );
}

/** The page's top-layer elements in `root` and every shadow tree under it (not `host`). */
function pageTopLayer(
  root: Document | ShadowRoot,
  host: Element,
  watch: TopLayerWatch,
  into: Element[] = [],
): Element[] {
  watchToggles(root, host, watch);
  for (const el of root.querySelectorAll(TOP_LAYER)) if (el !== host) into.push(el);
  for (const el of root.querySelectorAll('*')) {
    if (el === host) continue;
    const shadow = (el as ShadowHostElement).openOrClosedShadowRoot ?? el.shadowRoot;
    if (shadow) pageTopLayer(shadow, host, watch, into);
  }
  return into;
}

/**
 * For a host this module lifted: true when something of the page may be on top of it (the
 * page took it out of the top layer, or put an element there that the panel has not been
 * lifted above since). The panel is then lifted back on top, so the next press, on a panel
 * the user now sees above everything, counts.
 */
export function topLayerBreached(host: Element): boolean {
  const watch = watches.get(host);
  if (!watch) return false;
  const others = pageTopLayer(host.ownerDocument, host, watch);
  const onTop =
    host.matches(':popover-open') && !watch.toggled && others.every((el) => watch.below.has(el));
  if (onTop) return false;
  liftToTopLayer(host as HTMLElement);
  watch.below = new Set(others);
  watch.toggled = false;
  return true;
}
