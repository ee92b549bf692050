import type { SandboxCore } from '../core/core';

export interface BotOptions {
  seed: number;
}

export interface RunningBots {
  stop(): void;
}

/**
 * Trading bots (makers quoting around a drifting midpoint, takers trading now and then).
 * Not written yet: this starts nothing. The bots work will fill it in, placing orders
 * with `core.placeOrder` signed by the bot profiles' keys.
 */
export function startBots(_core: SandboxCore, _options: BotOptions): RunningBots {
  return { stop: () => {} };
}
