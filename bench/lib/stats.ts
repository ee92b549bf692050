export interface Summary {
  n: number;
  min: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of ascending `sorted` (p in 0–100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('no samples');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    mean: sum / sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export interface MedianInterval {
  median: number;
  /** The bounds between which the true median lies with the interval's confidence. */
  low: number;
  high: number;
}

/**
 * The median of `samples` and a distribution-free interval around it (the sign test's): the
 * order statistics at ranks k and n + 1 − k, with k the largest rank a fair coin leaves
 * below with a chance of at most (1 − confidence) / 2. Noise the samples hold widens it,
 * so a comparison judged on it claims no more than the measurement can tell.
 */
export function medianInterval(samples: readonly number[], confidence = 0.95): MedianInterval {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) throw new Error('no samples');
  const tail = (1 - confidence) / 2;
  // P(X ≤ i) for X ~ Binomial(n, 1/2), summed term by term. Each term is kept as its log:
  // 0.5^n alone underflows to 0 past n = 1,074, and a sum of zeros would pass every rank.
  let logTerm = n * Math.log(0.5);
  let below = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    below += Math.exp(logTerm);
    if (below > tail) break;
    k = i + 1;
    logTerm += Math.log(n - i) - Math.log(i + 1);
  }
  const rank = Math.max(1, k);
  return {
    median: percentile(sorted, 50),
    low: sorted[rank - 1] as number,
    high: sorted[n - rank] as number,
  };
}
