import type { OrderEventInput } from '../../lib/core/api/events';
import type { Orderbook } from '../../lib/core/api/markets';
import type { TradingMode } from '../../lib/core/api/primitives';
import type { SandboxFeedState } from '../../lib/core/api/sandbox';
import type { OrderBook } from '../engine/book';
import { executionTotals, ZERO_TOTALS } from '../engine/fees';
import { SettlementQueue, type SettlementResult } from '../engine/settlement';
import type { BookOrder, Fill, MatchOutcome, TakerOrder } from '../engine/types';
import { AccountRegistry, type SandboxProfile } from './accounts';
import { AmmPools } from './amm';
import { clearTrade } from './clearing';
import { SandboxClock } from './clock';
import { CoreEmitter } from './events';
import { fakeTxHash, newId } from './ids';
import { Ledger } from './ledger';
import { MarketRegistry, type SandboxMarket } from './markets';
import { type OrderRecord, OrderStore } from './orders';
import { type PlaceOrderRequest, placeOrder } from './placement';
import { positionsEventFor } from './portfolio';
import { fundingShortfall, releaseReservation, reserveFor } from './reservations';
import type { ApiResult } from './results';
import { type PricePoint, seedExchange } from './seed';
import type { ExecutionReport } from './surface';
import { TakerDelay } from './taker-delay';
import { announceSettlement, type SettlementCore, settleTrade } from './trade-settlement';
import { omeEvent, orderbookView } from './views';

export interface SandboxCoreOptions {
  exchangeName?: string;
  seed?: number;
  /** MATCHED → MINED delay. */
  settleMs?: number;
  /** Overrides the taker delay of every market that has one. */
  takerDelayMs?: number;
  /** Plain CLOB markets added to the seeded ones (`extraMarketSeeds`); default none. */
  extraMarkets?: number;
}

/**
 * The sandbox exchange's state and operations, independent of HTTP: accounts, markets,
 * books, the ledger, orders, settlement, trading mode and the clock. The HTTP routes, the
 * socket layer, the bots and the feed all work through this object.
 */
export class SandboxCore {
  readonly exchangeName: string;
  readonly seed: number;
  readonly settleMs: number;
  readonly events = new CoreEmitter();
  readonly clock = new SandboxClock();
  readonly accounts = new AccountRegistry();
  readonly markets: MarketRegistry;
  readonly ledger = new Ledger();
  readonly orders = new OrderStore();
  /** Public base URL of the API (absolute image links); set once listening. */
  baseUrl = '';
  private books = new Map<string, OrderBook>();
  /** Orders held back by their market's taker delay. */
  readonly takerDelay: TakerDelay;
  /** What settling a trade may read and announce. */
  private readonly settling: SettlementCore;
  readonly settlement: SettlementQueue;
  private mode: { mode: TradingMode; resumeAt: string | null } = { mode: 'normal', resumeAt: null };
  private feed: SandboxFeedState = 'ready';
  private priceHistory = new Map<string, PricePoint[]>();
  readonly amm = new AmmPools(
    () => this.clock.iso(),
    (data) => this.events.emit('ammPrice', data),
  );

  constructor(options: SandboxCoreOptions = {}) {
    this.exchangeName = options.exchangeName ?? 'Sandbox';
    this.seed = options.seed ?? 42;
    this.settleMs = options.settleMs ?? 1500;
    this.markets = new MarketRegistry(options.takerDelayMs, options.extraMarkets ?? 0);
    this.settling = {
      clock: this.clock,
      ledger: this.ledger,
      orders: this.orders,
      markets: this.markets,
      events: this.events,
      emitOrderEvent: (profileId, event) => this.emitOrderEvent(profileId, event),
      emitPositions: (profileId, market) => this.emitPositions(profileId, market),
    };
    this.settlement = new SettlementQueue(this.settleMs, (id, result) => this.settle(id, result));
    this.takerDelay = new TakerDelay({
      clock: this.clock,
      markets: this.markets,
      ledger: this.ledger,
      orders: this.orders,
      book: (slug) => this.books.get(slug),
      takerOf: (o) => this.takerOf(o),
      ome: (o, type, extra) => this.ome(o, type, extra),
      applyOutcome: (o, market, outcome) => void this.applyOutcome(o, market, outcome),
    });
    this.seedState();
  }

  // ── trading mode, feed state ──────────────────────────────────────────────────
  get tradingMode(): { mode: TradingMode; resumeAt: string | null } {
    return { ...this.mode };
  }

