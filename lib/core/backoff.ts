/** Capped exponential backoff: `baseMs × 2^attempt`, never above `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/** The one backoff formula: the wait before try number `attempt` (0-based), without jitter. */
export const backoffCeiling = (attempt: number, backoff: Backoff): number =>
  Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(Math.max(attempt, 0), 30));

/**
 * The same with "equal jitter" (half fixed, half random): many clients waiting on one
 * server come back spread apart, never at once, and never sooner than half the ceiling.
 */
export function jitteredBackoff(attempt: number, backoff: Backoff, random: () => number): number {
  const ceiling = backoffCeiling(attempt, backoff);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export type ReconnectPolicy = Backoff;

export const DEFAULT_RECONNECT: ReconnectPolicy = { baseMs: 500, maxMs: 30_000 };

/** How long a dropped connection waits before its next try. */
export const reconnectDelay = (
  attempt: number,
  policy: ReconnectPolicy,
  random: () => number,
): number => jitteredBackoff(attempt, policy, random);
