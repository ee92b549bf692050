export interface ReconnectPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { baseMs: 500, maxMs: 30_000 };

/** Exponential with full jitter in its upper half: spreads reconnecting clients apart. */
export function reconnectDelay(
  attempt: number,
  policy: ReconnectPolicy,
  random: () => number,
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
