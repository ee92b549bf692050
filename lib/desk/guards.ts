import { formatUsd } from '../core/format/money';
import { aboveCapReason, CAPS_SETTING } from '../core/orders/cap';

export interface GuardLimits {
  maxOrderNotionalRaw: bigint;
  maxOrdersPerMinute: number;
  confirmAboveRaw: bigint;
}

export type GuardVerdict =
  | { ok: true }
  | { ok: false; code: 'notional-cap' | 'rate-cap' | 'needs-confirmation'; message: string };

/**
 * The desk's own limits, applied to every intent whatever its sender: a per-order
 * notional cap, a per-minute order cap and the confirmation threshold.
 */
export class OrderGuards {
  private readonly recent: number[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  check(notionalRaw: bigint, confirmed: boolean, limits: GuardLimits): GuardVerdict {
    if (notionalRaw > limits.maxOrderNotionalRaw) {
      return {
        ok: false,
        code: 'notional-cap',
        message: aboveCapReason(limits.maxOrderNotionalRaw, notionalRaw),
      };
    }
    if (notionalRaw > limits.confirmAboveRaw && !confirmed) {
      return {
        ok: false,
        code: 'needs-confirmation',
        message: `Orders above ${formatUsd(limits.confirmAboveRaw)} need a second click within 3 seconds.`,
      };
    }
    const cutoff = this.now() - 60_000;
    while (this.recent.length > 0 && (this.recent[0] ?? 0) <= cutoff) this.recent.shift();
    if (this.recent.length >= limits.maxOrdersPerMinute) {
      return {
        ok: false,
        code: 'rate-cap',
        message: `You have placed ${limits.maxOrdersPerMinute} orders in the last minute, your cap: wait a moment, or raise it in ${CAPS_SETTING}.`,
      };
    }
    return { ok: true };
  }

  /**
   * After a worker restart, the orders that went out before it (from the journal) count
   * again: the per-minute cap is not reset by stopping the worker.
   */
  restore(sentAt: readonly number[]): void {
    const cutoff = this.now() - 60_000;
    this.recent.splice(
      0,
      this.recent.length,
      ...sentAt.filter((t) => t > cutoff).sort((a, b) => a - b),
    );
  }

  /** Counts an order against the per-minute cap once it is really going out. */
  record(): void {
    this.recent.push(this.now());
  }
}
