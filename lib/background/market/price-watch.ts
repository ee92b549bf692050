import type { Orderbook } from '../../core/api/markets';
import { priceNumberToRaw } from '../../core/format/raw-price';
import type { MarketPrices } from '../../core/price-alerts/condition';
import { addAlert, armedMarkets, fireHolding, removeAlert } from '../../core/price-alerts/list';
import { describeCondition } from '../../core/price-alerts/rules';
import { type NewPriceAlert, type PriceAlert, PriceAlerts } from '../../core/price-alerts/schema';
import type { Settings } from '../../core/settings/schema';
import { PRICE_ALERTS_KEY } from '../../storage/keys';
import { type StoredItem, storedItem } from '../../storage/stored-item';
import { notificationId } from '../notifications/notifier';
import type { Platform } from '../platform';
import type { Publish } from '../ui/changes';

/** A CLOB book's prices as the alerts read them: its best levels and its midpoint. */
export function pricesOfBook(book: Orderbook): MarketPrices {
  return {
    bestBidRaw: priceNumberToRaw(book.bids[0]?.price),
    bestAskRaw: priceNumberToRaw(book.asks[0]?.price),
    lastRaw: priceNumberToRaw(book.adjustedMidpoint),
  };
}

/** An AMM market has no book: its pool price is its last price. */
export function pricesOfPool(prices: readonly [number, number]): MarketPrices {
  return { bestBidRaw: null, bestAskRaw: null, lastRaw: priceNumberToRaw(prices[0]) };
}

export class PriceAlertCapError extends Error {
  override name = 'PriceAlertCapError';
}

/**
 * The user's price alerts: stored in the protected store (they outlive the worker and the
 * browser), checked against every book and pool price of their markets, and fired once.
 * Changes run one after another, so an alert is never fired twice by two updates that
 * arrive together, and the fired state is stored before the notification is raised: a
 * worker stopped between the two shows none rather than two.
 */
export class PriceWatch {
  private alerts: PriceAlert[] = [];
  private readonly item: StoredItem<PriceAlert[]>;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: {
      platform: Platform;
      settings: () => Settings;
      now: () => number;
      newId?: () => string;
      publish: Publish;
      /** The markets armed alerts watch changed (the subscriptions follow). */
      onMarketsChanged: () => void;
    },
  ) {
    this.item = storedItem(deps.platform.local, PRICE_ALERTS_KEY, PriceAlerts);
  }

  restore(): Promise<void> {
    return this.serial(async () => {
      this.alerts = (await this.item.get()) ?? [];
    });
  }

  list(): PriceAlert[] {
    return this.alerts;
  }

  /** The markets armed alerts need live prices of. */
  markets(): Set<string> {
    return armedMarkets(this.alerts);
  }

  /** Throws `PriceAlertCapError` (whose message is the sentence to show) at the cap. */
  add(request: NewPriceAlert, marketTitle: string): Promise<PriceAlert> {
    return this.serial(async () => {
      const result = addAlert(this.alerts, request, {
        id: this.deps.newId?.() ?? crypto.randomUUID(),
        marketTitle,
        now: this.deps.now(),
      });
      if (!result.ok) throw new PriceAlertCapError(result.message);
      await this.commit(result.alerts);
      return result.added;
    });
  }

  remove(id: string): Promise<void> {
    return this.serial(async () => {
      if (!this.alerts.some((alert) => alert.id === id)) return;
      await this.commit(removeAlert(this.alerts, id));
    });
  }

  /** Every book and pool price of a watched market comes through here. */
  /** Whether an armed alert watches this market: the busy path asks before reading prices. */
  watching(marketSlug: string): boolean {
    return this.alerts.some((a) => a.marketSlug === marketSlug && a.firedAt === null);
  }

  observe(marketSlug: string, prices: MarketPrices): Promise<void> {
    if (!this.watching(marketSlug)) return Promise.resolve();
    return this.serial(async () => {
      const { alerts, fired } = fireHolding(this.alerts, marketSlug, prices, this.deps.now());
      if (fired.length === 0) return;
      await this.commit(alerts);
      if (!this.deps.settings().notifications.enabled) return;
      for (const alert of fired) {
        await this.deps.platform.notifications
          .create(
            notificationId({ key: `price-alert:${alert.id}`, marketSlug: alert.marketSlug }),
            'Price alert',
            `${describeCondition(alert)} on ${alert.marketTitle}`,
          )
          .catch(() => undefined);
      }
    });
  }

  private async commit(next: PriceAlert[]): Promise<void> {
    const marketsBefore = [...armedMarkets(this.alerts)].sort().join(' ');
    await this.item.set(next);
    this.alerts = next;
    this.deps.publish({ kind: 'price-alerts' });
    if ([...armedMarkets(next)].sort().join(' ') !== marketsBefore) this.deps.onMarketsChanged();
  }

  private serial<T>(run: () => Promise<T>): Promise<T> {
    const result = this.queue.then(run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
