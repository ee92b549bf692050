import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_RETRY,
  isRetryableStatus,
  parseRetryAfter,
  sleep,
} from '../../../../lib/core/client/retry';

describe('retry policy', () => {
  it('retries only 429 and 5xx', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 425, 200].some(isRetryableStatus)).toBe(false);
  });

  it('backs off exponentially with equal jitter, between half and all of the ceiling', () => {
    const low = () => 0;
    const high = () => 1;
    expect([0, 1, 2, 3].map((r) => backoffDelay(r, DEFAULT_RETRY, low))).toEqual([
      100, 200, 400, 800,
    ]);
    expect([0, 1, 2, 3].map((r) => backoffDelay(r, DEFAULT_RETRY, high))).toEqual([
      200, 400, 800, 1600,
    ]);
    expect(backoffDelay(1, DEFAULT_RETRY, () => 0.5)).toBe(300);
  });

  it('caps the backoff at maxDelayMs however many retries', () => {
    expect(backoffDelay(20, DEFAULT_RETRY, () => 1)).toBe(DEFAULT_RETRY.maxDelayMs);
    expect(backoffDelay(20, DEFAULT_RETRY, () => 0)).toBe(DEFAULT_RETRY.maxDelayMs / 2);
  });

  it('bounds attempts and Retry-After by default', () => {
    expect(DEFAULT_RETRY.maxAttempts).toBeGreaterThan(1);
    expect(DEFAULT_RETRY.maxAttempts).toBeLessThanOrEqual(5);
    expect(DEFAULT_RETRY.maxRetryAfterMs).toBeLessThanOrEqual(60_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T08:15:30.000Z');

  it('reads seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 08:15:45 GMT', now)).toBe(15_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 08:00:00 GMT', now)).toBe(0);
  });

  it('gives null when absent or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});

describe('sleep', () => {
  it('resolves after the delay', async () => {
    await expect(sleep(0)).resolves.toBeUndefined();
  });

  it('rejects at once when its signal is already aborted, and when aborted while waiting', async () => {
    await expect(sleep(10, AbortSignal.abort(new Error('stop')))).rejects.toThrow('stop');
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('user'));
    await expect(waiting).rejects.toThrow('user');
  });
});
