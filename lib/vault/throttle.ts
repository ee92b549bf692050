import { z } from 'zod';
import { backoffCeiling } from '../core/backoff';
import type { StoredItem } from '../storage/stored-item';

/** Wrong passphrases so far, and when the last one was tried (storage.session). */
export const Attempts = z.object({ failures: z.number().int().min(0), lastAt: z.number() });
export type Attempts = z.infer<typeof Attempts>;

/** Tries before any wait: enough for typos, too few for guessing. */
export const FREE_ATTEMPTS = 5;
export const MAX_ATTEMPT_WAIT_MS = 5 * 60_000;
const UNLOCK_BACKOFF = { baseMs: 1_000, maxMs: MAX_ATTEMPT_WAIT_MS };

/** When the next try is allowed: after the free ones, 1 s, 2 s, 4 s… up to 5 minutes. */
export function nextAttemptAt(attempts: Attempts): number {
  if (attempts.failures < FREE_ATTEMPTS) return 0;
  return attempts.lastAt + backoffCeiling(attempts.failures - FREE_ATTEMPTS, UNLOCK_BACKOFF);
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A wait as a person reads it: "8 seconds", "2 minutes 8 seconds" (rounded up to the second). */
export function waitInWords(ms: number): string {
  const total = Math.max(1, Math.ceil(ms / 1_000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes === 0) return unit(seconds, 'second');
  return seconds === 0
    ? unit(minutes, 'minute')
    : `${unit(minutes, 'minute')} ${unit(seconds, 'second')}`;
}

/** A try refused without being tried: the wait after the last wrong passphrase is not over. */
export class TooManyAttempts extends Error {
  override name = 'TooManyAttempts';
  constructor(readonly waitMs: number) {
    super(`Too many wrong passphrases: try again in ${waitInWords(waitMs)}.`);
  }
}

/**
 * Every passphrase the extension is asked to check goes through here, one at a time: a
 * try reads the count, is refused while the wait is on, and is counted as wrong in
 * `storage.session` before it is tried (so a worker stopped during the key derivation
 * still counts it); a right one clears the count. Tries that overlap wait their turn
 * behind the one being derived, then read the count it left: a burst of guesses meets
 * the throttle after the free ones instead of each reading the count before any was
 * written. A restarted worker has a fresh queue but reads the stored count first.
 */
export class UnlockThrottle {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly attempts: StoredItem<Attempts>,
    private readonly now: () => number,
  ) {}

  /**
   * Runs `check` alone. `isWrong` tells a wrong passphrase (counted, the wait starting
   * from its answer) from any other failure (the try is not held against the user).
   */
  attempt<T>(check: () => Promise<T>, isWrong: (error: unknown) => boolean): Promise<T> {
    const turn = this.queue.then(() => this.counted(check, isWrong));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async counted<T>(
    check: () => Promise<T>,
    isWrong: (error: unknown) => boolean,
  ): Promise<T> {
    const before = (await this.attempts.get()) ?? { failures: 0, lastAt: 0 };
    const at = nextAttemptAt(before);
    if (this.now() < at) throw new TooManyAttempts(at - this.now());
    const failures = before.failures + 1;
    await this.attempts.set({ failures, lastAt: this.now() });
    let result: T;
    try {
      result = await check();
    } catch (error) {
      if (isWrong(error)) await this.attempts.set({ failures, lastAt: this.now() });
      else if (before.failures > 0) await this.attempts.set(before);
      else await this.attempts.remove();
      throw error;
    }
    await this.attempts.remove();
    return result;
  }
}
