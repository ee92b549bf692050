import type { Illegibility } from '../legibility';

/*
 * Whether the user could have aimed at what they pressed. The threat is the target moving,
 * not the pointer: a page can bring the panel under a pointer that was aiming at something
 * else (a decoy under the cursor, the panel moved there on `mousemove`, pressed 40 ms
 * later), flash it there and back so a remembered box matches again, shift the panel's
 * layout under a resting pointer, or switch its market with `history.pushState` just
 * before a press. A press counts only when the pressed control's box on the screen (the
 * panel's place in the page and the control's place in the panel), the panel's market and
 * its visibility have been unchanged for a settle time before the press, however recently
 * the pointer arrived: a quick, practised click on a still panel is the user's.
 *
 * The settle time is the target's: nobody can react to a change they have not seen yet.
 * The fastest simple visual reaction times people reach are about 200–250 ms (a light
 * onset, a trained subject, the hand already on the button; typical ones are 250–300 ms),
 * and the change reaches the screen one or two frames (16–50 ms) after the page made it.
 * A press less than 300 ms after the control moved was therefore on its way before the
 * user could have seen the new place: 300 ms refuses the attacks (presses 40 ms after a
 * move or a flash's return) with room to spare, and costs a person at most a second click
 * after something in the panel really changed under their pointer. A market switch waits
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
  'The panel moved just before this click, so it was ignored and nothing was sent; click again if you meant it.';
export const LAYOUT_REFUSAL =
  "The panel's layout changed just before this click, so it was ignored and nothing was sent; check the button and click again.";
export const MARKET_REFUSAL =
  'This panel switched to another market just before the click, so it was ignored and nothing was sent; check the market and click again.';
export const VISIBILITY_REFUSAL =
  'The panel was hidden or covered just before this click, so it was ignored and nothing was sent; click again if you meant it.';
export const REDRAWN_REFUSAL =
  'The page changed how this panel is drawn (masked, faded or shrunk) just before this click, so it was ignored and nothing was sent; check the panel and click again.';
export const UNPLACED_REFUSAL =
  'The panel was not yet in place on the page, so the click was ignored and nothing was sent; click again in a moment.';

/** The refusal for a panel the page draws unreadable, by what it did. */
export const ILLEGIBLE_REFUSAL: Record<Illegibility, string> = {
  hidden:
    'The page masks or clips this panel, so the click was ignored and nothing was sent; trade from the toolbar popup or reload the page.',
  faded:
    'The page fades, filters or distorts this panel, so the click was ignored and nothing was sent; trade from the toolbar popup or reload the page.',
  small:
    'The page shrinks this panel too small to read, so the click was ignored and nothing was sent; trade from the toolbar popup or reload the page.',
};

/** The refusal for a press soon after a change of how the panel is seen, by what changed. */
const VISIBLE_REFUSAL = {
  visibility: VISIBILITY_REFUSAL,
  look: REDRAWN_REFUSAL,
  placed: UNPLACED_REFUSAL,
} as const;

/**
 * What the panel's host looks like in the page, as the loader sees it (framed), or
 * `unwatched` before its first report or after the loader is gone: with no one watching
 * the frame's place, nothing says the user saw what they pressed.
 */
export type HostLook = Illegibility | 'legible' | 'unwatched';

/**
 * The history of what a press could aim at: when each control's box in the panel last
 * changed, when the panel last moved in the page, the last market switch, the last change
 * of visibility and how the page draws the panel now. Fed by observers ahead of the press
 * (aim-watch.ts, and the loader's host-watch.ts for a framed panel); asked at each press.
 */
export class AimTracker {
  private readonly controls = new WeakMap<Element, { rect: Rect; since: number }>();
  private movedAt = Number.NEGATIVE_INFINITY;
  private marketSince = Number.NEGATIVE_INFINITY;
  private visibleSince = Number.NEGATIVE_INFINITY;
  /** What changed at `visibleSince`, so that the refusal says it and nothing else. */
  private visibleChange: 'visibility' | 'look' | 'placed' = 'visibility';
  private look: HostLook;

  /** `watched`: a loader reports the host's place (framed); the panel starts unwatched. */
  constructor(watched = false) {
    this.look = watched ? 'unwatched' : 'legible';
  }

  /** `control` is at `rect` in the panel at `at`; a new box restarts its settle time. */
  measured(control: Element, rect: Rect, at: number): void {
    const known = this.controls.get(control);
    if (!known || !sameRect(known.rect, rect)) this.controls.set(control, { rect, since: at });
  }

  /** The panel as a whole moved on the screen at `at` (its frame or host in the page). */
  moved(at: number): void {
    this.movedAt = at;
  }

  /** How the page draws the panel from `at` on; a change restarts the visibility settle. */
  drawn(look: HostLook, at: number): void {
    if (look === this.look) return;
    this.visibleChange = this.look === 'unwatched' ? 'placed' : 'look';
    this.look = look;
    this.visibleSince = at;
  }

  /** The panel shows another market from `at` on. */
  marketShown(at: number): void {
    this.marketSince = at;
  }

  /** The browser's verdict on the panel's visibility changed at `at`. */
  visibilityChanged(at: number): void {
    this.visibleChange = 'visibility';
    this.visibleSince = at;
  }

  /**
   * Why a trusted press on `control` (now at `rect` in the panel) must be refused, or
   * null. `pointer` is false for a keyboard press (Enter or Space on a focused button),
   * which aims with the focus: where the control sits on the screen does not change what
   * the key presses, so only the market, visibility and legibility rules apply to it.
   */
  refusal(control: Element, rect: Rect, at: number, pointer: boolean): string | null {
    if (at - this.marketSince < MARKET_SETTLE_MS) return MARKET_REFUSAL;
    if (this.look === 'unwatched') return UNPLACED_REFUSAL;
    if (this.look !== 'legible') return ILLEGIBLE_REFUSAL[this.look];
    if (at - this.visibleSince < MOVE_SETTLE_MS) return VISIBLE_REFUSAL[this.visibleChange];
    if (!pointer) return null;
    if (at - this.movedAt < MOVE_SETTLE_MS) return MOVED_REFUSAL;
    // The observers measure ahead of the press; this read only confirms nothing moved
    // since (a control never measured before is new to the user too).
    this.measured(control, rect, at);
    const since = this.controls.get(control)?.since ?? at;
    return at - since < MOVE_SETTLE_MS ? LAYOUT_REFUSAL : null;
  }
}
