import type { MarketRecord, Orderbook } from '../../core/api/markets';
import type { ServerClock } from '../../core/client/clock';
import { ExchangeError } from '../../core/client/errors';
import type { ExchangeClient } from '../../core/client/exchange-client';
import type { Settings } from '../../core/settings/schema';
import type { OrderDesk } from '../../desk/desk';
import { NOT_SENT_UNREACHABLE } from '../../desk/intent-deadline';
import type { LiveConnection } from '../../live/connection';
import type { ExchangeStatus, PanelBlock, PanelState, TradingModeView } from '../../protocol/views';
import type { VaultStatus } from '../../vault/vault';
import type { PositionMarks } from '../account/marks';
import type { PortfolioTracker } from '../account/portfolio';
import type { OpenOrders } from '../account/refresh';
import type { BookTracker } from '../market/books';
import type { MarketCache } from '../market/market-cache';
import { type PriceWatch, pricesOfBook } from '../market/price-watch';
import type { TradingSession } from '../trading/session';
import type { Publish } from './changes';
import { buildPanelState, panelBlock } from './panel-view';

/** Where a market panel's state is read from. */
export interface PanelSources {
  markets: MarketCache;
  books: BookTracker;
  openOrders: OpenOrders;
  portfolio: PortfolioTracker;
  /** Positions marked to the live book (absent: the exchange's figures). */
  marks?: Pick<PositionMarks, 'entry'>;
  /** The taker fee a SELL pays on a market, basis points. */
  sellFeeBps?(slug: string): number;
  desk: Pick<OrderDesk, 'views'>;
  priceWatch: Pick<PriceWatch, 'observe'>;
  live: Pick<LiveConnection, 'state'>;
  clock: Pick<ServerClock, 'offset'>;
  publicApi(): ExchangeClient;
  session(): TradingSession | null;
  settings(): Settings;
  vaultStatus(): VaultStatus;
  mode(): TradingModeView | null;
  exchange(): ExchangeStatus;
  now(): number;
  publish: Publish;
}

/**
 * A market panel's state: answered from what is known when the market was shown a moment
 * ago, else once its record, book and open orders are read; and what blocks its orders.
 */
export class PanelStates {
  constructor(private readonly from: PanelSources) {}

  async state(slug: string): Promise<PanelState> {
    const { markets, books, openOrders } = this.from;
    this.stockQuickBuys(slug);
    // A market a panel showed a moment ago (a reload, a step back): everything is here and
    // live, so it is answered now; the record is re-read if its minute is up, and pushed.
    const known = markets.known(slug);
    const ready =
      known !== null &&
      (known.tradeType !== 'clob' || books.get(slug) !== null) &&
      (!this.from.session() || openOrders.has(slug));
    if (ready) {
      void markets
        .get(slug)
        .then((record) => {
          if (record !== known) this.from.publish({ kind: 'market', marketSlug: slug });
        })
        .catch(() => undefined);
      return this.stateNow(slug, known);
    }
    let market: MarketRecord | null = null;
    try {
      market = await markets.get(slug);
    } catch {
      market = markets.known(slug);
    }
    if (market?.tradeType === 'clob') await this.ensureBook(slug);
    if (this.from.session() && !openOrders.has(slug)) await openOrders.refresh(slug);
    return this.stateNow(slug, market);
  }

  /** The state from what is known now, read nowhere. */
  stateNow(slug: string, market: MarketRecord | null): PanelState {
    const { books } = this.from;
    return buildPanelState({
      marketSlug: slug,
      market,
      vault: this.from.vaultStatus(),
      mode: this.from.mode(),
      book: books.get(slug),
      ladder: books.ladder(slug),
      portfolio: this.from.portfolio,
      ...(this.from.marks ? { mark: (entry) => this.from.marks?.entry(entry) ?? null } : {}),
      ...(this.from.sellFeeBps ? { sellFeeBps: this.from.sellFeeBps(slug) } : {}),
      openOrders: this.from.openOrders.of(slug),
      intents: this.from.desk.views(),
      settings: this.from.settings(),
      connection: this.from.live.state,
      exchange: this.from.exchange(),
      now: this.from.now(),
      clockOffsetMs: this.from.clock.offset,
    });
  }

  /**
   * What blocks new orders on a market, from what is known now: the panel's block without
   * building the rest of its state (which an order does not need, on the click's path).
   */
  orderBlock(market: MarketRecord | null): PanelBlock | null {
    return panelBlock({
      market,
      vault: this.from.vaultStatus(),
      mode: this.from.mode(),
      exchange: this.from.exchange(),
      now: this.from.now(),
    });
  }

  /**
   * The book an order on this market is priced with: the live one, or else one read now,
   * for this order. A copy read earlier (by a panel's first state, say) is never used:
   * with no subscription or no connection keeping it current, it may be long stale, and
   * a FOK priced against it could go out when the book now in place would refuse it.
   */
  async bookForOrder(slug: string): Promise<void> {
    const { books } = this.from;
    if (books.isLive(slug)) return;
    const readStart = books.readStart();
    let book: Orderbook;
    try {
      book = await this.from.publicApi().getOrderbook(slug);
    } catch {
      throw new ExchangeError(NOT_SENT_UNREACHABLE);
    }
    // A live book that came meanwhile is kept (and was checked against the alerts already).
    if (books.apply(slug, book, this.from.now(), readStart)) {
      void this.from.priceWatch.observe(slug, pricesOfBook(book));
    }
  }

  /** The market's book, read once when no live update has brought one yet. */
  async ensureBook(slug: string): Promise<void> {
    const { books } = this.from;
    if (books.get(slug)) return;
    const readStart = books.readStart();
    try {
      const book = await this.from.publicApi().getOrderbook(slug);
      if (books.apply(slug, book, this.from.now(), readStart)) {
        void this.from.priceWatch.observe(slug, pricesOfBook(book));
      }
    } catch {
      // No book yet: the panel says there is no price rather than inventing one.
    }
  }

  /**
   * A panel shows this market: its preset FOK buys are signed ahead, both outcomes, so a
   * press sends without signing (the desk signs whatever is not stocked, at the press).
   */
  private stockQuickBuys(slug: string): void {
    const session = this.from.session();
    const { orderType, presets } = this.from.settings().quickTrade;
    if (!session || orderType !== 'FOK') return;
    const outcomes = ['YES', 'NO'] as const;
    const orders = presets.flatMap((preset) =>
      outcomes.map((outcome) => ({
        outcome,
        amounts: { orderType: 'FOK', side: 'BUY', spend: BigInt(preset) } as const,
      })),
    );
    void session.stockOrders(slug, orders);
  }
}
