import { illegibility } from '../legibility';
import type { HostDrawn } from './host-link';

/*
 * The loader's watch on the frame's host in the page: the half of a press's history the
 * frame cannot see. A page can move the frame (a transform on `<html>`, a scroll, a layout
 * shift) or mask, fade and shrink it through its ancestors without the frame getting any
 * event; the loader, in the content script's isolated world, reads the host's box and its
 * ancestors' computed styles, and tells the frame over the port each time either changes
 * (the frame stamps the change when it hears it, never earlier than it happened). The page
 * cannot reach this world's observers or animation frames: it can only keep the shared
 * main thread busy, and then it paints nothing new either.
 *
 * What wakes a look, so that nothing runs while nothing changes:
 * - an IntersectionObserver whose root is cut down to the host's own box (the technique of
 *   floating-ui's `autoUpdate`): any move of the host on the screen, by any cause, changes
 *   its intersection and calls back within a frame;
 * - a ResizeObserver on the host, and the loader itself when it places the frame;
 * - mutations of the ancestors' attributes and style sheets added or removed: a look at
 *   once; scrolls and resizes: one look on the next animation frame;
 * - a look at every animation frame while the pointer or the focus can reach the panel
 *   (the frame says when it has either; the page's own pointer events say when the
 *   pointer is within REACH_MARGIN of the host) or an ancestor is animating: style rules
 *   changed through the CSSOM and running animations announce nothing.
 */

/**
 * How near the host the page's pointer counts as about to reach it. Pointer events come
 * once per frame at most, and a fast flick across a desktop screen covers about 50–100 px
 * in one frame (3–6 px/ms); looking every frame from 120 px on means the host was looked at
 * at least once between the pointer's last event over the page and its arrival.
 */
export const REACH_MARGIN = 120;

interface Seen {
  x: number;
  y: number;
  width: number;
  height: number;
  look: HostDrawn;
}

export interface HostWatch {
  /** Look again on the next animation frame (the loader placed the frame). */
  poke(): void;
  /** The frame has the pointer or the focus (`on`), or neither. */
  reach(on: boolean): void;
  stop(): void;
}

export function watchHost(
  host: HTMLElement,
  report: (moved: boolean, look: HostDrawn) => void,
): HostWatch {
  const doc = host.ownerDocument;
  const view = doc.defaultView ?? window;
  let seen: Seen | null = null;
  let inFrame = false;
  let near = false;
  let animating = false;
  let stopped = false;
  // The place observer's root is cut from the viewport as it was: a resize re-arms it.
  let rearm = false;

  const ancestors = (): Element[] => {
    const list: Element[] = [];
    for (let el = host.parentElement; el; el = el.parentElement) list.push(el);
    return list;
  };

  const look = () => {
    if (stopped || !host.isConnected) return;
    const r = host.getBoundingClientRect();
    const drawn =
      illegibility(host, r, { width: host.offsetWidth, height: host.offsetHeight }) ?? 'legible';
    const moved = seen !== null && (Math.abs(r.x - seen.x) >= 1 || Math.abs(r.y - seen.y) >= 1);
    const resized =
      seen !== null &&
      (Math.abs(r.width - seen.width) >= 1 || Math.abs(r.height - seen.height) >= 1);
    const first = seen === null;
    const changed = first || moved || drawn !== seen?.look;
    seen = { x: r.x, y: r.y, width: r.width, height: r.height, look: drawn };
    animating = ancestors().some((el) => el.getAnimations().length > 0);
    if (first || moved || resized || rearm) watchPlace();
    rearm = false;
    if (changed) report(moved, drawn);
  };

  // Looks on the next frame, once however many things asked.
  let next = 0;
  const soon = () => {
    if (next || stopped) return;
    next = view.requestAnimationFrame(() => {
      next = 0;
      look();
      if (inFrame || near || animating) soon();
    });
  };

  // The host's place: an observer whose root is exactly the host's box calls back as soon
  // as the host leaves it (re-armed at each new place; `threshold` is the part of the host
  // inside the viewport, which a host partly off the screen keeps below 1).
  let place: IntersectionObserver | null = null;
  const watchPlace = (threshold = 1) => {
    place?.disconnect();
    place = null;
    const r = host.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return;
    const root = doc.documentElement;
    const inset = [
      Math.floor(r.top),
      Math.floor(root.clientWidth - r.right),
      Math.floor(root.clientHeight - r.bottom),
      Math.floor(r.left),
    ];
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const ratio = entries[entries.length - 1]?.intersectionRatio ?? 0;
        if (first && ratio > 0 && ratio !== threshold) {
          first = false;
          return watchPlace(ratio);
        }
        if (!first) {
          rearm = true;
          soon();
        }
        first = false;
      },
      {
        root: doc,
        rootMargin: inset.map((v) => `${-v}px`).join(' '),
        threshold: Math.max(0, Math.min(1, threshold)) || 1,
      },
    );
    observer.observe(host);
    place = observer;
  };

  const sizes = new ResizeObserver(soon);
  sizes.observe(host);

  // Attributes of the ancestors (an inline style, a class a rule matches) and style sheets
  // added to or removed from the document; the page's other mutations are not looked at.
  const SHEETS = new Set(['STYLE', 'LINK']);
  const sheet = (nodes: NodeList) => [...nodes].some((n) => SHEETS.has(n.nodeName));
  // Looked at at once, not on the next frame: the report then leaves before the page has
  // painted the change, however busy it keeps its main thread after it.
  const mutations = new MutationObserver((records) => {
    if (
      records.some((r) => r.type === 'attributes' || sheet(r.addedNodes) || sheet(r.removedNodes))
    ) {
      look();
    }
  });
  mutations.observe(doc.documentElement, { childList: true, subtree: true });
  for (const el of ancestors()) mutations.observe(el, { attributes: true });

  const onResize = () => {
    rearm = true;
    soon();
  };
  const onAnimation = (event: Event) => {
    if (event.target instanceof Element && event.target.contains(host)) {
      animating = true;
      soon();
    }
  };
  const onPointer = (event: PointerEvent) => {
    if (!seen) return;
    const wasNear = near;
    near =
      event.clientX > seen.x - REACH_MARGIN &&
      event.clientX < seen.x + seen.width + REACH_MARGIN &&
      event.clientY > seen.y - REACH_MARGIN &&
      event.clientY < seen.y + seen.height + REACH_MARGIN;
    if (near && !wasNear) soon();
  };
  const listeners: [EventTarget, string, EventListener][] = [
    [view, 'scroll', soon],
    [view, 'resize', onResize],
    [view, 'pointermove', onPointer as EventListener],
    [view, 'pointerover', onPointer as EventListener],
    [doc, 'animationstart', onAnimation],
    [doc, 'transitionrun', onAnimation],
  ];
  for (const [target, type, listener] of listeners) {
    target.addEventListener(type, listener, { capture: true, passive: true });
  }

  soon();
  return {
    poke: soon,
    reach(on) {
      inFrame = on;
      if (on) soon();
    },
    stop() {
      stopped = true;
      if (next) view.cancelAnimationFrame(next);
      place?.disconnect();
      sizes.disconnect();
      mutations.disconnect();
      for (const [target, type, listener] of listeners) {
        target.removeEventListener(type, listener, { capture: true });
      }
    },
  };
}
