/** A large order is placed by a second click on the same button within this window. */
export const CONFIRM_WINDOW_MS = 3_000;

/**
 * How long the background keeps a first press armed: the panel's window, plus a margin for
 * the first press's refusal to reach the panel and the second press to come back (the
 * panel's window may start that much later than the background's record).
 */
export const ARMED_PRESS_MS = CONFIRM_WINDOW_MS + 2_000;

/** The button waiting for its confirming click, and until when. */
export interface Armed {
  key: string;
  until: number;
}

/**
 * What the panel does with a press. Every press is sent: the background, not the message,
 * knows whether it is the confirming one (it armed the first press itself).
 */
export type PressDecision =
  /** An order below the threshold, or the second press on the armed button. */
  | { kind: 'send' }
  /**
   * First press on a large order: arm this button at once, and send the press; the
   * background records it and answers with the "click again" refusal.
   */
  | { kind: 'arm'; armed: Armed };

export const isArmed = (armed: Armed | null, key: string, now: number): boolean =>
  armed !== null && armed.key === key && now < armed.until;

export const arm = (key: string, now: number): Armed => ({ key, until: now + CONFIRM_WINDOW_MS });

/**
 * One press of a quick-trade button. Small orders go at once; a large one needs the same
 * button again before the window closes. A press on another button, or after the window,
 * starts over (arms that button), so one stray click never places a large order.
 */
export function decidePress(
  armed: Armed | null,
  key: string,
  needsConfirmation: boolean,
  now: number,
): PressDecision {
  if (isArmed(armed, key, now) || !needsConfirmation) return { kind: 'send' };
  return { kind: 'arm', armed: arm(key, now) };
}

/** The field of the background's refusal of an unconfirmed large order. */
export const CONFIRM_FIELD = 'confirmed';

/** Whether a refusal means "click again to confirm" (the panel then arms the button). */
export const isConfirmationRefusal = (info: {
  kind: string;
  issues?: readonly { field: string; message?: string }[];
}): boolean =>
  info.kind === 'validation' && (info.issues ?? []).some((i) => i.field === CONFIRM_FIELD);
