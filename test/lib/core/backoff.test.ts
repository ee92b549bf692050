import { describe, expect, it } from 'vitest';
import { backoffCeiling, jitteredBackoff } from '../../../lib/core/backoff';

const B = { baseMs: 250, maxMs: 8_000 };

describe('the one backoff formula', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((a) => backoffCeiling(a, B))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
  });

  it('with jitter: between half the ceiling and the ceiling, never sooner', () => {
    expect(jitteredBackoff(3, B, () => 0)).toBe(1_000);
    expect(jitteredBackoff(3, B, () => 0.999999)).toBe(2_000);
    expect(jitteredBackoff(50, B, () => 0.5)).toBe(6_000);
  });
});
