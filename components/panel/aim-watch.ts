import { illegibility } from './legibility';
import { AimTracker, type HostLook, type Rect } from './model/aim';
import type { PanelVisibility, PressEvent } from './model/trust';
import { topLayerBreached } from './top-layer';

/** What the panel's controller asks at each trusted press (null: the press counts). */
export type AimCheck = (event: PressEvent) => string | null;

export const OBSCURED_FALLBACK_REFUSAL =
  'Something on the page covers, hides or distorts this panel, so the click was ignored and nothing was sent; close what covers it, or trade from the toolbar popup.';

/** What a press can aim at: the controls whose boxes the panel keeps a history of. */
const CONTROLS = 'button, input, select, a, [role="button"]';

const rectOf = (el: Element): Rect => {
  const r = el.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
};

/** What a press aims at: the button (or other control) around the pointer's element. */
const aimedAt = (target: EventTarget | null): Element | null =>
  target instanceof Element ? (target.closest(CONTROLS) ?? target) : null;

/**
 * Where the browser cannot say whether the panel is visible (Firefox has no
 * IntersectionObserver v2), at each press: the panel must still hold the top layer alone
 * (top-layer.ts), the point pressed must reach the panel's host first (nothing of the page
 * over it), and no ancestor of the host may be see-through, hidden, filtered, blended or
 * transformed.
 */
export function disguisedAt(host: Element, x: number, y: number): boolean {
  const doc = host.ownerDocument;
  if (topLayerBreached(host)) return true;
  if (doc.elementFromPoint(x, y) !== host) return true;
  const view = doc.defaultView;
  if (!view) return true;
  for (let el: Element | null = host; el; el = el.parentElement) {
    const style = view.getComputedStyle(el);
    if (
      Number(style.opacity) < 1 ||
      style.visibility !== 'visible' ||
      (style.filter && style.filter !== 'none') ||
      (style.transform && style.transform !== 'none') ||
      (style.mixBlendMode && style.mixBlendMode !== 'normal')
    ) {
      return true;
    }
  }
  return false;
}

/** How the page draws `control` (in the page itself: no loader watches a host for it). */
const lookOf = (control: Element): HostLook => {
  const laidOut =
    control instanceof HTMLElement
      ? { width: control.offsetWidth, height: control.offsetHeight }
      : { width: 0, height: 0 };
  return illegibility(control, control.getBoundingClientRect(), laidOut) ?? 'legible';
};

/**
 * The history of what a press can aim at (model/aim.ts), kept ahead of the press: the
 * panel's controls are measured again whenever its layout may have changed (a part
 * resized, an element added or restyled, a scroll), so the press itself reads one box. A
 * framed panel also hears from its loader where the frame is in the page (host-watch.ts)
 * and sees, in each pointer event, where its viewport is on the screen.
 */
export interface AimWatch {
  check: AimCheck;
  marketShown(): void;
  visibilityChanged(): void;
  /**
   * The loader's report on the frame's host: it moved, and how the page draws it now
   * ('unwatched': the loader is gone, nothing watches the frame's place any more).
   */
  hostSeen(moved: boolean, look: HostLook): void;
  /** The panel was moved or folded on purpose (room found for it): the same as any move. */
  moved(): void;
  stop(): void;
}

