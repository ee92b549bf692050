import { MOVE_SETTLE_MS } from '../components/panel/model/aim';

/*
 * The one way a test polls, with a deadline fit for tests that talk to real servers and
 * browsers on a loaded 2-core machine (the whole suite in parallel, a socket can take over a
 * second to connect). A passing wait returns as soon as its check does; the deadline only
 * bounds a failing one. No vitest import: the e2e harness it serves also runs outside vitest
 * (`npm run screenshots`). The clock and timer are the real ones, taken when this module
 * loads, so a test's fake timers neither stall a wait nor stretch its deadline.
 */
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now;

/** Polls `check` until it stops throwing (an `expect` that holds); returns what it returned. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeout = 10_000, interval = 20 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = realNow() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (realNow() >= deadline) throw error;
    }
    await new Promise((resolve) => realSetTimeout(resolve, interval));
  }
}

/** Polls `check` until it returns something truthy, and returns that. */
export function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 100, what = 'condition' } = {},
): Promise<NonNullable<T>> {
  return waitFor(
    async () => {
      let value: T;
      try {
        value = await check();
      } catch (error) {
        throw new Error(`${what} not met within ${timeoutMs} ms (last: ${String(error)})`);
      }
      if (!value) {
        throw new Error(`${what} not met within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
      }
      return value as NonNullable<T>;
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}

/**
 * Waits out the panel's aim window (a little past it): a press after this meets a target
 * that has been still for the settle time. Waiting for time is the point here: the product
 * asks for it.
 */
export const pastAimWindow = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, MOVE_SETTLE_MS + 100));
