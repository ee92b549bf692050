import { describe, expect, it } from 'vitest';
import {
  CLICK_COLD_OVER_WARM,
  CLICK_OWN_P50_MS,
  clickVerdicts,
  ownByPercentile,
  PANEL_OWN_P50_MS,
  PANEL_OWN_P95_MS,
  POPUP_OWN_P95_MS,
  panelVerdicts,
  popupVerdicts,
} from '../../bench/lib/own-part';
import { summarize } from '../../bench/lib/stats';

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
});
