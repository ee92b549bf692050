/*
 * Whether the user could have aimed at what they pressed. A page can move the panel
 * under a pointer that was aiming at something else (a decoy under the cursor, the panel
 * moved there on `mousemove`, pressed 40 ms later), or switch the panel's market with
 * `history.pushState` just before a press. A press counts only when the pressed button's
 * box, the panel's market and its visibility have been what the user saw for a settle
 * time before the press.
 *
 * The settle times: a person's pointer comes to rest on a button and presses it after a
 * few hundred ms at the fastest, while a double click (the rhythm of the confirmation's
 * second click) keeps the pointer still, so its second press sees a box unchanged for as
 * long as the first one did. 300 ms after the last move refuses the moving-panel press
 * (40 ms) with room to spare and stays under the ~500 ms double-click interval of desktop
 * systems, so an aimed press or a double click is never refused. A market switch waits
 * longer, 1 s: the user must be able to read the new market's name, the pushState attack
 * pressed 400 ms after the switch, and a person who navigates to a market spends longer
 * than that before a first press (its prices arrive over the port first).
 */

export const MOVE_SETTLE_MS = 300;
export const MARKET_SETTLE_MS = 1_000;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Boxes this close are the same (sub-pixel layout rounding is not a move). */
const sameRect = (a: Rect, b: Rect): boolean =>
  Math.abs(a.x - b.x) < 1 &&
  Math.abs(a.y - b.y) < 1 &&
  Math.abs(a.width - b.width) < 1 &&
  Math.abs(a.height - b.height) < 1;

export const MOVED_REFUSAL =
  'The panel moved just before this click, so it was ignored; nothing was sent. Click again if you meant it.';
export const MARKET_REFUSAL =
  'This panel switched to another market just before the click, so it was ignored; nothing was sent. Check the market and click again.';
export const VISIBILITY_REFUSAL =
  'The panel was hidden or covered just before this click, so it was ignored; nothing was sent. Click again if you meant it.';

/**
 * Remembers, for the element under the pointer, the box it had and since when, the last
 * market switch and the last change of visibility. Fed by the panel's pointer events;
 * asked at each press.
 */
export class AimTracker {
  private target: Element | null = null;
  private rect: Rect | null = null;
  private steadySince = Number.NEGATIVE_INFINITY;
  private marketSince = Number.NEGATIVE_INFINITY;
  private visibleSince = Number.NEGATIVE_INFINITY;

  /** Where `target` is now (a pointer event over the panel, or the press itself). */
  observe(target: Element, rect: Rect, at: number): void {
    if (target !== this.target || !this.rect || !sameRect(rect, this.rect)) {
      this.target = target;
      this.rect = rect;
      this.steadySince = at;
    }
  }

  /**
   * The pointer left the panel: where it comes back, its target starts settling anew (a
   * frame can be moved under a pointer that is outside it without telling it).
   */
  forget(): void {
    this.target = null;
    this.rect = null;
  }

  /** The panel shows another market from `at` on. */
  marketShown(at: number): void {
    this.marketSince = at;
  }

  /** The browser's verdict on the panel's visibility changed at `at`. */
  visibilityChanged(at: number): void {
    this.visibleSince = at;
  }

  /**
   * Why a trusted press on `target` (now at `rect`) must be refused, or null. `pointer`
   * is false for a keyboard press (Enter or Space on a focused button), which aims with
   * the focus, not the pointer: only the market and visibility rules apply to it.
   */
  refusal(target: Element, rect: Rect, at: number, pointer: boolean): string | null {
    if (at - this.marketSince < MARKET_SETTLE_MS) return MARKET_REFUSAL;
    if (at - this.visibleSince < MOVE_SETTLE_MS) return VISIBILITY_REFUSAL;
    if (!pointer) return null;
    this.observe(target, rect, at);
    return at - this.steadySince < MOVE_SETTLE_MS ? MOVED_REFUSAL : null;
  }
}
