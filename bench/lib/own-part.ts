/**
 * The issue's targets on the hot path ("judged by our own part", issue 34), and how they
 * are judged: on the extension's own part, the figure minus the platform's floor measured
 * in the same run (interleaved), or on a ratio of two figures of that run. A busy machine
 * moves the absolute figures and their floors together; these it moves much less. The
 * absolute figures are still printed, beside their floors, without a verdict.
 */
import type { Verdict } from './result';
import { type MedianInterval, medianInterval, type Summary } from './stats';

/** Warm click → `POST /orders` leaves the worker, minus the same click → a no-op message. */
export const CLICK_OWN_P50_MS = 1;
/** A cold worker's whole click against the warm one's, both p50. */
export const CLICK_COLD_OVER_WARM = 2;
/** The frame's first script → the panel painted with its market. */
export const PANEL_OWN_P50_MS = 25;
export const PANEL_OWN_P95_MS = 40;
/** The popup's positions painted, minus an empty extension page's first paint. */
export const POPUP_OWN_P95_MS = 20;

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * The own part of two interleaved, unpaired series, percentile by percentile: what the
 * measured figure adds to the floor at the same rank.
 */
export function ownByPercentile(measured: Summary, floor: Summary): Percentiles {
  return {
    p50: measured.p50 - floor.p50,
    p95: measured.p95 - floor.p95,
    p99: measured.p99 - floor.p99,
    max: measured.max - floor.max,
  };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/**
 * `label ≤ limit ms`, with the figure judged in the condition's words (a run that
 * measured nothing, NaN, fails).
 */
export function atMostMs(label: string, value: number, limit: number): Verdict {
  return {
    condition: `${label} ≤ ${limit} ms (${Number.isFinite(value) ? ms(value) : 'not measured'})`,
    pass: Number.isFinite(value) && value <= limit,
  };
}

/** `label ≤ limit× what` (the ratio of two figures of the same run; NaN fails). */
export function ratioAtMost(label: string, value: number, base: number, limit: number): Verdict {
  const ratio = value / base;
  return {
    condition: `${label} ≤ ${limit}× ${Number.isFinite(ratio) ? `(${ratio.toFixed(2)}×)` : '(not measured)'}`,
    pass: Number.isFinite(ratio) && base > 0 && ratio <= limit,
  };
}

/** Click to wire: the warm own part's p50, and the cold whole click over the warm one. */
export function clickVerdicts(figures: { warmP50: number; floorP50: number; coldP50: number }): {
  own: Verdict;
  cold: Verdict;
} {
  return {
    own: atMostMs('own part p50', figures.warmP50 - figures.floorP50, CLICK_OWN_P50_MS),
    cold: ratioAtMost('p50', figures.coldP50, figures.warmP50, CLICK_COLD_OVER_WARM),
  };
}

/** The page panel: its own part (paired per load) at p50 and p95. */
export function panelVerdicts(own: Pick<Summary, 'p50' | 'p95'>): Verdict[] {
  return [atMostMs('p50', own.p50, PANEL_OWN_P50_MS), atMostMs('p95', own.p95, PANEL_OWN_P95_MS)];
}

/** The popup: its own part over the floor at p95. */
export function popupVerdicts(own: Pick<Percentiles, 'p95'>): Verdict[] {
  return [atMostMs('p95', own.p95, POPUP_OWN_P95_MS)];
}

/**
 * `label`'s own part at most `base`'s, the two opened in the same rounds: judged on the
 * round-by-round differences (the floor of a round is the same for both, so it cancels),
 * by the sign test's 95% interval of their median. It passes unless the interval lies
 * wholly above zero: a difference the run cannot tell from its noise is not a measured
 * excess, and one it can tell fails however small. Both figures are said in the condition.
 */
export function pairedAtMost(
  label: string,
  base: string,
  differences: readonly number[],
): { interval: MedianInterval | null; verdict: Verdict } {
  const interval = differences.length > 0 ? medianInterval(differences) : null;
  if (!interval || !differences.every(Number.isFinite)) {
    return { interval, verdict: { condition: `${label} ≤ ${base} (not measured)`, pass: false } };
  }
  const said = `median ${signedMs(interval.median)}, 95% interval ${signedMs(interval.low)} … ${signedMs(interval.high)}`;
  return {
    interval,
    verdict: {
      condition: `${label} ≤ ${base}, paired by round (${said})`,
      pass: interval.low <= 0,
    },
  };
}

const signedMs = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(1)} ms`;
