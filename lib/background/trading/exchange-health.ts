import { ExchangeError } from '../../core/client/errors';
import type { ExchangeStatus } from '../../protocol/views';

/*
 * Why a heartbeat of our own, and these figures. The spec offers the socket no ping event
 * and no acknowledgement, and Socket.IO's own ping is the server's (often 25 s + 20 s):
 * far too slow to say "down" within 2 s. The cheapest documented request is the public
 * `GET /maintenance/status`, so that is the beat (its answer, the trading mode, is the
 * composition root's to hand on: no other poll reads it). One beat is sent at a time, the next
 * `HEARTBEAT_EVERY_MS` after the last one ended; a beat unanswered after
 * `HEARTBEAT_TIMEOUT_MS` (or refused) is one miss, and one miss is "down": a server that
 * hangs right after answering is caught at worst 0.5 + 1.4 = 1.9 s later
 * (`OUTAGE_DETECTION_MS`), within the 2 s asked. The timeout is the larger share so that a
 * slow answer on a busy machine is still an answer. A dropped socket or a failed request
 * is not waited for: it sends a beat at once (a process that is gone refuses it in
 * milliseconds). One answer is "up" again.
 *
 * The beat runs only while someone would be told (a popup or panel open) or an order is
 * in flight: with neither, the worker is allowed to sleep, and a price alert's market
 * needs no beat (a silent exchange sends no book, so nothing fires wrongly).
 */
/** The longest a silent exchange goes unnoticed while the beat runs: the budget the rest follows. */
export const OUTAGE_DETECTION_MS = 1_900;
export const HEARTBEAT_EVERY_MS = 500;
export const HEARTBEAT_TIMEOUT_MS = OUTAGE_DETECTION_MS - HEARTBEAT_EVERY_MS;

export interface HealthOptions {
  /** One beat: resolves when the exchange answered (whatever it answered). */
  probe: (signal: AbortSignal) => Promise<unknown>;
  now: () => number;
  onChange: (status: ExchangeStatus) => void;
}

/** Whether a failed request means nobody answered (as opposed to an answer saying no). */
export function unanswered(error: unknown): boolean {
  if (!(error instanceof ExchangeError)) return true;
  return error.info.kind === 'network' || error.info.kind === 'aborted';
}

/** The exchange's one `up | down` state, from the heartbeat and the live connection. */
export class ExchangeHealth {
  status: ExchangeStatus = { status: 'up' };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private beating = false;
  private needed = false;
  private lastAnsweredAt: number | null = null;
  /** When a dropped socket or a failed request first said "maybe down". */
  private suspectSince: number | null = null;

  constructor(private readonly options: HealthOptions) {}

  /** Someone needs to know (a UI open, an order in flight): beats run only then. */
  setNeeded(needed: boolean): void {
    if (needed === this.needed) return;
    this.needed = needed;
    if (needed) this.beatNow();
    else if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  /** The socket dropped or a request went unanswered: a beat goes now, not at its turn. */
  suspect(): void {
    this.suspectSince ??= this.options.now();
    this.beatNow();
  }

  /** A beat now (a UI just opened, the socket connected): none if one is on its way. */
  beatNow(): void {
    if (this.beating) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.beat();
  }

  private async beat(): Promise<void> {
    this.beating = true;
    const { now, probe } = this.options;
    const sentAt = now();
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), HEARTBEAT_TIMEOUT_MS);
    let answered: boolean;
    let reason = 'no answer';
    try {
      await probe(abort.signal);
      answered = true;
    } catch (error) {
      answered = !unanswered(error);
      reason = abort.signal.aborted
        ? `no answer within ${HEARTBEAT_TIMEOUT_MS / 1000} s`
        : error instanceof Error && error.message
          ? error.message
          : 'connection refused';
    } finally {
      clearTimeout(timeout);
      this.beating = false;
    }
    if (answered) this.up();
    else this.down(sentAt, reason);
    if (this.needed && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.beatNow();
      }, HEARTBEAT_EVERY_MS);
    }
  }

  private up(): void {
    this.lastAnsweredAt = this.options.now();
    this.suspectSince = null;
    if (this.status.status === 'up') return;
    this.status = { status: 'up' };
    this.options.onChange(this.status);
  }

  private down(sentAt: number, reason: string): void {
    if (this.status.status === 'down') return;
    this.status = {
      status: 'down',
      since: Math.min(this.suspectSince ?? sentAt, sentAt),
      detectedAt: this.options.now(),
      lastAnsweredAt: this.lastAnsweredAt,
      reason,
    };
    this.options.onChange(this.status);
  }
}
