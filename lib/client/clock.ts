/**
 * The exchange's clock as seen from here. Requests are signed with server time so a
 * local clock minutes off still authenticates (the exchange allows 30 s of skew).
 * The offset is learned from each response's `Date` header (1 s resolution).
 */
export class ServerClock {
  private offsetMs = 0;
  private learned = false;

  constructor(private readonly localNow: () => number = Date.now) {}

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
   * `sentAt`/`receivedAt` are local times around the request. The `Date` header
   * truncates to the second, so the true server time lies in [date, date + 1 s);
   * only an error larger than that moves the offset, which keeps it from jittering.
   */
  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void {
    if (!dateHeader) return;
    const serverSecond = Date.parse(dateHeader);
    if (Number.isNaN(serverSecond)) return;
    const midpoint = (sentAt + receivedAt) / 2;
    const estimate = serverSecond + 500 - midpoint;
    const slack = 500 + (receivedAt - sentAt) / 2;
    if (!this.learned || Math.abs(estimate - this.offsetMs) > slack + 250) {
      this.offsetMs = Math.round(estimate);
    }
    this.learned = true;
  }

  /** Resets to an explicit offset (tests, and state restored after a worker restart). */
  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
    this.learned = true;
  }
}
