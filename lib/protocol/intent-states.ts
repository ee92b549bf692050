/*
 * Where an intent stands, as plain values: a UI that colours or filters intents needs these
 * and no schema library (intent.ts builds the schema from the same list).
 */

/** Waiting on us (`preparing` … `reconciling`) or on the exchange (`delayed`, `resting`). */
const OPEN = ['preparing', 'sending', 'reconciling', 'delayed', 'resting'] as const;
/** The states a user is told about, and that never change again. */
const FINAL = [
  'filled',
  'partially-filled',
  'cancelled',
  'stp-cancelled',
  'killed',
  'rejected',
  'failed',
] as const;

export const INTENT_STATES = [...OPEN, ...FINAL] as const;
export type IntentState = (typeof INTENT_STATES)[number];

const FINAL_STATES: ReadonlySet<IntentState> = new Set<IntentState>(FINAL);
export const isFinal = (state: IntentState): boolean => FINAL_STATES.has(state);
