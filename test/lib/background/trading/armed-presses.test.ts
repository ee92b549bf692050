import { describe, expect, it } from 'vitest';
import { ArmedPresses } from '../../../../lib/background/trading/armed-presses';
import { ARMED_PRESS_MS, CONFIRM_WINDOW_MS } from '../../../../lib/core/orders/confirm';

function clocked() {
  const clock = { now: 1_000 };
  return { clock, presses: new ArmedPresses(() => clock.now) };
}

describe('ArmedPresses', () => {
  it('confirms nothing that was not armed first', () => {
    const { presses } = clocked();
    expect(presses.take('tab:1', 'buy $150')).toBe(false);
  });

  it('confirms the same press from the same scope once, within its window', () => {
    const { clock, presses } = clocked();
    presses.arm('tab:1', 'buy $150');
    clock.now += ARMED_PRESS_MS - 1;
    expect(presses.take('tab:1', 'buy $150')).toBe(true);
    expect(presses.take('tab:1', 'buy $150')).toBe(false);
  });

  it('outlasts the panel’s own window, by the margin for the two messages', () => {
    expect(ARMED_PRESS_MS).toBeGreaterThan(CONFIRM_WINDOW_MS);
  });

  it('confirms nothing once the window has closed', () => {
    const { clock, presses } = clocked();
    presses.arm('tab:1', 'buy $150');
    clock.now += ARMED_PRESS_MS;
    expect(presses.take('tab:1', 'buy $150')).toBe(false);
  });

  it('never confirms from another tab, nor another order', () => {
    const { presses } = clocked();
    presses.arm('tab:1', 'buy $150');
    expect(presses.take('tab:2', 'buy $150')).toBe(false);
    expect(presses.take('tab:1', 'buy $160')).toBe(false);
    // The other order's press ended the arming, as it disarms the panel's button.
    expect(presses.take('tab:1', 'buy $150')).toBe(false);
  });

  it('keeps one armed press per scope: arming another replaces it', () => {
    const { presses } = clocked();
    presses.arm('tab:1', 'buy $150');
    presses.arm('tab:1', 'buy NO $150');
    expect(presses.take('tab:1', 'buy $150')).toBe(false);
    presses.arm('tab:1', 'buy NO $150');
    expect(presses.take('tab:1', 'buy NO $150')).toBe(true);
  });

  it('keeps a bounded number of scopes: a flood of first presses drops the oldest', () => {
    const { presses } = clocked();
    presses.arm('tab:0', 'buy $150');
    for (let tab = 1; tab <= 200; tab++) presses.arm(`tab:${tab}`, 'buy $150');
    expect(presses.take('tab:0', 'buy $150')).toBe(false);
    expect(presses.take('tab:200', 'buy $150')).toBe(true);
  });
});
