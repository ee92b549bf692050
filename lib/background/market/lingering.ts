/**
 * Markets a page panel showed a moment ago. A reload, a back-and-forth between two market
 * pages or a tab's quick close and reopen would otherwise drop the market's book and
 * subscription and fetch them again before the panel could paint; kept live for a short
 * while after their last panel closed, they are there when it comes back (and stay live:
 * the subscription runs the whole time, so nothing shown is stale).
 */
export class LingeringMarkets {
  private previous = new Set<string>();
  private readonly until = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly lingerMs: number,
    private readonly now: () => number,
    /** A lingering market's time ran out: the caller recomputes what it watches. */
    private readonly onExpired: () => void,
  ) {}

  /** The markets to keep live: those watched now and those watched less than `lingerMs` ago. */
  keep(watched: ReadonlySet<string>): Set<string> {
    const now = this.now();
    for (const slug of this.previous)
      if (!watched.has(slug)) this.until.set(slug, now + this.lingerMs);
    for (const slug of watched) this.until.delete(slug);
    for (const [slug, until] of this.until) if (until <= now) this.until.delete(slug);
    this.previous = new Set(watched);
    this.schedule(now);
    return new Set([...watched, ...this.until.keys()]);
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(now: number): void {
    this.stop();
    if (this.until.size === 0) return;
    const next = Math.min(...this.until.values());
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.onExpired();
      },
      Math.max(0, next - now),
    );
  }
}
