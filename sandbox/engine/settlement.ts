/**
 * Settlement of matched trades: each trade is MATCHED at once and settles after a delay,
 * MINED or, when a fault asks for it, FAILED (the ledger then rolls the trade back).
 * Time is injected, so tests drive it without waiting.
 */
export type SettlementResult = 'MINED' | 'FAILED';

export interface SettlementTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: SettlementTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class SettlementQueue {
  private readonly pending = new Map<string, unknown>();
  private failuresLeft = 0;

  constructor(
    private readonly settleMs: number,
    private readonly onSettled: (tradeEventId: string, result: SettlementResult) => void,
    private readonly timers: SettlementTimers = realTimers,
  ) {}

  /** The next `count` trades to settle fail instead of being mined. */
  failNext(count: number): void {
    this.failuresLeft += count;
  }

  clearFailures(): void {
    this.failuresLeft = 0;
  }

  get failuresPending(): number {
    return this.failuresLeft;
  }

  schedule(tradeEventId: string): void {
    const handle = this.timers.setTimeout(() => {
      this.pending.delete(tradeEventId);
      let result: SettlementResult = 'MINED';
      if (this.failuresLeft > 0) {
        this.failuresLeft--;
        result = 'FAILED';
      }
      this.onSettled(tradeEventId, result);
    }, this.settleMs);
    this.pending.set(tradeEventId, handle);
  }

  get size(): number {
    return this.pending.size;
  }

  clear(): void {
    for (const handle of this.pending.values()) this.timers.clearTimeout(handle);
    this.pending.clear();
    this.failuresLeft = 0;
  }
}
