/** A large order is placed by a second click on the same button within this window. */
export const CONFIRM_WINDOW_MS = 3_000;

/** The button waiting for its confirming click, and until when. */
export interface Armed {
  key: string;
  until: number;
}

export type PressDecision =
  /** Send now; `confirmed` tells the background this is the second click. */
  | { kind: 'send'; confirmed: boolean }
  /** First click on a large order: arm this button and send nothing. */
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
  if (isArmed(armed, key, now)) return { kind: 'send', confirmed: true };
  if (!needsConfirmation) return { kind: 'send', confirmed: false };
  return { kind: 'arm', armed: arm(key, now) };
}

/** Milliseconds until an armed button falls back (0 when not armed). */
export const armedFor = (armed: Armed | null, now: number): number =>
  armed ? Math.max(0, armed.until - now) : 0;

/** The field of the background's refusal of an unconfirmed large order. */
export const CONFIRM_FIELD = 'confirmed';

/** Whether a refusal means "click again to confirm" (the panel then arms the button). */
export const isConfirmationRefusal = (info: {
  kind: string;
  issues?: readonly { field: string; message?: string }[];
}): boolean =>
  info.kind === 'validation' && (info.issues ?? []).some((i) => i.field === CONFIRM_FIELD);
