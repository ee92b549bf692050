/**
 * The sandbox's notion of "now": wall time plus an offset set by `POST /__sandbox/clock`,
 * so tests can make the server's clock disagree with the client's (HMAC skew, receive
 * windows, expired markets) without touching the machine's clock.
 */
export class SandboxClock {
  private offset = 0;

  constructor(private readonly wallNow: () => number = Date.now) {}

  now(): number {
    return this.wallNow() + this.offset;
  }

  iso(at: number = this.now()): string {
    return new Date(at).toISOString();
  }

  get offsetMs(): number {
    return this.offset;
  }

  setOffset(offsetMs: number): void {
    this.offset = offsetMs;
  }
}