  setTradingMode(mode: TradingMode, resumeAt: string | null = null): void {
    this.mode = { mode, resumeAt };
  }

  get feedState(): SandboxFeedState {
    return this.feed;
  }

  setFeedState(state: SandboxFeedState): void {
    this.feed = state;
  }

  // ── seeding and reset ─────────────────────────────────────────────────────────
  /** Back to the seeded state (same seed): orders, books, ledger, mode, clock, feed state. */
  reset(): void {
    this.takerDelay.clear();
    this.settlement.clear();
    this.accounts.reset();
    this.markets.reset();
    this.ledger.reset();
    this.orders.reset();
    this.clock.setOffset(0);
    this.mode = { mode: 'normal', resumeAt: null };
    this.feed = 'ready';
    this.seedState();
    this.events.emit('reset');
    // Subscribers of the order books see the seeded books again.
    for (const market of this.markets.list())
      if (this.books.has(market.slug)) this.bookChanged(market);
    this.amm.announceAll();
  }

  /** Stops timers (delayed orders, settlements); the state stays readable. */
  close(): void {
    this.takerDelay.stopTimers();
    this.settlement.clear();
  }

  private seedState(): void {
    const seeded = seedExchange(
      {
        accounts: this.accounts,
        markets: this.markets,
        ledger: this.ledger,
        orders: this.orders,
        now: this.clock.now(),
      },
      this.seed,
    );
    this.books = seeded.books;
    this.priceHistory = seeded.priceHistory;
    this.amm.replace(seeded.ammPrices);
  }

  priceHistoryOf(slug: string): { at: number; yesMillis: bigint }[] {
    return [...(this.priceHistory.get(slug) ?? [])];
  }

  /**
   * Places an order exactly as `POST /orders` does (same validation, signature check and
   * engine path), for in-process callers such as the bots. The caller's scopes stand in
   * for its token's.
   */
  placeOrder(request: PlaceOrderRequest): Promise<ApiResult> {
    return placeOrder(this, request);
  }

  // ── books ─────────────────────────────────────────────────────────────────────
  book(slug: string): OrderBook | undefined {
    return this.books.get(slug);
  }

  orderbook(slug: string): Orderbook | undefined {
    const market = this.markets.bySlug(slug);
    if (!market) return undefined;
    return orderbookView(market, this.books.get(slug));
  }

  private bookChanged(market: SandboxMarket): void {
    const book = this.books.get(market.slug);
    const mid = book?.midpoint() ?? null;
    if (mid !== null) market.lastMidMillis = mid;
    this.events.emit('orderbook', {
      marketSlug: market.slug,
      orderbook: orderbookView(market, book),
      timestamp: this.clock.iso(),
    });
  }

  // ── events ────────────────────────────────────────────────────────────────────
  emitOrderEvent(profileId: number, event: OrderEventInput): void {
    this.events.emit('orderEvent', { profileId, event });
  }

  private ome(
    o: OrderRecord,
    type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION' | 'EXECUTION',
    extra: { status?: 'FILLED' | 'PARTIALLY_FILLED' | 'KILLED'; reason?: string | null } = {},
  ): void {
    if (o.ownerId === null) return;
    this.emitOrderEvent(o.ownerId, omeEvent(o, type, this.clock.iso(), newId(), extra));
  }

  private emitPositions(profileId: number, market: SandboxMarket): void {
    const event = positionsEventFor(this, profileId, market);
    if (event) this.events.emit('positions', { profileId, event });
  }

  // ── order lifecycle ───────────────────────────────────────────────────────────
  profileOf(o: OrderRecord): SandboxProfile | undefined {
    return o.ownerId === null ? undefined : this.accounts.byId(o.ownerId);
  }

  /** The engine's view of an order record. */
  takerOf(o: OrderRecord): TakerOrder {
    const fokBuy = o.orderType === 'FOK' && o.side === 'BUY';
    return {
      id: o.id,
      ownerId: o.ownerId ?? -1,
      side: o.side,
      outcome: o.outcome ?? 'YES',
      orderType: o.orderType,
      limitMillis: o.priceMillis,
      size: fokBuy ? { budget: o.remaining } : { contracts: o.remaining },
      postOnly: o.postOnly,
      stpPolicy: o.stpPolicy,
    };
  }

  /** Why the owner cannot fund this order now, or null. */
  fundingShortfall(o: OrderRecord): string | null {
    return fundingShortfall(this.ledger, o);
  }

