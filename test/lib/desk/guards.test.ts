import { describe, expect, it } from 'vitest';
import { type GuardLimits, OrderGuards } from '../../../lib/desk/guards';

const C = 1_000_000n;
const LIMITS: GuardLimits = {
  maxOrderNotionalRaw: 50n * C,
  maxOrdersPerMinute: 3,
  confirmAboveRaw: 20n * C,
};

describe('OrderGuards', () => {
  it('lets an order within every limit through', () => {
    expect(new OrderGuards(() => 0).check(20n * C, false, LIMITS)).toEqual({ ok: true });
  });

  it('refuses above the per-order cap, even when confirmed', () => {
    expect(new OrderGuards(() => 0).check(50n * C + 1n, true, LIMITS)).toMatchObject({
      ok: false,
      code: 'notional-cap',
    });
  });

  it('asks for a confirmation above the threshold, not at it', () => {
    const guards = new OrderGuards(() => 0);
    expect(guards.check(20n * C + 1n, false, LIMITS)).toMatchObject({
      ok: false,
      code: 'needs-confirmation',
    });
    expect(guards.check(20n * C + 1n, true, LIMITS)).toEqual({ ok: true });
  });

  it('counts only recorded orders, over a sliding minute', () => {
    const clock = { now: 1_000_000 };
    const guards = new OrderGuards(() => clock.now);
    for (let i = 0; i < 3; i++) {
      expect(guards.check(C, false, LIMITS)).toEqual({ ok: true });
      guards.record();
      clock.now += 10_000;
    }
    expect(guards.check(C, false, LIMITS)).toMatchObject({ ok: false, code: 'rate-cap' });
    // The first order was 30 s ago + 30 s: exactly a minute is out of the window.
    clock.now += 30_000;
    expect(guards.check(C, false, LIMITS)).toEqual({ ok: true });
  });

  it('says the cap and the exact amount in dollars', () => {
    const verdict = new OrderGuards(() => 0).check(123_456_789n, true, {
      ...LIMITS,
      maxOrderNotionalRaw: 100n * C,
    });
    expect(verdict).toEqual({
      ok: false,
      code: 'notional-cap',
      message:
        'This order ($123.46) is above your $100 cap per order: raise it in Options → Settings → Caps to place it.',
    });
  });
});
