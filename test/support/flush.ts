import { act } from '@testing-library/preact';
import { vi } from 'vitest';

/**
 * Runs what is already queued, and nothing later: promises that have settled (a fake
 * background's answers) get their callbacks, which is one macrotask away. Not a wait
 * for time to pass: anything on a timer is not run.
 */
export const flushTasks = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** `flushTasks` inside `act`, so the components' renders and effects are done too. */
export const flushUi = (): Promise<void> => act(() => flushTasks());

/** `flushUi` for tests on fake timers, where a zero-delay timeout runs only when advanced. */
export const flushUiFaked = (): Promise<void> =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
