import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutcomeWaiters } from '../../../lib/desk/outcome-waiters';

describe('OutcomeWaiters', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('wakes every caller waiting on an intent, and only those', async () => {
    const waiters = new OutcomeWaiters();
    const woke: string[] = [];
    void waiters.wait('a', 8_000).then(() => woke.push('a1'));
    void waiters.wait('a', 8_000).then(() => woke.push('a2'));
    void waiters.wait('b', 8_000).then(() => woke.push('b'));
    waiters.wake('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toEqual(['a1', 'a2']);
  });

  it('lets a caller go at its own time limit when nothing wakes it', async () => {
    const waiters = new OutcomeWaiters();
    let done = false;
    void waiters.wait('a', 1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    // A later wake finds nobody and does nothing.
    waiters.wake('a');
  });
});
