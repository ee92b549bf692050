import { vi } from 'vitest';

/**
 * `vi.waitFor` with a deadline fit for tests that talk to real servers in the same process:
 * on a loaded 2-core machine (the whole suite in parallel) a socket can take over the
 * default second to connect. A passing wait returns as soon as its check does.
 */
export function waitFor<T>(
  check: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
): Promise<T> {
  return vi.waitFor(check, { timeout: 10_000, interval: 20, ...options });
}
