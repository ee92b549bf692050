import type { MaintenanceStatus } from '../../core/api/maintenance';
import type { ExchangeClient } from '../../core/client/exchange-client';
import type { TradingModeView } from '../../protocol/views';
import type { Publish } from '../ui/changes';

/** Whether two answers say the same: the time each was read is not part of what they say. */
const sameStatus = (a: MaintenanceStatus, b: MaintenanceStatus): boolean =>
  a.mode === b.mode &&
  a.resumeAt === b.resumeAt &&
  a.restrictions.length === b.restrictions.length &&
  a.restrictions.every((r, i) => r === b.restrictions[i]);

/**
 * The exchange's trading mode. It is asked for at start, on every (re)connection and after
 * any refusal that names it; while a UI is open or an order is in flight, the heartbeat
 * (exchange-health.ts) reads the same `GET /maintenance/status` every beat and hands its
 * answer here, so there is no poll of its own.
 */
export class TradingModeWatch {
  mode: TradingModeView | null = null;
  private check: Promise<void> | null = null;

  constructor(
    private readonly api: () => ExchangeClient,
    private readonly now: () => number,
    private readonly publish: Publish,
  ) {}

  /** Asks the exchange for its trading mode; callers at the same moment share one request. */
  refresh(): Promise<void> {
    this.check ??= (async () => {
      try {
        this.observed(await this.api().getMaintenanceStatus());
      } catch {
        // Keep the last known mode; the next check will try again.
      } finally {
        this.check = null;
      }
    })();
    return this.check;
  }

  /** An answer of the exchange's (a refresh, a heartbeat): the UIs hear of it only when the mode changed. */
  observed(status: MaintenanceStatus): void {
    const before = this.mode;
    this.mode = { ...status, checkedAt: this.now() };
    if (before === null || !sameStatus(before, status)) this.publish({ kind: 'trading-mode' });
  }
}
