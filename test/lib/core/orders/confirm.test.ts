import { describe, expect, it } from 'vitest';
import {
  arm,
  CONFIRM_WINDOW_MS,
  decidePress,
  isArmed,
  isConfirmationRefusal,
} from '../../../../lib/core/orders/confirm';

describe('decidePress', () => {
  it('sends a small order at once', () => {
    expect(decidePress(null, 'BUY:YES:0', false, 1_000)).toEqual({ kind: 'send' });
  });

  it('arms a large order on the first click (sent to the background as a first press)', () => {
    expect(decidePress(null, 'BUY:YES:3', true, 1_000)).toEqual({
      kind: 'arm',
      armed: { key: 'BUY:YES:3', until: 1_000 + CONFIRM_WINDOW_MS },
    });
  });

  it('sends it as any press on a second click of the same button within 3 s', () => {
    const armed = arm('BUY:YES:3', 1_000);
    expect(decidePress(armed, 'BUY:YES:3', true, 3_999)).toEqual({ kind: 'send' });
  });

  it('starts over once the window has closed', () => {
    const armed = arm('BUY:YES:3', 1_000);
    expect(decidePress(armed, 'BUY:YES:3', true, 4_000)).toEqual({
      kind: 'arm',
      armed: { key: 'BUY:YES:3', until: 4_000 + CONFIRM_WINDOW_MS },
    });
  });

  it('never lets a click on another button confirm the armed one', () => {
    const armed = arm('BUY:YES:3', 1_000);
    const decision = decidePress(armed, 'BUY:NO:3', true, 1_500);
    expect(decision).toEqual({ kind: 'arm', armed: { key: 'BUY:NO:3', until: 4_500 } });
  });

  it('tells whether a button is armed', () => {
    const armed = arm('k', 0);
    expect(isArmed(armed, 'k', 2_999)).toBe(true);
    expect(isArmed(armed, 'k', 3_000)).toBe(false);
    expect(isArmed(armed, 'other', 10)).toBe(false);
  });
});

describe('isConfirmationRefusal', () => {
  it("recognises the background's refusal of an unconfirmed large order by its field", () => {
    expect(
      isConfirmationRefusal({
        kind: 'validation',
        issues: [{ field: 'confirmed', message: 'orders above $100 need a second click' }],
      }),
    ).toBe(true);
  });

  it('does not take other refusals for it', () => {
    expect(isConfirmationRefusal({ kind: 'validation', issues: [{ field: 'amountRaw' }] })).toBe(
      false,
    );
    expect(isConfirmationRefusal({ kind: 'unavailable' })).toBe(false);
  });
});
