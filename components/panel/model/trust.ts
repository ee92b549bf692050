/**
 * What the browser tells us about whether the user can really see the panel: Chromium's
 * IntersectionObserver v2 (`trackVisibility`) reports `isVisible: false` when the panel is
 * covered, see-through, filtered or transformed — the tricks a page would use to make a
 * user click a button they cannot see. Browsers without it report 'unknown'.
 */
export type PanelVisibility = 'visible' | 'obscured' | 'unknown';

/** The parts of an input event the panel trusts: only the browser sets `isTrusted`. */
export interface PressEvent {
  isTrusted: boolean;
  /** What the click handler sits on (the pressed button); read by the aim check. */
  currentTarget?: EventTarget | null;
  clientX?: number;
  clientY?: number;
  screenX?: number;
  screenY?: number;
  /** A click's count: 0 for a keyboard press of a focused button. */
  detail?: number;
  /** Which mouse button a pointer-down was (0: the main one). */
  button?: number;
}

export const OBSCURED_REFUSAL =
  'Something on the page covers or hides this panel, so the click was ignored and nothing was sent; scroll it into view, close what covers it, or trade from the toolbar popup.';

/**
 * Why a press must be ignored, or null when it counts. A press that is not the user's own
 * (a page script's `click()` or dispatched event) is dropped silently: the page learns
 * nothing and no order leaves. A real click on a panel the page has hidden or covered is
 * refused with a sentence, since the user may have meant to click something else.
 */
export function pressRefusal(
  event: PressEvent,
  visibility: PanelVisibility,
): { silent: true } | { silent: false; message: string } | null {
  if (!event.isTrusted) return { silent: true };
  if (visibility === 'obscured') {
    return {
      silent: false,
      message: OBSCURED_REFUSAL,
    };
  }
  return null;
}
