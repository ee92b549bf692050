/**
 * The exchange's clock as seen from here. Requests are signed with server time so a
 * local clock minutes off still authenticates (the exchange allows 30 s of skew).
 * The offset is learned from each response's `Date` header (1 s resolution).
 */
export class ServerClock {
  private offsetMs = 0;
  private learned = false;
  /** The offsets consistent with every `Date` header seen since the server's clock last jumped. */
  private low = Number.NEGATIVE_INFINITY;
  private high = Number.POSITIVE_INFINITY;

  /** `localNow` is this machine's clock; the transport times requests with it too. */
  constructor(readonly localNow: () => number = Date.now) {}

  now(): number {
    return this.localNow() + this.offsetMs;
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  get offset(): number {
    return this.offsetMs;
  }

  get isLearned(): boolean {
    return this.learned;
  }

  /**
   * `sentAt`/`receivedAt` are local times around the request. The header was written at
   * some local instant in [sentAt, receivedAt] while the server's clock read somewhere in
   * [date, date + 1 s), which bounds the offset. Each header narrows those bounds, so the
   * estimate converges instead of hopping around within the second; a header outside
   * them means the server's clock moved, and the bounds start again from it.
   */
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void {
    if (!dateHeader) return;
    const serverSecond = Date.parse(dateHeader);
    if (Number.isNaN(serverSecond)) return;
    const low = serverSecond - receivedAt;
    const high = serverSecond + 999 - sentAt;
    if (this.learned && low <= this.high && high >= this.low) {
      this.low = Math.max(this.low, low);
      this.high = Math.min(this.high, high);
    } else {
      this.low = low;
      this.high = high;
    }
    this.offsetMs = Math.round((this.low + this.high) / 2);
    this.learned = true;
  }

  /** Resets to an explicit offset (tests, and state restored after a worker restart). */
  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
    this.low = offsetMs;
    this.high = offsetMs;
    this.learned = true;
  }
}
