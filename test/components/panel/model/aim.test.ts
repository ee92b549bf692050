import { describe, expect, it } from 'vitest';
import {
  AimTracker,
  MARKET_REFUSAL,
  MARKET_SETTLE_MS,
  MOVE_SETTLE_MS,
  MOVED_REFUSAL,
  VISIBILITY_REFUSAL,
} from '../../../../components/panel/model/aim';

const button = {} as Element;
const other = {} as Element;
const box = { x: 100, y: 200, width: 80, height: 30 };
const moved = { ...box, x: 340 };

describe('a press counts when the user could have aimed at it', () => {
  it('after the pointer rested on the button for the settle time', () => {
    const aim = new AimTracker();
    aim.observe(button, box, 1_000);
    expect(aim.refusal(button, box, 1_000 + MOVE_SETTLE_MS, true)).toBeNull();
  });

  it('a double click keeps counting: the pointer did not move between the two presses', () => {
    const aim = new AimTracker();
    aim.observe(button, box, 0);
    expect(aim.refusal(button, box, 450, true)).toBeNull();
    expect(aim.refusal(button, { ...box, x: box.x + 0.4 }, 650, true)).toBeNull();
  });

  it('not when the button arrived under the pointer just before (the page moved the panel)', () => {
    const aim = new AimTracker();
    aim.observe(other, box, 0);
    aim.observe(button, moved, 5_000);
    expect(aim.refusal(button, moved, 5_040, true)).toBe(MOVED_REFUSAL);
  });

  it('not when the box changed between the last pointer event and the press', () => {
    const aim = new AimTracker();
    aim.observe(button, box, 0);
    expect(aim.refusal(button, moved, 5_000, true)).toBe(MOVED_REFUSAL);
    // …and counts once the new place has been steady for the settle time.
    expect(aim.refusal(button, moved, 5_000 + MOVE_SETTLE_MS, true)).toBeNull();
  });

  it('not with no pointer history at all (the press is the first event seen)', () => {
    const aim = new AimTracker();
    expect(aim.refusal(button, box, 10_000, true)).toBe(MOVED_REFUSAL);
  });

  it('not right after a switch of market, even with a still pointer and a keyboard press', () => {
    const aim = new AimTracker();
    aim.observe(button, box, 0);
    aim.marketShown(10_000);
    expect(aim.refusal(button, box, 10_400, true)).toBe(MARKET_REFUSAL);
    expect(aim.refusal(button, box, 10_400, false)).toBe(MARKET_REFUSAL);
    expect(aim.refusal(button, box, 10_000 + MARKET_SETTLE_MS, true)).toBeNull();
  });

  it('not right after the browser changed its verdict on the panel’s visibility', () => {
    const aim = new AimTracker();
    aim.observe(button, box, 0);
    aim.visibilityChanged(3_000);
    expect(aim.refusal(button, box, 3_100, true)).toBe(VISIBILITY_REFUSAL);
    expect(aim.refusal(button, box, 3_000 + MOVE_SETTLE_MS, true)).toBeNull();
  });

  it('a keyboard press aims with the focus: the pointer rule does not apply', () => {
    const aim = new AimTracker();
    expect(aim.refusal(button, box, 10_000, false)).toBeNull();
  });

  it('the settle times sit between the attacks and a person', () => {
    // The moving-panel press came 40 ms after the move, the market switch 400 ms after it.
    expect(MOVE_SETTLE_MS).toBeGreaterThan(40);
    expect(MARKET_SETTLE_MS).toBeGreaterThan(400);
    // A double click (~500 ms on desktop systems) is never cut by the move rule.
    expect(MOVE_SETTLE_MS).toBeLessThan(500);
  });
});
