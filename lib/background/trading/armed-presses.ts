import { ARMED_PRESS_MS } from '../../core/orders/confirm';

/** One armed first press: which button (the order's parameters) and until when. */
interface ArmedPress {
  press: string;
  until: number;
}

/** More senders than anyone has panels open: a bound on what a flood of first presses keeps. */
const MAX_SCOPES = 64;

/**
 * The second press of a large order, known to the background: a message saying "confirmed"
 * is never believed. A first press arms its sender's one record (its tab, or the extension
 * pages); the same press again within the window is the confirming one and uses it up. Any
 * other order press from that sender ends the arming, as it disarms the panel's button.
 * Memory only: a worker stopped between the two presses asks for the second press again.
 */
export class ArmedPresses {
  private readonly armed = new Map<string, ArmedPress>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A first press: armed for `scope`, in place of whatever was. */
  arm(scope: string, press: string): void {
    const now = this.now();
    this.armed.delete(scope);
    for (const [key, old] of this.armed) if (old.until <= now) this.armed.delete(key);
    if (this.armed.size >= MAX_SCOPES) {
      const oldest = this.armed.keys().next().value;
      if (oldest !== undefined) this.armed.delete(oldest);
    }
    this.armed.set(scope, { press, until: now + ARMED_PRESS_MS });
  }

  /** Any other press: whether it is the armed one again, in time. The arming ends either way. */
  take(scope: string, press: string): boolean {
    const armed = this.armed.get(scope);
    this.armed.delete(scope);
    return armed !== undefined && armed.press === press && this.now() < armed.until;
  }
}
