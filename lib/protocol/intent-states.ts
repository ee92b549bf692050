/*
 * Where an intent stands, as plain values: a UI that colours or filters intents needs these
 * and no schema library (intent.ts builds the schema from the same list).
 */

/**
 * Final states are the ones a user is told about and that never change again; `delayed`
 * and `resting` are waiting on the exchange.
 */
export const INTENT_STATES = [
  'preparing',
  'sending',
  'reconciling',
  'delayed',
  'resting',
  'filled',
  'partially-filled',
  'cancelled',
  'stp-cancelled',
  'killed',
  'rejected',
  'failed',
] as const;
export type IntentState = (typeof INTENT_STATES)[number];

export const FINAL_STATES: ReadonlySet<IntentState> = new Set<IntentState>([
  'filled',
  'partially-filled',
  'cancelled',
  'stp-cancelled',
  'killed',
  'rejected',
  'failed',
]);
export const isFinal = (state: IntentState): boolean => FINAL_STATES.has(state);
