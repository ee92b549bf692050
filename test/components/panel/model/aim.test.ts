import { describe, expect, it } from 'vitest';
import { OBSCURED_FALLBACK_REFUSAL } from '../../../../components/panel/aim-watch';
import {
  AimTracker,
  ILLEGIBLE_REFUSAL,
  LAYOUT_REFUSAL,
  MARKET_REFUSAL,
  MARKET_SETTLE_MS,
  MOVE_SETTLE_MS,
  MOVED_REFUSAL,
  REDRAWN_REFUSAL,
  UNPLACED_REFUSAL,
  VISIBILITY_REFUSAL,
} from '../../../../components/panel/model/aim';
import { OBSCURED_REFUSAL } from '../../../../components/panel/model/trust';

const button = {} as Element;
const box = { x: 100, y: 200, width: 80, height: 30 };
const shifted = { ...box, y: 260 };

/** A tracker whose button has sat at `box` since 0. */
const steady = (watched = false) => {
  const aim = new AimTracker(watched);
  aim.measured(button, box, 0);
  return aim;
};

describe('a press counts when its target has been still for the settle time', () => {
  it('however recently the pointer arrived: the pointer is not the target', () => {
    const aim = steady();
    // No pointer history at all: the press is the first event the panel sees.
    expect(aim.refusal(button, box, 10_000, true)).toBeNull();
  });

  it('a double click keeps counting: nothing moved between the two presses', () => {
    const aim = steady();
    expect(aim.refusal(button, box, 5_000, true)).toBeNull();
    expect(aim.refusal(button, { ...box, x: box.x + 0.4 }, 5_150, true)).toBeNull();
  });

  it('not when the control moved in the panel within the settle time (a layout shift)', () => {
    const aim = steady();
    aim.measured(button, shifted, 5_000);
    expect(aim.refusal(button, shifted, 5_000 + MOVE_SETTLE_MS - 1, true)).toBe(LAYOUT_REFUSAL);
    expect(aim.refusal(button, shifted, 5_000 + MOVE_SETTLE_MS, true)).toBeNull();
  });

  it('not when the box at the press differs from the last one measured', () => {
    const aim = steady();
    expect(aim.refusal(button, shifted, 5_000, true)).toBe(LAYOUT_REFUSAL);
  });

  it('not when the control was never measured before the press (it is new)', () => {
    const aim = new AimTracker();
    expect(aim.refusal(button, box, 5_000, true)).toBe(LAYOUT_REFUSAL);
  });

  it('not when the panel moved on the screen within the settle time, and back', () => {
    const aim = steady();
    // The flash-and-return: moved there, away, and back to the same box.
    aim.moved(4_000);
    aim.moved(4_150);
    aim.moved(4_600);
    expect(aim.refusal(button, box, 4_640, true)).toBe(MOVED_REFUSAL);
    expect(aim.refusal(button, box, 4_600 + MOVE_SETTLE_MS, true)).toBeNull();
  });

  it('not right after a switch of market, even with a keyboard press', () => {
    const aim = steady();
    aim.marketShown(10_000);
    expect(aim.refusal(button, box, 10_400, true)).toBe(MARKET_REFUSAL);
    expect(aim.refusal(button, box, 10_400, false)).toBe(MARKET_REFUSAL);
    expect(aim.refusal(button, box, 10_000 + MARKET_SETTLE_MS, true)).toBeNull();
  });

  it('not right after the browser changed its verdict on the panel’s visibility', () => {
    const aim = steady();
    aim.visibilityChanged(3_000);
    expect(aim.refusal(button, box, 3_100, true)).toBe(VISIBILITY_REFUSAL);
    expect(aim.refusal(button, box, 3_000 + MOVE_SETTLE_MS, true)).toBeNull();
  });

  it('a keyboard press aims with the focus: where the control sits does not matter', () => {
    const aim = steady();
    aim.moved(5_000);
    expect(aim.refusal(button, shifted, 5_010, false)).toBeNull();
  });

  it('the settle times sit between the attacks and a person', () => {
    // The moving-panel press came 40 ms after the move, the market switch 400 ms after it.
    expect(MOVE_SETTLE_MS).toBeGreaterThan(40);
    expect(MARKET_SETTLE_MS).toBeGreaterThan(400);
    // A double click (~500 ms on desktop systems) is never cut by the move rule.
    expect(MOVE_SETTLE_MS).toBeLessThan(500);
  });
});

describe('how the page draws the panel', () => {
  it('a framed panel refuses every press until its loader has reported where it is', () => {
    const aim = steady(true);
    expect(aim.refusal(button, box, 5_000, true)).toBe(UNPLACED_REFUSAL);
    expect(aim.refusal(button, box, 5_000, false)).toBe(UNPLACED_REFUSAL);
    aim.drawn('legible', 5_000);
    // Just placed: said so, not that the page redrew it.
    expect(aim.refusal(button, box, 5_100, true)).toBe(UNPLACED_REFUSAL);
    expect(aim.refusal(button, box, 5_000 + MOVE_SETTLE_MS, true)).toBeNull();
  });

  it('refuses while the panel is masked, faded or too small, keys included, and a while after', () => {
    for (const look of ['hidden', 'faded', 'small'] as const) {
      const aim = steady();
      aim.drawn(look, 1_000);
      expect(aim.refusal(button, box, 9_000, true)).toBe(ILLEGIBLE_REFUSAL[look]);
      expect(aim.refusal(button, box, 9_000, false)).toBe(ILLEGIBLE_REFUSAL[look]);
      aim.drawn('legible', 10_000);
      // Said as it happened: the page redrew the panel, nothing hid or covered it.
      expect(aim.refusal(button, box, 10_100, true)).toBe(REDRAWN_REFUSAL);
      expect(aim.refusal(button, box, 10_000 + MOVE_SETTLE_MS, true)).toBeNull();
    }
  });

  it('each refusal is one sentence that says what happened and what to do', () => {
    for (const sentence of [
      MOVED_REFUSAL,
      LAYOUT_REFUSAL,
      UNPLACED_REFUSAL,
      VISIBILITY_REFUSAL,
      REDRAWN_REFUSAL,
      MARKET_REFUSAL,
      OBSCURED_REFUSAL,
      OBSCURED_FALLBACK_REFUSAL,
      ...Object.values(ILLEGIBLE_REFUSAL),
    ]) {
      expect(sentence.match(/[.!?]/g)).toHaveLength(1);
      expect(sentence).toMatch(/nothing was sent/);
    }
  });
});
