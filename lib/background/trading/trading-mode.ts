import type { ExchangeClient } from '../../core/client/exchange-client';
import type { TradingModeView } from '../../protocol/views';
import type { Publish } from '../ui/changes';

const MAINTENANCE_EVERY_MS = 60_000;

/**
 * The exchange's trading mode: asked for at start, after any refusal that names it, and
 * every `everyMs` while a UI is open (nobody to tell otherwise).
 */
export class TradingModeWatch {
  mode: TradingModeView | null = null;
  private check: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly api: () => ExchangeClient,
    private readonly now: () => number,
    private readonly publish: Publish,
    private readonly everyMs = MAINTENANCE_EVERY_MS,
  ) {}

  /** Asks the exchange for its trading mode; callers at the same moment share one request. */
  refresh(): Promise<void> {
    this.check ??= (async () => {
      try {
        const status = await this.api().getMaintenanceStatus();
        this.mode = { ...status, checkedAt: this.now() };
      } catch {
        // Keep the last known mode; the next check will try again.
      } finally {
        this.check = null;
      }
      this.publish({ kind: 'trading-mode' });
    })();
    return this.check;
  }

  /** Polls while someone watches, and stops when the last UI closes. */
  setWatched(watched: boolean): void {
    if (watched && !this.timer) {
      this.timer = setInterval(() => void this.refresh(), this.everyMs);
    } else if (!watched && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
