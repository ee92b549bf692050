/** What the auto-lock needs from `chrome.alarms` (alarms survive a stopped worker; timers do not). */
export interface AlarmScheduler {
  create(name: string, when: number): Promise<void>;
  clear(name: string): Promise<void>;
  /** When the alarm `name` is due (ms since the epoch), or null when there is none. */
  scheduled(name: string): Promise<number | null>;
}

export const AUTO_LOCK_ALARM = 'vault-auto-lock';

/** Re-arming on every click would churn alarms; moving the deadline by less than this is skipped. */
const RESCHEDULE_SLACK_MS = 30_000;

/**
 * Locks the vault after a quiet period. Every user action calls `touch()`; the alarm
 * fires `AUTO_LOCK_ALARM` and the background locks.
 */
export class AutoLock {
  private deadline: number | null = null;
  /** The idle length the deadline was set with. */
  private armedFor: number | null = null;

  constructor(
    private readonly alarms: AlarmScheduler,
    private readonly idleMinutes: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  async touch(): Promise<void> {
    const next = this.now() + this.idleMinutes() * 60_000;
    if (this.deadline !== null && Math.abs(next - this.deadline) < RESCHEDULE_SLACK_MS) return;
    this.deadline = next;
    this.armedFor = this.idleMinutes();
    await this.alarms.create(AUTO_LOCK_ALARM, next);
  }

  async stop(): Promise<void> {
    this.deadline = null;
    await this.alarms.clear(AUTO_LOCK_ALARM);
  }

  /**
   * After a restart: the deadline is the surviving alarm's. Starting from none would let
   * the first touch of a new worker (a UI reconnecting, which is no user action) push the
   * lock back each time the browser restarts the background.
   */
  async restore(): Promise<void> {
    this.deadline = await this.alarms.scheduled(AUTO_LOCK_ALARM);
    this.armedFor = this.idleMinutes();
  }

  /**
   * The idle length setting may have changed: a new length counts from now ("lock after
   * 1 minute" must not wait out the 30-minute deadline the old one armed).
   */
  async lengthChanged(): Promise<void> {
    if (this.deadline === null || this.idleMinutes() === this.armedFor) return;
    this.deadline = null;
    await this.touch();
  }
}

/** The `idle` API reports `locked` when the machine's screen locks. */
export const idleStateLocks = (state: string): boolean => state === 'locked';
