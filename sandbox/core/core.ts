import type { NewPriceDataEvent, OrderEventInput } from '../../lib/core/api/events';
import type { Orderbook } from '../../lib/core/api/markets';
import type { TradingMode } from '../../lib/core/api/primitives';
import type { SandboxFeedState } from '../../lib/core/api/sandbox';
import { OrderBook } from '../engine/book';
import { HeldOrders } from '../engine/delay';
import { executionTotals, takerFee, ZERO_TOTALS } from '../engine/fees';
import { SettlementQueue, type SettlementResult } from '../engine/settlement';
import type { BookOrder, Fill, MatchOutcome, Outcome, TakerOrder } from '../engine/types';
import { AccountRegistry, HOLDER_LABELS, type SandboxProfile, SEED_MAKER_LABELS } from './accounts';
import { SandboxClock } from './clock';
import { CoreEmitter, type FillEvent, type FillParty } from './events';
import { fakeTxHash, newId } from './ids';
import {
  type BalanceDelta,
  COLLATERAL,
  HOUSE_PROFILE_ID,
  Ledger,
  type Leg,
  type TradeRecord,
} from './ledger';
import { MarketRegistry, type SandboxMarket } from './markets';
import { type OrderRecord, OrderStore } from './orders';
import { type PlaceOrderRequest, placeOrder } from './placement';
import { positionsEventFor } from './portfolio';
import type { ApiResult } from './results';
import { Rng } from './rng';
import type { ExecutionReport } from './surface';
import { makerMatchView, omeEvent, orderbookView } from './views';

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

