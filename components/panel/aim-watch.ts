import { AimTracker } from '@/components/panel/model/aim';
import type { PanelVisibility, PressEvent } from '@/components/panel/model/trust';
import { topLayerBreached } from './top-layer';

/** What the panel's controller asks at each trusted press (null: the press counts). */
export type AimCheck = (event: PressEvent) => string | null;

export const OBSCURED_FALLBACK_REFUSAL =
  'Something on the page covers, hides or distorts this panel, so the click was ignored; nothing was sent.';

/** Where the frame's viewport sits on the screen (0,0 when not framed). */
interface Offset {
  x: number;
  y: number;
}

const rectOf = (el: Element, offset: Offset) => {
  const r = el.getBoundingClientRect();
  return { x: r.x + offset.x, y: r.y + offset.y, width: r.width, height: r.height };
};

interface PointerLike {
  screenX?: number;
  screenY?: number;
  clientX?: number;
  clientY?: number;
}

/**
 * A framed panel's own coordinates stay put when the page moves the frame under the
 * pointer: boxes are measured on the screen instead, through the pointer's two positions.
 */
const screenOffset = (event: PointerLike): Offset | null =>
  event.screenX === undefined ||
  event.screenY === undefined ||
  event.clientX === undefined ||
  event.clientY === undefined
    ? null
    : { x: event.screenX - event.clientX, y: event.screenY - event.clientY };

/** What a press aims at: the button (or other control) around the pointer's element. */
const aimedAt = (target: EventTarget | null): Element | null =>
  target instanceof Element
    ? (target.closest('button, input, select, a, [role="button"]') ?? target)
    : null;

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

/**
 * Follows the pointer over the panel (`container`, inside the closed shadow root) so a
 * press can be checked against what was under it and since when (model/aim.ts). Costs a
 * box read per pointer event over the panel, nothing while the pointer is elsewhere.
 */
export interface AimWatch {
  check: AimCheck;
  marketShown(): void;
  visibilityChanged(): void;
  stop(): void;
}

export function watchAim(options: {
  container: HTMLElement;
  host: () => Element | null;
  visibility: { readonly value: PanelVisibility };
  now: () => number;
  /** The panel runs in its own frame, which the page could move (boxes in screen space). */
  framed?: boolean;
}): AimWatch {
  const tracker = new AimTracker();
  let offset: Offset = { x: 0, y: 0 };
  const follow = (event: PointerLike) => {
    if (options.framed) offset = screenOffset(event) ?? offset;
  };
  const onPointer = (event: Event) => {
    if (!event.isTrusted) return;
    follow(event as PointerEvent);
    const target = aimedAt(event.composedPath()[0] ?? event.target);
    if (target) tracker.observe(target, rectOf(target, offset), options.now());
  };
  const onOut = (event: Event) => {
    const to = (event as PointerEvent).relatedTarget;
    if (!(to instanceof Node) || !options.container.contains(to)) tracker.forget();
  };
  const kinds = ['pointerover', 'pointermove', 'pointerdown'] as const;
  for (const kind of kinds) options.container.addEventListener(kind, onPointer, true);
  options.container.addEventListener('pointerout', onOut, true);

  const check: AimCheck = (event) => {
    const target = aimedAt(event.currentTarget ?? null);
    if (!target) return null;
    // A keyboard press (Enter/Space) is a click with no pointer position.
    const pointer = (event.detail ?? 1) > 0;
    if (pointer) follow(event);
    const refusal = tracker.refusal(target, rectOf(target, offset), options.now(), pointer);
    if (refusal) return refusal;
    const host = options.host();
    if (
      pointer &&
      host &&
      options.visibility.value === 'unknown' &&
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
    marketShown: () => tracker.marketShown(options.now()),
    visibilityChanged: () => tracker.visibilityChanged(options.now()),
    stop: () => {
      for (const kind of kinds) options.container.removeEventListener(kind, onPointer, true);
      options.container.removeEventListener('pointerout', onOut, true);
    },
  };
}
