import type { ClientErrorInfo } from '../core/client/errors';
import { MAX_RECV_WINDOW_MS } from '../core/orders/rules';
import type { IntentRecord } from './journal';

/**
 * How long after the trader's press the exchange may take to accept an intent; past it no
 * new signature and no new send leaves for that intent.
 *
 * Why 5 s: a trader who pressed and waits expects an answer in seconds, and one told
 * nothing went may press again, so an order must not land later than the moment the panel
 * could have said "not sent". Half the spec's longest receive window (10 s), so the orders
 * themselves can be signed with a window that closes at this deadline: the exchange refuses
 * any copy still on its way after it, which is what makes "nothing was placed" true once
 * the deadline and the window have passed. And long enough for the desk's own recoveries:
 * a lost answer's resends (200 ms, 400 ms), a receive-window refusal's fresh signature
 * (clock skew), a 429's wait. Never longer than the receive window (a test holds that).
 */
export const INTENT_DEADLINE_MS = 5_000;

/**
 * The shortest receive window worth signing with: a fresh signature with less time left
 * before the deadline would be refused for our clock estimate's error alone.
 */
export const MIN_SIGN_WINDOW_MS = 1_000;

/** The sentence an intent ends with when its deadline passed before the exchange took it. */
export const NOT_SENT_UNREACHABLE = {
  kind: 'unavailable',
  message: 'Not sent: the exchange could not be reached. Nothing was placed.',
} as const satisfies ClientErrorInfo;

/** The moment (this machine's clock) after which nothing new is signed or sent for the intent. */
export function deadlineOf(record: IntentRecord): number {
  // A record journaled by a build without deadlines: counted from when it was made.
  return record.deadline ?? record.view.createdAt + INTENT_DEADLINE_MS;
}

/**
 * The receive window to sign with now: the time left before the deadline, never more than
 * the window asked for (`maxMs`) or the exchange allows; null when too little time is left
 * to be worth a signature.
 */
export function signingWindow(record: IntentRecord, now: number, maxMs: number): number | null {
  const left = deadlineOf(record) - now;
  if (left < MIN_SIGN_WINDOW_MS) return null;
  return Math.floor(Math.min(maxMs, MAX_RECV_WINDOW_MS, left));
}