const SEED_COLLATERAL = 10_000_000_000n; // 10,000 USDC
const BOT_COLLATERAL = 1_000_000_000_000n;
const SEED_HOLDING = 500_000_000n; // 500 contracts of each outcome
const BOT_HOLDING = 100_000_000_000n;
const SEED_COST_PRICE = 500n;

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
  private readonly held = new HeldOrders<OrderRecord>();
  private readonly heldTimers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly settlement: SettlementQueue;
  private mode: { mode: TradingMode; resumeAt: string | null } = { mode: 'normal', resumeAt: null };
  private feed: SandboxFeedState = 'ready';
  private priceHistory = new Map<string, { at: number; yesMillis: bigint }[]>();
  /** Pool price (YES, thousandths) of each unresolved AMM market. */
  private ammPrices = new Map<string, bigint>();

  constructor(options: SandboxCoreOptions = {}) {
    this.exchangeName = options.exchangeName ?? 'Sandbox';
    this.seed = options.seed ?? 42;
    this.settleMs = options.settleMs ?? 1500;
    this.markets = new MarketRegistry(options.takerDelayMs, options.extraMarkets ?? 0);
    this.settlement = new SettlementQueue(this.settleMs, (id, result) => this.settle(id, result));
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
    for (const t of this.heldTimers.values()) clearTimeout(t);
    this.heldTimers.clear();
    this.held.clear();
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
    for (const slug of this.ammPrices.keys()) {
      const data = this.ammPriceData(slug);
      if (data) this.events.emit('ammPrice', data);
    }
  }

  /** Stops timers (delayed orders, settlements); the state stays readable. */
  close(): void {
    for (const t of this.heldTimers.values()) clearTimeout(t);
    this.heldTimers.clear();
    this.settlement.clear();
  }

  private seedState(): void {
    const rng = new Rng(this.seed);
    this.books = new Map();
    this.priceHistory = new Map();
    this.ammPrices = new Map();
    const seededAt = this.clock.now();
    for (const market of this.markets.list()) {
      if (market.tradeType === 'amm' && market.status !== 'RESOLVED') {
        this.ammPrices.set(market.slug, market.startMidMillis);
      }
    }
    for (const p of this.accounts.list()) {
      const bot = p.role === 'bot';
      this.ledger.credit(p.profileId, COLLATERAL, bot ? BOT_COLLATERAL : SEED_COLLATERAL);
      this.ledger.addHistory({
        id: newId(),
        profileId: p.profileId,
        type: 'DEPOSIT',
        marketSlug: null,
        amount: bot ? BOT_COLLATERAL : SEED_COLLATERAL,
        txHash: fakeTxHash(`deposit:${p.label}`),
        at: seededAt - 86_400_000,
      });
    }
    for (const market of this.markets.list()) {
      if (market.tradeType !== 'clob' || !market.tokens) continue;
      this.books.set(market.slug, new OrderBook());
      for (const label of HOLDER_LABELS) {
        const p = this.accounts.byLabel(label);
        for (const outcome of ['YES', 'NO'] as const) {
          const tokenId = outcome === 'YES' ? market.tokens.yes : market.tokens.no;
          this.ledger.credit(p.profileId, tokenId, SEED_HOLDING);
          this.ledger.addSeedLeg({
            id: newId(),
            profileId: p.profileId,
            orderId: null,
            tradeEventId: null,
            marketSlug: market.slug,
            outcome,
            tokenId,
            side: 'BUY',
            contracts: SEED_HOLDING,
            collateral: (SEED_HOLDING * SEED_COST_PRICE) / 1000n,
            fee: 0n,
            priceMillis: SEED_COST_PRICE,
            role: 'SEED',
            at: seededAt - 86_400_000,
            failed: false,
          });
        }
      }
      for (const label of SEED_MAKER_LABELS) {
        const p = this.accounts.byLabel(label);
        this.ledger.credit(p.profileId, market.tokens.yes, BOT_HOLDING);
        this.ledger.credit(p.profileId, market.tokens.no, BOT_HOLDING);
      }
      this.seedHistory(market, rng.fork(`history:${market.slug}`), seededAt);
      if (this.markets.isTradable(market, this.clock.now())) {
        this.seedBook(market, rng.fork(`book:${market.slug}`));
      }
    }
  }

  /** A starting two-sided book: maker 1 quotes YES, maker 2 quotes NO, both around the mid. */
  private seedBook(market: SandboxMarket, rng: Rng): void {
    const mid = market.startMidMillis;
    const [m1, m2] = SEED_MAKER_LABELS.map((l) => this.accounts.byLabel(l));
    if (!m1 || !m2) return;
    for (let level = 1n; level <= 3n; level++) {
      const size = () => BigInt(rng.int(20, 60)) * 10_000_000n; // 200–600 contracts
      this.seedRestingOrder(m1, market, 'BUY', 'YES', mid - 10n * level, size());
      this.seedRestingOrder(m1, market, 'SELL', 'YES', mid + 10n * level, size());
      // NO quotes sit between the YES levels: BUY NO at q is a YES ask at 1 − q.
      this.seedRestingOrder(m2, market, 'BUY', 'NO', 1000n - (mid + 10n * level + 5n), size());
      this.seedRestingOrder(m2, market, 'SELL', 'NO', 1000n - (mid - 10n * level - 5n), size());
    }
    market.lastMidMillis = this.books.get(market.slug)?.midpoint() ?? market.lastMidMillis;
  }

  /** Inserts a starting quote directly (unsigned, marked as seeded). */
  private seedRestingOrder(
    p: SandboxProfile,
    market: SandboxMarket,
    side: 'BUY' | 'SELL',
    outcome: Outcome,
    priceMillis: bigint,
    contracts: bigint,
  ): void {
    if (!market.tokens || !market.venue) return;
    const book = this.books.get(market.slug);
    if (!book || priceMillis < 10n || priceMillis > 990n) return;
    const tokenId = outcome === 'YES' ? market.tokens.yes : market.tokens.no;
    const collateral = (priceMillis * contracts) / 1000n;
    const record: OrderRecord = {
      id: newId(),
      clientOrderId: null,
      ownerId: p.profileId,
      callerProfileId: p.profileId,
      marketSlug: market.slug,
      marketId: market.id,
      orderType: 'GTC',
      side,
      outcome,
      tokenId,
      priceMillis,
      price: Number(priceMillis) / 1000,
      makerAmount: side === 'BUY' ? collateral : contracts,
      takerAmount: side === 'BUY' ? contracts : collateral,
      salt: 0n,
      maker: p.account,
      signer: p.account,
      taker: '0x0000000000000000000000000000000000000000',
      signature: null,
      signatureType: null,
      signatureValid: null,
      delegated: false,
      feeRateBps: 0,
      postOnly: true,
      stpPolicy: 'cancel_maker',
      orderHash: null,
      size: contracts,
      remaining: contracts,
      filledContracts: 0n,
      consumed: 0n,
      state: 'OPEN',
      settlementStatus: 'UNMATCHED',
      reason: 'seeded starting quote',
      eligibleAt: null,
      createdAt: this.clock.now(),
      reservedAsset: side === 'BUY' ? COLLATERAL : tokenId,
      reservedAmount: side === 'BUY' ? collateral : contracts,
      collateralSpent: 0n,
      tradeEventIds: [],
    };
    this.ledger.reserve(p.profileId, record.reservedAsset ?? COLLATERAL, record.reservedAmount);
    this.orders.accept(record);
    book.add({
      id: record.id,
      ownerId: p.profileId,
      side,
      outcome,
      priceMillis,
      remaining: contracts,
    });
  }

  /** A deterministic past price walk (hourly, two days) for the price chart. */
  private seedHistory(market: SandboxMarket, rng: Rng, now: number): void {
    const points: { at: number; yesMillis: bigint }[] = [];
    let price = Number(market.startMidMillis);
    const hour = 3_600_000;
    const start = Math.floor(now / hour) * hour - 48 * hour;
    for (let i = 0; i < 48; i++) {
      price = Math.min(980, Math.max(20, price + rng.int(-15, 15)));
      points.push({ at: start + i * hour, yesMillis: BigInt(price) });
    }
    points.push({ at: now, yesMillis: market.startMidMillis });
    this.priceHistory.set(market.slug, points);
  }

  // ── AMM pool prices ───────────────────────────────────────────────────────────
  // The pool's price is kept apart from `prices` of the market record and feed subjects,
  // which stay null for AMM markets (the feed's "no honest price": it has no midpoint).

  /** An open AMM market's pool price (YES, thousandths); undefined for any other market. */
  ammPriceMillis(slug: string): bigint | undefined {
    return this.ammPrices.get(slug);
  }

  /** The AMM market's price as `newPriceData` carries it. */
  ammPriceData(slug: string): NewPriceDataEvent | undefined {
    const yes = this.ammPrices.get(slug);
    if (yes === undefined) return undefined;
    return {
      marketSlug: slug,
      prices: [Number(yes) / 1000, Number(1000n - yes) / 1000],
      timestamp: this.clock.iso(),
    };
  }

  /**
   * Moves an AMM market's pool price (outside trading on the pool, simulated by the bots or
   * set with `POST /__sandbox/markets/:slug/amm-price`). False when the market is not an
   * open AMM market or the price is off 0.001–0.999; nothing is emitted when it is unchanged.
   */
  setAmmPrice(slug: string, yesMillis: bigint): boolean {
    const current = this.ammPrices.get(slug);
    if (current === undefined || yesMillis < 1n || yesMillis > 999n) return false;
    if (current === yesMillis) return true;
    this.ammPrices.set(slug, yesMillis);
    const data = this.ammPriceData(slug);
    if (data) this.events.emit('ammPrice', data);
    return true;
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

  /** Whether a fresh order must wait for the market's taker delay (rule 11). */
  mustDelay(o: OrderRecord, market: SandboxMarket): boolean {
    if (market.takerDelayMs <= 0 || o.postOnly) return false;
    if (o.orderType !== 'GTC') return true;
    return this.books.get(market.slug)?.wouldCross(this.takerOf(o)) ?? false;
  }

  /** Reserve what a held order needs, so the funds are there when it is released. */
  hold(o: OrderRecord, market: SandboxMarket): void {
    const eligibleAt = this.clock.now() + market.takerDelayMs;
    o.state = 'DELAYED';
    o.settlementStatus = 'DELAYED';
    o.eligibleAt = eligibleAt;
    this.reserveFor(o);
    this.orders.accept(o);
    this.held.hold(o, eligibleAt);
    const timer = setTimeout(() => this.release(o.id), market.takerDelayMs);
    timer.unref?.();
    this.heldTimers.set(o.id, timer);
  }

  private reserveFor(o: OrderRecord): void {
    if (o.ownerId === null) return;
    const asset = o.side === 'BUY' ? COLLATERAL : o.tokenId;
    const amount = o.side === 'BUY' ? o.makerAmount - o.collateralSpent : o.remaining;
    o.reservedAsset = asset;
    o.reservedAmount = amount;
    this.ledger.reserve(o.ownerId, asset, amount);
  }

  private releaseReservation(o: OrderRecord, amount: bigint = o.reservedAmount): void {
    if (o.ownerId === null || o.reservedAsset === null || amount <= 0n) return;
    const take = amount > o.reservedAmount ? o.reservedAmount : amount;
    this.ledger.release(o.ownerId, o.reservedAsset, take);
    o.reservedAmount -= take;
  }

  /** Taker delay over: the order reaches the engine; its outcome goes out as order events. */
  private release(orderId: string): void {
    this.heldTimers.delete(orderId);
    const o = this.held.cancel(orderId);
    if (!o) return;
    const market = this.markets.bySlug(o.marketSlug);
    if (!market) return;
    this.releaseReservation(o);
    o.eligibleAt = null;
    if (!this.markets.isTradable(market, this.clock.now())) {
      o.state = 'CANCELED';
      o.settlementStatus = 'CANCELED';
      o.reason = 'Market no longer tradable when the taker delay ended';
      this.ome(o, 'PLACEMENT');
      this.ome(o, 'CANCELLATION', { reason: o.reason });
      return;
    }
    const shortfall = this.fundingShortfall(o);
    if (shortfall) {
      o.state = 'KILLED';
      o.settlementStatus = 'CANCELED';
      o.reason = shortfall;
      this.ome(o, 'PLACEMENT');
      this.ome(o, 'EXECUTION', { status: 'KILLED', reason: shortfall });
      return;
    }
    const outcome = this.books.get(market.slug)?.execute(this.takerOf(o));
    if (!outcome) return;
    this.ome(o, 'PLACEMENT');
    if (outcome.kind === 'rejected') {
      o.state = 'KILLED';
      o.settlementStatus = 'CANCELED';
      o.reason = outcome.message;
      this.ome(o, 'EXECUTION', { status: 'KILLED', reason: outcome.reason });
      return;
    }
    this.applyOutcome(o, market, outcome);
  }

  /** Why the owner cannot fund this order now, or null. */
  fundingShortfall(o: OrderRecord): string | null {
    if (o.ownerId === null) return 'Unknown owner';
    if (o.side === 'BUY') {
      const need = o.makerAmount - o.collateralSpent;
      const have = this.ledger.available(o.ownerId, COLLATERAL);
      return have < need
        ? `Insufficient collateral balance: the order needs ${need} raw units, ${have < 0n ? 0n : have} available`
        : null;
    }
    const have = this.ledger.available(o.ownerId, o.tokenId);
    return have < o.remaining
      ? `Insufficient token balance: the order sells ${o.remaining} raw contracts, ${have < 0n ? 0n : have} available`
      : null;
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
      this.reserveFor(o);
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
      this.emitSettlementEvents(report.tradeEventId, 'MATCHED');
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

  /** Moves balances for the fills of one taker execution and records the trade. */
  private bookTrade(
    o: OrderRecord,
    owner: SandboxProfile,
    market: SandboxMarket,
    tradeEventId: string,
    fills: Fill[],
    report: ExecutionReport,
  ): void {
    const deltas: BalanceDelta[] = [];
    const legs: Leg[] = [];
    const at = this.clock.now();
    const iso = new Date(at).toISOString();
    const fillEvents: FillEvent[] = [];
    const tokens = market.tokens;
    if (!tokens) return;
    const tokenOf = (outcome: Outcome) => (outcome === 'YES' ? tokens.yes : tokens.no);
    const move = (profileId: number, asset: string, amount: bigint) => {
      if (amount !== 0n) deltas.push({ profileId, asset, amount });
    };
    const takerOutcome = o.outcome ?? 'YES';

    for (const fill of fills) {
      const maker = this.orders.get(fill.maker.id);
      const makerOwner = maker ? this.profileOf(maker) : undefined;
      if (!maker || !makerOwner) continue;
      const makerOutcome = fill.maker.outcome;
      const fee = takerFee(
        o.side,
        fill.contracts,
        fill.takerCollateral,
        o.feeRateBps,
        market.feesEnabled,
      );

      // Taker leg.
      const takerContracts = o.side === 'BUY' ? fill.contracts - fee.contractsFee : fill.contracts;
      const takerCollateral =
        o.side === 'BUY' ? fill.takerCollateral : fill.takerCollateral - fee.usdFee;
      const takerClose =
        o.side === 'SELL'
          ? this.ledger.closeInfo(
              owner.profileId,
              market.slug,
              takerOutcome,
              fill.contracts,
              takerCollateral,
            )
          : null;
      if (o.side === 'BUY') {
        move(owner.profileId, COLLATERAL, -fill.takerCollateral);
        move(owner.profileId, tokenOf(takerOutcome), takerContracts);
        move(HOUSE_PROFILE_ID, tokenOf(takerOutcome), fee.contractsFee);
      } else {
        move(owner.profileId, tokenOf(takerOutcome), -fill.contracts);
        move(owner.profileId, COLLATERAL, takerCollateral);
        move(HOUSE_PROFILE_ID, COLLATERAL, fee.usdFee);
      }

      // Maker leg: paid from its reservation.
      const makerClose =
        maker.side === 'SELL'
          ? this.ledger.closeInfo(
              makerOwner.profileId,
              market.slug,
              makerOutcome,
              fill.contracts,
              fill.makerCollateral,
            )
          : null;
      if (maker.side === 'BUY') {
        move(makerOwner.profileId, COLLATERAL, -fill.makerCollateral);
        move(makerOwner.profileId, tokenOf(makerOutcome), fill.contracts);
        this.releaseReservation(maker, fill.makerCollateral);
        maker.collateralSpent += fill.makerCollateral;
      } else {
        move(makerOwner.profileId, tokenOf(makerOutcome), -fill.contracts);
        move(makerOwner.profileId, COLLATERAL, fill.makerCollateral);
        this.releaseReservation(maker, fill.contracts);
      }
      // Mint and merge: the legs sum to the contracts (lib/orders/fills.ts), so the house
      // moves nothing; kept so that no rounding could ever create or destroy collateral.
      if (fill.kind === 'mint') {
        move(
          HOUSE_PROFILE_ID,
          COLLATERAL,
          fill.takerCollateral + fill.makerCollateral - fill.contracts,
        );
      } else if (fill.kind === 'merge') {
        move(
          HOUSE_PROFILE_ID,
          COLLATERAL,
          fill.contracts - fill.takerCollateral - fill.makerCollateral,
        );
      }

      maker.remaining = fill.makerRemaining;
      maker.consumed += fill.contracts;
      maker.filledContracts += fill.contracts;
      maker.tradeEventIds.push(tradeEventId);
      maker.settlementStatus = 'MATCHED';
      if (maker.remaining === 0n) {
        maker.state = 'FILLED';
        this.releaseReservation(maker);
      }
      this.ome(maker, 'EXECUTION', {
        status: maker.remaining === 0n ? 'FILLED' : 'PARTIALLY_FILLED',
      });

      const legBase = { tradeEventId, marketSlug: market.slug, at, failed: false };
      legs.push({
        ...legBase,
        id: newId(),
        profileId: owner.profileId,
        orderId: o.id,
        outcome: takerOutcome,
        tokenId: tokenOf(takerOutcome),
        side: o.side,
        contracts: takerContracts,
        collateral: takerCollateral,
        fee: o.side === 'BUY' ? fee.contractsFee : fee.usdFee,
        priceMillis: fill.takerPriceMillis,
        role: 'TAKER',
      });
      legs.push({
        ...legBase,
        id: newId(),
        profileId: makerOwner.profileId,
        orderId: maker.id,
        outcome: makerOutcome,
        tokenId: tokenOf(makerOutcome),
        side: maker.side,
        contracts: fill.contracts,
        collateral: fill.makerCollateral,
        fee: 0n,
        priceMillis: fill.makerPriceMillis,
        role: 'MAKER',
      });

      const matchId = newId();
      report.makerMatches.push(
        makerMatchView(
          matchId,
          maker,
          makerOwner,
          fill.contracts,
          fill.takerPriceMillis,
          fill.takerCollateral,
        ),
      );
      const party = (
        p: SandboxProfile,
        rec: OrderRecord,
        side: 'BUY' | 'SELL',
        outcome: Outcome,
        priceMillis: bigint,
        contracts: bigint,
        collateral: bigint,
        feeAmount: bigint,
        close: FillParty['close'],
      ): FillParty => ({
        profileId: p.profileId,
        orderId: rec.id,
        clientOrderId: rec.clientOrderId,
        side,
        outcome,
        tokenId: tokenOf(outcome),
        priceMillis,
        contracts,
        collateral,
        fee: feeAmount,
        close,
      });
      fillEvents.push({
        id: matchId,
        tradeEventId,
        marketSlug: market.slug,
        marketId: market.id,
        kind: fill.kind,
        contracts: fill.contracts,
        yesPriceMillis: fill.yesPriceMillis,
        taker: party(
          owner,
          o,
          o.side,
          takerOutcome,
          fill.takerPriceMillis,
          takerContracts,
          takerCollateral,
          o.side === 'BUY' ? fee.contractsFee : fee.usdFee,
          takerClose,
        ),
        maker: party(
          makerOwner,
          maker,
          maker.side,
          makerOutcome,
          fill.makerPriceMillis,
          fill.contracts,
          fill.makerCollateral,
          0n,
          makerClose,
        ),
        at: iso,
      });
    }

    o.tradeEventIds.push(tradeEventId);
    const trade: TradeRecord = {
      tradeEventId,
      marketSlug: market.slug,
      takerOrderId: o.id,
      deltas,
      legs,
      status: 'MATCHED',
      txHash: null,
      at,
    };
    this.ledger.applyTrade(trade);
    const last = fills[fills.length - 1];
    if (last) {
      market.lastTradeYesMillis = last.yesPriceMillis;
      this.priceHistory.get(market.slug)?.push({ at, yesMillis: last.yesPriceMillis });
    }
    for (const f of fillEvents) this.events.emit('fill', f);
  }

  /** Order events of the SETTLEMENT source, to the taker and to each maker owner. */
  private emitSettlementEvents(tradeEventId: string, type: 'MATCHED' | 'MINED' | 'FAILED'): void {
    const trade = this.ledger.trade(tradeEventId);
    if (!trade) return;
    const taker = this.orders.get(trade.takerOrderId);
    if (!taker || taker.ownerId === null) return;
    const at = this.clock.iso();
    const makerLegs = trade.legs.filter((l) => l.role === 'MAKER');
    const takerOutcome = trade.legs.find((l) => l.role === 'TAKER')?.outcome;
    // Each copy speaks its recipient's terms: a maker sees its own price; the taker sees
    // what it paid per contract, which mirrors a maker holding the other outcome (mint/merge).
    const matchOf = (l: Leg, forTaker: boolean) => ({
      orderId: l.orderId ?? '',
      matchedSize: l.contracts.toString(),
      price:
        Number(
          forTaker && takerOutcome !== undefined && l.outcome !== takerOutcome
            ? 1000n - l.priceMillis
            : l.priceMillis,
        ) / 1000,
    });
    const base = {
      source: 'SETTLEMENT' as const,
      type,
      ...(type === 'MATCHED' ? { isEstimate: true } : {}),
      tradeEventId,
      takerOrderId: trade.takerOrderId,
      marketSlug: trade.marketSlug,
      txHash: type === 'MINED' ? trade.txHash : null,
      reason: type === 'FAILED' ? 'Settlement failed: the trade was rolled back' : null,
      occurredAt: at,
    };
    this.emitOrderEvent(taker.ownerId, {
      ...base,
      eventId: newId(),
      clientOrderId: taker.clientOrderId,
      makerMatches: makerLegs.map((l) => matchOf(l, true)),
    });
    const byOwner = new Map<number, Leg[]>();
    for (const l of makerLegs) byOwner.set(l.profileId, [...(byOwner.get(l.profileId) ?? []), l]);
    for (const [profileId, own] of byOwner) {
      const first = own[0]?.orderId ? this.orders.get(own[0].orderId) : undefined;
      this.emitOrderEvent(profileId, {
        ...base,
        eventId: newId(),
        clientOrderId: first?.clientOrderId ?? null,
        makerMatches: own.map((l) => matchOf(l, false)),
      });
    }
  }

  /** Settlement result for one trade: MINED, or FAILED with the trade rolled back. */
  settle(tradeEventId: string, result: SettlementResult): void {
    const trade =
      result === 'MINED'
        ? this.ledger.markMined(tradeEventId, fakeTxHash(tradeEventId))
        : this.ledger.rollbackTrade(tradeEventId);
    if (!trade) return;
    const orderIds = new Set(trade.legs.map((l) => l.orderId).filter((id) => id !== null));
    for (const id of orderIds) {
      const order = this.orders.get(id);
      if (order) order.settlementStatus = result;
    }
    this.emitSettlementEvents(tradeEventId, result);
    const txHash = fakeTxHash(tradeEventId);
    const market = this.markets.bySlug(trade.marketSlug);
    for (const leg of trade.legs) {
      const order = leg.orderId ? this.orders.get(leg.orderId) : undefined;
      this.events.emit('tx', {
        profileId: leg.profileId,
        event: {
          txHash,
          status: result === 'MINED' ? 'CONFIRMED' : 'FAILED',
          marketSlug: trade.marketSlug,
          tokenId: leg.tokenId,
          side: leg.side,
          price: Number(leg.priceMillis) / 1000,
          amountContracts: leg.contracts.toString(),
          amountCollateral: leg.collateral.toString(),
          orderId: leg.orderId ?? '',
          clientOrderId: order?.clientOrderId ?? null,
          tradeEventId,
          timestamp: this.clock.iso(),
        },
      });
    }
    if (result === 'FAILED' && market) {
      for (const id of new Set(trade.legs.map((l) => l.profileId))) this.emitPositions(id, market);
    }
  }

  // ── cancellation ──────────────────────────────────────────────────────────────
  /** Removes a resting book order (STP, resolution) and records why. */
  private cancelResting(maker: BookOrder, reason: string): void {
    const o = this.orders.get(maker.id);
    if (!o) return;
    o.state = 'CANCELED';
    o.reason = reason;
    if (o.settlementStatus === 'UNMATCHED') o.settlementStatus = 'CANCELED';
    this.releaseReservation(o);
    this.ome(o, 'CANCELLATION', { reason });
  }

  /**
   * Cancels an open or delayed order. Returns which kind it was, or null when the order can
   * no longer be cancelled.
   */
  cancel(o: OrderRecord, reason = 'canceled by owner'): 'open' | 'delayed' | null {
    if (o.state === 'DELAYED') {
      const held = this.held.cancel(o.id);
      const timer = this.heldTimers.get(o.id);
      if (timer) clearTimeout(timer);
      this.heldTimers.delete(o.id);
      if (!held) return null;
      o.state = 'CANCELED';
      o.settlementStatus = 'CANCELED';
      o.reason = reason;
      o.eligibleAt = null;
      this.releaseReservation(o);
      // A held order emits nothing before its eligibility, its cancellation included.
      return 'delayed';
    }
    if (o.state !== 'OPEN') return null;
    const book = this.books.get(o.marketSlug);
    if (!book?.remove(o.id)) return null;
    o.state = 'CANCELED';
    o.reason = reason;
    if (o.settlementStatus === 'UNMATCHED') o.settlementStatus = 'CANCELED';
    this.releaseReservation(o);
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
    // A resolved AMM pool trades no more: its price stops.
    this.ammPrices.delete(slug);
    this.bookChanged(market);
    this.events.emit('marketResolved', {
      marketSlug: slug,
      winningOutcomeIndex,
      resolvedAt: market.resolvedAt,
    });
    return true;
  }
}
