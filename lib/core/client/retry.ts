import { jitteredBackoff } from '../backoff';
export interface RetryPolicy {
  /** Total attempts, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is cut to it. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 15_000,
};

/** Only 429 and 5xx are worth another try (spec: Errors, retry guidance). */
export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

/**
 * Delay before retry number `retry` (0-based): capped exponential backoff with "equal
 * jitter" (half fixed, half random), so retries spread out but never come back at once.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  return jitteredBackoff(retry, { baseMs: policy.baseDelayMs, maxMs: policy.maxDelayMs }, random);
}

/** `Retry-After` as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its weekday and month; `Date.parse` would also take "-5" as a year.
  if (!/[a-z]/i.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
