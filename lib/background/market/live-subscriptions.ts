import type { LiveConnection } from '../../live/connection';
import type { UiHub } from '../ui/ui-hub';
import type { BookTracker } from './books';
import { LingeringMarkets } from './lingering';

export interface SubscriptionTargets {
  live: Pick<LiveConnection, 'subscribe'>;
  books: Pick<BookTracker, 'forget'>;
  ui: Pick<UiHub, 'watchedMarkets'>;
  /** Markets an armed price alert watches. */
  alertMarkets: () => Iterable<string>;
  /** Markets the user holds contracts in (their P&L is marked to the live book). */
  heldMarkets: () => Iterable<string>;
  /** The markets held changed (sorted, each once): after their books were subscribed. */
  onHeldChanged: (held: readonly string[]) => void;
  lingerMs: number;
  now: () => number;
}

/**
 * What the live connection is subscribed to: the books of the markets a page shows, showed a
 * moment ago (lingering.ts), an armed price alert watches or the user holds; and, while a trading session is
 * open, the account's own streams.
 */
export class LiveSubscriptions {
  private readonly lingering: LingeringMarkets;
  /** The markets held last subscribed: positions read again that hold the same change nothing. */
  private heldKey = '';

  constructor(private readonly to: SubscriptionTargets) {
    this.lingering = new LingeringMarkets(to.lingerMs, to.now, () => this.marketsChanged());
  }

  /** A page opened or closed, a lingering market ran out, or the alerts' markets changed. */
  marketsChanged(): void {
    const { live, books, ui } = this.to;
    // Markets with armed price alerts, and markets held, stay subscribed with no page open.
    const slugs = [
      ...new Set([
        ...this.lingering.keep(ui.watchedMarkets()),
        ...this.to.alertMarkets(),
        ...this.to.heldMarkets(),
      ]),
    ].sort();
    live.subscribe('subscribe_market_prices', slugs.length > 0 ? { marketSlugs: slugs } : null);
    books.forget(new Set(slugs));
  }

  /**
   * The positions were read or moved: when the markets held changed, their books are
   * subscribed (or let go). Most reads and events hold the same markets: nothing is sent then.
   */
  heldChanged(): void {
    const held = [...new Set(this.to.heldMarkets())].sort();
    const key = held.join('\n');
    if (key === this.heldKey) return;
    this.heldKey = key;
    this.marketsChanged();
    this.to.onHeldChanged(held);
  }

  /** The trading session opened or closed: the account's streams follow it. */
  sessionChanged(open: boolean): void {
    const { live } = this.to;
    live.subscribe('subscribe_positions', open ? {} : null);
    live.subscribe('subscribe_order_events', open ? {} : null);
    live.subscribe('subscribe_transactions', open ? {} : null);
  }
}