export function watchAim(options: {
  container: HTMLElement;
  host: () => Element | null;
  visibility: { readonly value: PanelVisibility };
  now: () => number;
  /** The panel runs in its own frame, which the page could move (its loader reports). */
  framed?: boolean;
}): AimWatch {
  const { container, now } = options;
  const framed = options.framed === true;
  const tracker = new AimTracker(framed);

  const measureAll = () => {
    const at = now();
    for (const control of container.querySelectorAll(CONTROLS)) {
      tracker.measured(control, rectOf(control), at);
    }
  };
  // Measured once per frame at most, after whatever changed has been laid out.
  let pending = 0;
  const schedule = () => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      measureAll();
    });
  };
  // A part that changes size has moved what follows it: measured at once (its layout is
  // done when the observer calls).
  const sizes = new ResizeObserver(measureAll);
  const observeParts = () => {
    sizes.disconnect();
    sizes.observe(container);
    for (const part of container.querySelectorAll(`${CONTROLS}, section, section > *`)) {
      sizes.observe(part);
    }
  };
  const mutations = new MutationObserver(() => {
    observeParts();
    schedule();
  });
  mutations.observe(container, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class', 'style', 'hidden'],
  });
  observeParts();
  container.addEventListener('scroll', schedule, true);
  window.addEventListener('resize', schedule);
  schedule();

  // In the page itself with no IntersectionObserver v2 (Firefox) nothing reports how the
  // page draws the panel: it is read every animation frame while the pointer is over the
  // panel (so a change made before the press, even under a resting pointer, has its time)
  // and again at the press.
  const readsLook = () => !framed && options.visibility.value === 'unknown';
  let aimed: Element | null = null;
  let reading = 0;
  const readLook = () => {
    reading = 0;
    if (!aimed || !readsLook()) return;
    tracker.drawn(lookOf(aimed), now());
    // The page can move the panel in its viewport without resizing it (a scroll bar that
    // comes or goes with the page's styles): boxes are read each frame too.
    measureAll();
    reading = requestAnimationFrame(readLook);
  };
  // The page's own changes of style (an attribute of an ancestor, a style sheet added or
  // removed) are read as they happen too, with the boxes they moved. Read first at the press, a change made while
  // nothing was read (the pointer resting on the panel after its hover was reset, with no
  // move since) would start its settle time at the press itself, and the press the user
  // made well after the page put the panel right again would be refused.
  let pageStyles: MutationObserver | null = null;
  const watchPageStyles = () => {
    const host = options.host();
    if (pageStyles || !host) return;
    const sheet = (nodes: NodeList) =>
      [...nodes].some((n) => n.nodeName === 'STYLE' || n.nodeName === 'LINK');
    pageStyles = new MutationObserver((records) => {
      const current = options.host();
      if (!current || !readsLook()) return;
      if (
        records.some((r) => r.type === 'attributes' || sheet(r.addedNodes) || sheet(r.removedNodes))
      ) {
        tracker.drawn(lookOf(current), now());
        measureAll();
      }
    });
    pageStyles.observe(host.ownerDocument.documentElement, { childList: true, subtree: true });
    for (let el = host.parentElement; el; el = el.parentElement) {
      pageStyles.observe(el, { attributes: true });
    }
  };
  const onPointer = (event: Event) => {
    if (!event.isTrusted || !readsLook()) return;
    watchPageStyles();
    aimed = aimedAt(event.composedPath()[0] ?? event.target);
    if (aimed && !reading) readLook();
  };
  const onOut = (event: Event) => {
    const to = (event as PointerEvent).relatedTarget;
    if (to instanceof Node && container.contains(to)) return;
    aimed = null;
    if (reading) cancelAnimationFrame(reading);
    reading = 0;
  };
  const kinds = ['pointerover', 'pointermove', 'pointerdown'] as const;
  for (const kind of kinds) container.addEventListener(kind, onPointer, true);
  container.addEventListener('pointerout', onOut, true);

  const check: AimCheck = (event) => {
    const control = aimedAt(event.currentTarget ?? null);
    if (!control) return null;
    // A keyboard press (Enter/Space) is a click with no pointer position.
    const pointer = (event.detail ?? 1) > 0;
    const at = now();
    const host = options.host();
    const unknown = readsLook();
    if (unknown) tracker.drawn(lookOf(control), at);
    const refusal = tracker.refusal(control, rectOf(control), at, pointer);
    if (refusal) return refusal;
    if (
      pointer &&
      host &&
      unknown &&
      event.clientX !== undefined &&
      event.clientY !== undefined &&
      disguisedAt(host, event.clientX, event.clientY)
    ) {
      return OBSCURED_FALLBACK_REFUSAL;
    }
    return null;
  };

  return {
    check,
    marketShown: () => tracker.marketShown(now()),
    visibilityChanged: () => tracker.visibilityChanged(now()),
    hostSeen(moved, look) {
      const at = now();
      if (moved) tracker.moved(at);
      tracker.drawn(look, at);
    },
    moved: () => tracker.moved(now()),
    stop: () => {
      if (pending) cancelAnimationFrame(pending);
      sizes.disconnect();
      mutations.disconnect();
      container.removeEventListener('scroll', schedule, true);
      window.removeEventListener('resize', schedule);
      for (const kind of kinds) container.removeEventListener(kind, onPointer, true);
      container.removeEventListener('pointerout', onOut, true);
      pageStyles?.disconnect();
      if (reading) cancelAnimationFrame(reading);
    },
  };
}
