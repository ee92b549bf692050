import type { UserOrder } from '../../core/api/orders';
import type { Positions } from '../../core/api/portfolio';
import { toErrorInfo } from '../../core/client/errors';
import type { StoredItem } from '../../storage/stored-item';
import type { TradingSession } from '../trading/session';
import type { Publish } from '../ui/changes';
import { coalesce } from '../ui/coalesce';
import type { PortfolioTracker } from './portfolio';

/** How long a market's order events are gathered before its open orders are asked for. */
const ORDERS_REFRESH_MS = 150;
/** Position events come in bursts too (one per fill): one read after the burst. */
const PORTFOLIO_REFRESH_MS = 400;

/**
 * The user's positions, read again from the exchange (the source of truth) after an
 * unlock, a reconnect, an order or an event the live patch cannot apply.
 */
export class PortfolioRefresh {
  private pending: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  readonly schedule = coalesce(() => void this.run(), PORTFOLIO_REFRESH_MS);

  constructor(
    private readonly deps: {
      session: () => TradingSession | null;
      portfolio: PortfolioTracker;
      /** Where the last positions wait for the next worker start (painted at once). */
      cache: StoredItem<Positions>;
      now: () => number;
      onDone: () => Promise<void>;
    },
  ) {}

  async run(): Promise<void> {
    const session = this.deps.session();
    if (!session) return;
    if (this.pending) {
      // The answer in flight may predate what this caller wants to see (an order just
      // placed or cancelled): one more refresh follows it, shared by every such caller.
      this.queued ??= this.pending.then(() => {
        this.queued = null;
        return this.run();
      });
      return this.queued;
    }
    const { portfolio, cache, now, onDone } = this.deps;
    this.pending = (async () => {
      try {
        const positions = await session.client.getPositions(session.actAs());
        if (this.deps.session() !== session) return;
        portfolio.set(positions, now());
        await cache.set(positions);
      } catch (error) {
        portfolio.fail(toErrorInfo(error));
      } finally {
        this.pending = null;
      }
      await onDone();
    })();
    return this.pending;
  }
}

/** The user's open orders per market a panel shows, read from the exchange. */
export class OpenOrders {
  private readonly byMarket = new Map<string, UserOrder[]>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly deps: {
      session: () => TradingSession | null;
      portfolio: PortfolioTracker;
      publish: Publish;
      refreshMs?: number;
    },
  ) {}

  /** The last list read for a market (empty when never read). */
  of(slug: string): UserOrder[] {
    return this.byMarket.get(slug) ?? [];
  }

  has(slug: string): boolean {
    return this.byMarket.has(slug);
  }

  clear(): void {
    this.byMarket.clear();
  }

  async refresh(slug: string): Promise<UserOrder[]> {
    const session = this.deps.session();
    if (!session) return [];
    try {
      this.byMarket.set(slug, await session.client.getUserOrders(slug, session.actAs()));
    } catch {
      // The panel keeps the last list; the next event asks again.
    }
    this.deps.publish({ kind: 'open-orders', marketSlug: slug });
    return this.of(slug);
  }

  /**
   * A market's open orders, asked for again once a burst of its order events has passed:
   * one request per market per window however many events arrive (a bot-heavy market sends
   * hundreds a second), and always one after the last of them.
   */
  schedule(slug: string): void {
    if (this.timers.has(slug)) return;
    const timer = setTimeout(() => {
      this.timers.delete(slug);
      void this.refresh(slug);
    }, this.deps.refreshMs ?? ORDERS_REFRESH_MS);
    this.timers.set(slug, timer);
  }

  /** Whether an order id is one of the user's open orders on that market (fresh from the exchange if unsure). */
  async owns(slug: string, orderId: string): Promise<boolean> {
    if (this.of(slug).some((o) => o.id === orderId)) return true;
    return (await this.refresh(slug)).some((o) => o.id === orderId);
  }

  /** One of the user's open orders, from the panels' lists or the portfolio's. */
  find(orderId: string): { slug: string; order: UserOrder } | null {
    for (const [slug, orders] of this.byMarket) {
      const order = orders.find((o) => o.id === orderId);
      if (order) return { slug, order };
    }
    for (const { marketSlug, orders } of this.deps.portfolio.openOrders()) {
      const order = orders.find((o) => o.id === orderId);
      if (order) return { slug: marketSlug, order };
    }
    return null;
  }
}
