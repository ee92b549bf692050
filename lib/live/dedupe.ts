/**
 * Remembers the last `capacity` keys seen. Order events are delivered at least once,
 * from two unordered sources, and again after reconnects: each is acted on once.
 */
export class RecentKeys {
  private readonly seen = new Map<string, true>();

  constructor(private readonly capacity = 5_000) {}

  /** True the first time a key is seen; false for a repeat. */
  firstTime(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.set(key, true);
    if (this.seen.size > this.capacity) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    return true;
  }

  has(key: string): boolean {
    return this.seen.has(key);
  }

  /** For persisting across a worker restart. */
  snapshot(): string[] {
    return [...this.seen.keys()];
  }

  restore(keys: readonly string[]): void {
    for (const key of keys.slice(-this.capacity)) this.seen.set(key, true);
  }
}
