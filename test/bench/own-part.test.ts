import { describe, expect, it } from 'vitest';
import {
  CLICK_COLD_OVER_WARM,
  CLICK_OWN_P50_MS,
  clickVerdicts,
  ownByPercentile,
  PANEL_OWN_P50_MS,
  PANEL_OWN_P95_MS,
  POPUP_OWN_P95_MS,
  pairedAtMost,
  panelVerdicts,
  popupVerdicts,
} from '../../bench/lib/own-part';
import { medianInterval, summarize } from '../../bench/lib/stats';

describe('verdicts on own parts (issue 34)', () => {
  it('judges the click on its own part over the floor, not on the whole figure', () => {
    // A busy machine: the whole click far above any absolute target, the own part within.
    const floorP50 = 40;
    const busy = clickVerdicts({
      warmP50: floorP50 + CLICK_OWN_P50_MS,
      floorP50,
      coldP50: (floorP50 + CLICK_OWN_P50_MS) * CLICK_COLD_OVER_WARM,
    });
    expect(busy.own.pass).toBe(true);
    expect(busy.cold.pass).toBe(true);
    // A quiet machine: small figures, yet the own part over its floor misses.
    const quiet = clickVerdicts({ warmP50: 2, floorP50: 0.9, coldP50: 3 });
    expect(quiet.own.pass).toBe(false);
    expect(quiet.own.condition).toContain('1.10 ms');
    expect(quiet.cold.pass).toBe(true);
  });

  it('fails a cold click above its ratio to the warm one, and names the ratio', () => {
    const v = clickVerdicts({ warmP50: 4, floorP50: 3.5, coldP50: 4 * CLICK_COLD_OVER_WARM + 0.2 });
    expect(v.own.pass).toBe(true);
    expect(v.cold.pass).toBe(false);
    expect(v.cold.condition).toMatch(/≤ 2× \(2\.05×\)/);
  });

  it('fails what was not measured (no samples give NaN)', () => {
    const v = clickVerdicts({ warmP50: Number.NaN, floorP50: 1, coldP50: Number.NaN });
    expect(v.own.pass).toBe(false);
    expect(v.own.condition).toContain('not measured');
    expect(v.cold.pass).toBe(false);
    expect(panelVerdicts({ p50: Number.NaN, p95: 1 })[0]?.pass).toBe(false);
  });

  it('judges the panel at p50 and p95 of its own part, each at its limit', () => {
    const at = (p50: number, p95: number) => panelVerdicts({ p50, p95 }).map((v) => v.pass);
    expect(at(PANEL_OWN_P50_MS, PANEL_OWN_P95_MS)).toEqual([true, true]);
    expect(at(PANEL_OWN_P50_MS + 0.01, PANEL_OWN_P95_MS)).toEqual([false, true]);
    expect(at(PANEL_OWN_P50_MS, PANEL_OWN_P95_MS + 0.01)).toEqual([true, false]);
  });

  it('takes the popup own part percentile by percentile from interleaved series', () => {
    const floor = summarize(Array.from({ length: 20 }, (_, i) => 100 + i));
    const popup = summarize(Array.from({ length: 20 }, (_, i) => 110 + 2 * i));
    const own = ownByPercentile(popup, floor);
    expect(own.p50).toBe(popup.p50 - floor.p50);
    expect(own.p95).toBe(popup.p95 - floor.p95);
    expect(own.max).toBe(popup.max - floor.max);
    expect(popupVerdicts(own)[0]?.pass).toBe(own.p95 <= POPUP_OWN_P95_MS);
    expect(popupVerdicts({ p95: POPUP_OWN_P95_MS + 1 })[0]?.pass).toBe(false);
  });

  it('fails a side panel the rounds measure slower than the popup, however little', () => {
    // Every round 0.5 ms slower, with a little noise: the interval lies above 0.
    const slower = Array.from({ length: 40 }, (_, i) => 0.5 + ((i * 7) % 5) / 100);
    const v = pairedAtMost('side', 'popup', slower);
    expect(v.verdict.pass).toBe(false);
    expect(v.verdict.condition).toMatch(/median \+0\.5 ms, 95% interval \+0\.5 ms … \+0\.5 ms/);
  });

  it('passes rounds that cannot tell the two apart, or find the side panel sooner', () => {
    // Noise of ±20 ms around a true difference of +1 ms: not a measured excess.
    const noisy = Array.from(
      { length: 40 },
      (_, i) => 1 + (i % 2 === 0 ? 20 : -20) * ((i % 7) / 7),
    );
    expect(pairedAtMost('side', 'popup', noisy).verdict.pass).toBe(true);
    const sooner = Array.from({ length: 40 }, () => -3);
    expect(pairedAtMost('side', 'popup', sooner).verdict.pass).toBe(true);
    expect(pairedAtMost('side', 'popup', []).verdict.pass).toBe(false);
    expect(pairedAtMost('side', 'popup', [1, Number.NaN]).verdict.pass).toBe(false);
  });
});

describe("the median's interval (sign test)", () => {
  it('takes the order statistics a fair coin puts the median between 95% of the time', () => {
    // n = 40: P(X ≤ 13) = 0.019 ≤ 0.025 < P(X ≤ 14) = 0.040 for X ~ Binomial(40, ½).
    const ranks = Array.from({ length: 40 }, (_, i) => 40 - i);
    expect(medianInterval(ranks)).toEqual({ median: 20, low: 14, high: 27 });
    // n = 10: P(X ≤ 1) = 0.011, P(X ≤ 2) = 0.055.
    expect(medianInterval(Array.from({ length: 10 }, (_, i) => i + 1))).toMatchObject({
      low: 2,
      high: 9,
    });
  });

  it('keeps its bounds around the median for thousands of samples', () => {
    // 0.5^2000 underflows: summed as it is, every rank would pass and the bounds cross.
    const many = Array.from({ length: 2000 }, (_, i) => i + 1);
    const { median, low, high } = medianInterval(many);
    expect(low).toBeLessThan(median);
    expect(high).toBeGreaterThan(median);
    // ±1.96·√n/2 ≈ 44 ranks either side of the middle.
    expect(median - low).toBeGreaterThan(35);
    expect(median - low).toBeLessThan(50);
  });

  it('is the whole range when too few samples reach the confidence', () => {
    expect(medianInterval([3, 1, 2, 5, 4])).toEqual({ median: 3, low: 1, high: 5 });
  });
});
