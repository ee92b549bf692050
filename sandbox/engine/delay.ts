/**
 * Orders held back by a market's taker delay. Pure bookkeeping: the caller owns time and
 * timers, and asks which orders are due.
 */
export class HeldOrders<T extends { id: string }> {
  private readonly held = new Map<string, { item: T; eligibleAt: number }>();

  hold(item: T, eligibleAt: number): void {
    this.held.set(item.id, { item, eligibleAt });
  }

  has(id: string): boolean {
    return this.held.has(id);
  }

  eligibleAt(id: string): number | undefined {
    return this.held.get(id)?.eligibleAt;
  }

  /** Removes an order before it reaches the engine (delayed cancel). */
  cancel(id: string): T | undefined {
    const entry = this.held.get(id);
    if (!entry) return undefined;
    this.held.delete(id);
    return entry.item;
  }

  /** Removes and returns the orders whose time has come, oldest eligibility first. */
  due(now: number): T[] {
    const ready = [...this.held.values()]
      .filter((e) => e.eligibleAt <= now)
      .sort((a, b) => a.eligibleAt - b.eligibleAt);
    for (const e of ready) this.held.delete(e.item.id);
    return ready.map((e) => e.item);
  }

  list(): T[] {
    return [...this.held.values()].map((e) => e.item);
  }

  clear(): void {
    this.held.clear();
  }
}
