/**
 * Callers waiting for an intent's first outcome (a final state, or one that waits on the
 * exchange): each is woken by it or by its own time limit, whichever comes first.
 */
export class OutcomeWaiters {
  private readonly waiting = new Map<string, Set<() => void>>();

  /** Resolves when `id` is woken, or after `waitMs`. */
  wait(id: string, waitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, waitMs);
      let set = this.waiting.get(id);
      if (!set) {
        set = new Set();
        this.waiting.set(id, set);
      }
      const waiters = set;
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
    });
  }

  wake(id: string): void {
    for (const done of this.waiting.get(id) ?? []) done();
    this.waiting.delete(id);
  }
}