  /**
   * Runs a fresh (not delayed) order through the engine. A FAK/FOK that cannot trade or a
   * postOnly that would is refused with nothing changed; anything else is booked.
   */
  executeNew(o: OrderRecord, market: SandboxMarket): ExecutionReport | { rejected: string } {
    const book = this.books.get(market.slug);
    if (!book) return { rejected: `Market ${market.slug} has no order book` };
    const outcome = book.execute(this.takerOf(o));
    if (outcome.kind === 'rejected') return { rejected: outcome.message };
    this.orders.accept(o);
    this.ome(o, 'PLACEMENT');
    return this.applyOutcome(o, market, outcome);
  }

  private applyOutcome(
    o: OrderRecord,
    market: SandboxMarket,
    outcome: Exclude<MatchOutcome, { kind: 'rejected' }>,
  ): ExecutionReport {
    const report: ExecutionReport = {
      outcome,
      tradeEventId: null,
      totals: ZERO_TOTALS,
      makerMatches: [],
      stpMakerCancels: [],
    };
    if (outcome.kind === 'stp-rejected') {
      for (const maker of outcome.canceledMakers) {
        this.cancelResting(maker, 'STP_MAKER_CANCELLED');
        report.stpMakerCancels.push(maker.id);
      }
      o.state = 'CANCELED';
      o.settlementStatus = 'CANCELED';
      o.reason = 'STP_TAKER_REJECTED';
      this.ome(o, 'CANCELLATION', { reason: 'STP_TAKER_REJECTED' });
      if (outcome.canceledMakers.length > 0) this.bookChanged(market);
      return report;
    }

    for (const maker of outcome.stpCanceled) {
      this.cancelResting(maker, 'STP_MAKER_CANCELLED');
      report.stpMakerCancels.push(maker.id);
    }

    const owner = this.profileOf(o);
    if (outcome.fills.length > 0 && owner) {
      const tradeEventId = newId();
      report.tradeEventId = tradeEventId;
      report.totals = executionTotals(o.side, outcome.fills, o.feeRateBps, market.feesEnabled);
      this.bookTrade(o, owner, market, tradeEventId, outcome.fills, report);
    }

    const filledAny = outcome.fills.length > 0;
    const consumedByFills =
      o.orderType === 'FOK' && o.side === 'BUY' ? outcome.takerCollateral : outcome.filledContracts;
    o.consumed += consumedByFills;
    o.filledContracts += outcome.filledContracts;
    if (o.side === 'BUY') o.collateralSpent += outcome.takerCollateral;
    o.remaining -= consumedByFills + outcome.killed;
    if (outcome.rested) {
      o.state = 'OPEN';
      o.settlementStatus = filledAny ? 'MATCHED' : 'UNMATCHED';
      reserveFor(this.ledger, o);
      if (filledAny) this.ome(o, 'EXECUTION', { status: 'PARTIALLY_FILLED' });
      if (filledAny) this.ome(o, 'UPDATE', { reason: 'remainder resting on the book' });
    } else if (outcome.killed > 0n) {
      o.state = 'KILLED';
      o.settlementStatus = filledAny ? 'MATCHED' : 'UNMATCHED';
      o.reason = filledAny
        ? 'Unfilled remainder killed'
        : 'Nothing to match after self-trade prevention';
      if (filledAny) this.ome(o, 'EXECUTION', { status: 'PARTIALLY_FILLED' });
      this.ome(o, 'EXECUTION', { status: 'KILLED', reason: o.reason });
      // The killed part is gone: it no longer counts as remaining.
      o.remaining = 0n;
    } else {
      o.state = 'FILLED';
      o.settlementStatus = 'MATCHED';
      o.remaining = 0n;
      this.ome(o, 'EXECUTION', { status: 'FILLED' });
    }

    if (report.tradeEventId) {
      announceSettlement(this.settling, report.tradeEventId, 'MATCHED');
      this.settlement.schedule(report.tradeEventId);
    }
    if (filledAny || outcome.rested || outcome.stpCanceled.length > 0) this.bookChanged(market);
    if (report.tradeEventId) {
      const trade = this.ledger.trade(report.tradeEventId);
      const involved = new Set(trade?.legs.map((l) => l.profileId) ?? []);
      for (const id of involved) this.emitPositions(id, market);
    }
    return report;
  }

