import { SOCKET_SIGNED_PATH } from '../../core/api/events';
import type { OrderDesk } from '../../desk/desk';
import type { LiveConnection } from '../../live/connection';
import type { PortfolioTracker } from '../account/portfolio';
import type { OpenOrders, PortfolioRefresh } from '../account/refresh';
import type { Notifications } from '../notifications/notifications';
import type { ExchangeHealth } from '../trading/exchange-health';
import type { TradingSession } from '../trading/session';
import type { Publish } from '../ui/changes';
import type { BookTracker } from './books';
import { type PriceWatch, pricesOfBook, pricesOfPool } from './price-watch';

/**
 * The live connection's signed handshake. A refused handshake (the socket's `exception`)
 * may mean our idea of server time is stale: the next one asks for it again first.
 */
export class LiveHandshake {
  private clockSuspect = false;

  constructor(
    private readonly session: () => TradingSession | null,
    private readonly refreshClock: () => Promise<void>,
  ) {}

  /** The headers of a signed handshake; null while locked (public events only). */
  async headers(): Promise<Record<string, string> | null> {
    if (!this.session()) return null;
    if (this.clockSuspect) {
      this.clockSuspect = false;
      await this.refreshClock();
    }
    // Read again after the wait: a lock meanwhile leaves no session to sign with.
    const session = this.session();
    if (!session) throw new Error('The extension locked while signing the live connection.');
    return session.client.http.authHeaders('GET', SOCKET_SIGNED_PATH);
  }

  refused(): void {
    this.clockSuspect = true;
  }
}

/** What the live connection's events change; the UIs hear of it through `publish`. */
export interface LiveTargets {
  handshake: LiveHandshake;
  desk: Pick<OrderDesk, 'resumePending' | 'handleOrderEvent'>;
  books: Pick<BookTracker, 'applyLive' | 'connection'>;
  health: Pick<ExchangeHealth, 'suspect' | 'beatNow'>;
  priceWatch: Pick<PriceWatch, 'watching' | 'observe'>;
  portfolio: Pick<PortfolioTracker, 'apply'>;
  portfolioRefresh: Pick<PortfolioRefresh, 'schedule'>;
  openOrders: Pick<OpenOrders, 'schedule'>;
  notifications: Pick<Notifications, 'orderEvent'>;
  /** Markets a UI shows now. */
  watchedMarkets(): Iterable<string>;
  /** Markets held: a book update of one moves the popup's and the badges' P&L. */
  heldMarkets(): ReadonlySet<string>;
  /** A positions event may have changed what is held. */
  heldMaybeChanged(): void;
  refreshPortfolio(): Promise<void>;
  refreshOrders(slug: string): Promise<unknown>;
  publish: Publish;
  now(): number;
}

/** Wires the one live connection's events to the services they feed. */
export function wireLive(live: LiveConnection, to: LiveTargets): void {
  live.onState((state) => {
    to.books.connection(state.status === 'live');
    // A socket gone is half of "down": the heartbeat asks now whether requests fail too.
    if (state.status === 'reconnecting' || state.status === 'error') to.health.suspect();
    else if (state.status === 'live') to.health.beatNow();
    to.publish({ kind: 'connection' });
  });
  live.onConnect(({ authenticated }) => {
    if (authenticated) {
      // Whatever happened while we were not subscribed is asked for, not assumed: the
      // subscriptions went out first, so what changes after this read arrives as events.
      // On a first connect too: the read made at unlock came before the subscription.
      to.desk.resumePending();
      void to.refreshPortfolio();
      for (const slug of to.watchedMarkets()) void to.refreshOrders(slug);
    }
  });
  live.on('exception', () => to.handshake.refused());
  live.on('orderbookUpdate', (event) => {
    // Kept as the market's latest book; its panels are sent it at the next frame, once
    // whatever the number of updates in between. No extension page shows books.
    to.books.applyLive(event.marketSlug, event.orderbook, to.now());
    // A held market's book marks its P&L: the hub tells the popup and the badges too.
    to.publish({
      kind: 'book',
      marketSlug: event.marketSlug,
      held: to.heldMarkets().has(event.marketSlug),
    });
    // Hundreds a second: prices are read only for a market an alert watches.
    if (to.priceWatch.watching(event.marketSlug))
      void to.priceWatch.observe(event.marketSlug, pricesOfBook(event.orderbook));
  });
  live.on('newPriceData', (event) => {
    void to.priceWatch.observe(event.marketSlug, pricesOfPool(event.prices));
  });
  live.on('positions', (event) => {
    if (!to.portfolio.apply(event)) to.portfolioRefresh.schedule();
    else to.heldMaybeChanged();
    to.publish({ kind: 'positions', marketSlug: event.marketSlug });
  });
  live.on('orderEvent', (event) => {
    to.desk.handleOrderEvent(event);
    void to.notifications.orderEvent(event);
    to.openOrders.schedule(event.marketSlug);
    to.portfolioRefresh.schedule();
  });
}