  /** Books the fills of one taker execution: balances, maker orders, the trade, its events. */
  private bookTrade(
    o: OrderRecord,
    owner: SandboxProfile,
    market: SandboxMarket,
    tradeEventId: string,
    fills: Fill[],
    report: ExecutionReport,
  ): void {
    const tokens = market.tokens;
    if (!tokens) return;
    const at = this.clock.now();
    const cleared = clearTrade({
      taker: o,
      owner,
      market: { ...market, tokens },
      tradeEventId,
      fills,
      at,
      maker: (id) => {
        const order = this.orders.get(id);
        const makerOwner = order ? this.profileOf(order) : undefined;
        return order && makerOwner ? { order, owner: makerOwner } : undefined;
      },
      closeInfo: (...args) => this.ledger.closeInfo(...args),
      newId,
    });
    for (const fill of cleared.makerFills) {
      const { maker } = fill;
      releaseReservation(this.ledger, maker, fill.reservationUsed);
      if (maker.side === 'BUY') maker.collateralSpent += fill.collateral;
      maker.remaining = fill.remainingAfter;
      maker.consumed += fill.contracts;
      maker.filledContracts += fill.contracts;
      maker.tradeEventIds.push(tradeEventId);
      maker.settlementStatus = 'MATCHED';
      if (maker.remaining === 0n) {
        maker.state = 'FILLED';
        releaseReservation(this.ledger, maker);
      }
      this.ome(maker, 'EXECUTION', {
        status: maker.remaining === 0n ? 'FILLED' : 'PARTIALLY_FILLED',
      });
    }
    report.makerMatches.push(...cleared.makerMatches);
    o.tradeEventIds.push(tradeEventId);
    this.ledger.applyTrade(cleared.trade);
    const last = fills[fills.length - 1];
    if (last) {
      market.lastTradeYesMillis = last.yesPriceMillis;
      this.priceHistory.get(market.slug)?.push({ at, yesMillis: last.yesPriceMillis });
    }
    for (const f of cleared.fillEvents) this.events.emit('fill', f);
  }

  /** Settlement result for one trade: MINED, or FAILED with the trade rolled back. */
  settle(tradeEventId: string, result: SettlementResult): void {
    settleTrade(this.settling, tradeEventId, result);
  }

  // ── cancellation ──────────────────────────────────────────────────────────────
  /** Removes a resting book order (STP, resolution) and records why. */
  private cancelResting(maker: BookOrder, reason: string): void {
    const o = this.orders.get(maker.id);
    if (!o) return;
    o.state = 'CANCELED';
    o.reason = reason;
    if (o.settlementStatus === 'UNMATCHED') o.settlementStatus = 'CANCELED';
    releaseReservation(this.ledger, o);
    this.ome(o, 'CANCELLATION', { reason });
  }

  /**
   * Cancels an open or delayed order. Returns which kind it was, or null when the order can
   * no longer be cancelled.
   */
  cancel(o: OrderRecord, reason = 'canceled by owner'): 'open' | 'delayed' | null {
    if (o.state === 'DELAYED') return this.takerDelay.cancel(o, reason) ? 'delayed' : null;
    if (o.state !== 'OPEN') return null;
    const book = this.books.get(o.marketSlug);
    if (!book?.remove(o.id)) return null;
    o.state = 'CANCELED';
    o.reason = reason;
    if (o.settlementStatus === 'UNMATCHED') o.settlementStatus = 'CANCELED';
    releaseReservation(this.ledger, o);
    this.ome(o, 'CANCELLATION', { reason });
    const market = this.markets.bySlug(o.marketSlug);
    if (market) this.bookChanged(market);
    return 'open';
  }

  // ── market lifecycle ──────────────────────────────────────────────────────────
  /** Resolves a market: its orders are cancelled and its prices become the result. */
  resolveMarket(slug: string, winningOutcomeIndex: 0 | 1): boolean {
    const market = this.markets.bySlug(slug);
    if (!market || market.status === 'RESOLVED') return false;
    for (const o of this.orders.accepted()) {
      if (o.marketSlug === slug && (o.state === 'OPEN' || o.state === 'DELAYED')) {
        this.cancel(o, 'market resolved');
      }
    }
    market.status = 'RESOLVED';
    market.winningOutcomeIndex = winningOutcomeIndex;
    market.resolvedAt = this.clock.iso();
    market.resolutionTxHash = fakeTxHash(`resolve:${slug}`);
    this.amm.close(slug);
    this.bookChanged(market);
    this.events.emit('marketResolved', {
      marketSlug: slug,
      winningOutcomeIndex,
      resolvedAt: market.resolvedAt,
    });
    return true;
  }
}
