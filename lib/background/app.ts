import type { OrderEvent } from '../core/api/events';
import { SOCKET_SIGNED_PATH } from '../core/api/events';
import type { MarketRecord } from '../core/api/markets';
import type { UserOrder } from '../core/api/orders';
import { Positions } from '../core/api/portfolio';
import { ServerClock } from '../core/client/clock';
import { type ClientErrorInfo, ExchangeError, toErrorInfo } from '../core/client/errors';
import type { ExchangeClient } from '../core/client/exchange-client';
import { MAX_RECV_WINDOW_MS } from '../core/orders/rules';
import type { Settings } from '../core/settings/schema';
import { marketPageUrl, parseSitePattern, slugFromUrl } from '../core/site/pattern';
import { OrderDesk } from '../desk/desk';
import { SessionJournal } from '../desk/journal';
import { LiveConnection, type LiveOptions } from '../live/connection';
import type { IntentView } from '../protocol/intent';
import type { SenderPolicy } from '../protocol/sender';
import type {
  AppSnapshot,
  ConnectionState,
  PanelState,
  TradingModeView,
  VaultView,
} from '../protocol/views';
import { ACCOUNT_KEY, PORTFOLIO_CACHE_KEY, SEEN_NOTIFICATIONS_KEY } from '../storage/keys';
import type { SettingsSource } from '../storage/settings-source';
import { AUTO_LOCK_ALARM, AutoLock } from '../vault/auto-lock';
import { Vault } from '../vault/vault';
import { AccountInfo, vaultView } from './account';
import { BookTracker } from './books';
import {
  type KnownOrder,
  type NotificationSpec,
  Notifier,
  notificationId,
  notificationMarket,
} from './notifier';
import { buildPanelState } from './panel';
import type { Platform } from './platform';
import { PortfolioTracker } from './portfolio';
import { publicClient, TradingSession, type TransportTweaks } from './session';

export interface AppOptions {
  platform: Platform;
  settings: SettingsSource;
  transport?: TransportTweaks;
  live?: Pick<LiveOptions, 'transports' | 'reconnect'>;
  vaultIterations?: number;
  now?: () => number;
  /** How often the trading mode is asked for while a UI is open (default a minute). */
  maintenanceEveryMs?: number;
  /** How long a market's order events are gathered before its open orders are re-read. */
  ordersRefreshMs?: number;
}

/** The parts of a runtime Port the hub uses (the browser's Port satisfies it). */
export interface PortLike {
  postMessage(message: unknown): void;
  onDisconnect: { addListener(listener: () => void): void };
}

const MARKET_TTL_MS = 60_000;
const MAINTENANCE_EVERY_MS = 60_000;
const STALLED_INTENT_CHECK_MS = 15_000;
/** How long a market's order events are gathered before its open orders are asked for. */
const ORDERS_REFRESH_MS = 150;

/** Calls `fn` at most once per `ms`, with the latest state. */
function coalesce(fn: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
}

/**
 * The background's composition root: the vault, the signed session, the one live
 * connection, the order desk, notifications, the badge, and what the UIs see.
 */
export class BackgroundApp {
  readonly clock = new ServerClock();
  readonly vault: Vault;
  readonly live: LiveConnection;
  readonly desk: OrderDesk;
  readonly books = new BookTracker();
  readonly portfolio = new PortfolioTracker();
  readonly notifier = new Notifier();
  readonly autoLock: AutoLock;
  account: AccountInfo | null = null;
  session: TradingSession | null = null;
  mode: TradingModeView | null = null;
  private publicApi: ExchangeClient;
  private publicApiExchange: Settings['exchange'];
  private readonly markets = new Map<
    string,
    { record: MarketRecord | null; at: number; pending?: Promise<MarketRecord | null> }
  >();
  private readonly ordersByMarket = new Map<string, UserOrder[]>();
  private readonly statePorts = new Set<PortLike>();
  private readonly panelPorts = new Map<PortLike, string>();
  private maintenanceTimer: ReturnType<typeof setInterval> | null = null;
  private readonly now: () => number;
  private lastSnapshotKey = '';
  private clockSuspect = false;

  constructor(private readonly options: AppOptions) {
    const { platform } = options;
    this.now = options.now ?? Date.now;
    this.vault = new Vault({
      local: platform.local,
      session: platform.session,
      ...(options.vaultIterations ? { iterations: options.vaultIterations } : {}),
    });
    this.publicApiExchange = this.settings.exchange;
    this.publicApi = publicClient(this.settings.exchange, this.clock, this.transport());
    this.live = new LiveConnection({
      wsUrl: this.settings.exchange.wsUrl,
      authHeaders: async () => {
        if (!this.session) return null;
        // A refused handshake may mean our idea of server time is stale: ask it again first.
        if (this.clockSuspect) {
          this.clockSuspect = false;
          await this.refreshMaintenance();
        }
        return this.session.client.http.authHeaders('GET', SOCKET_SIGNED_PATH);
      },
      ...options.live,
    });
    this.autoLock = new AutoLock(platform.alarms, () => this.settings.autoLockMinutes, this.now);
    this.desk = new OrderDesk({
      store: new SessionJournal(platform.session),
      client: () => this.requireSession().client,
      orderContext: (slug) => this.requireSession().orderContext(slug),
      actAs: () => this.session?.actAs() ?? {},
      limits: () => {
        const s = this.settings;
        return {
          maxOrderNotionalRaw: BigInt(s.caps.maxOrderNotionalRaw),
          maxOrdersPerMinute: s.caps.maxOrdersPerMinute,
          confirmAboveRaw: BigInt(s.quickTrade.confirmAboveRaw),
        };
      },
      tradingMode: () => this.mode?.mode ?? null,
      onTradingModeRefused: () => void this.refreshMaintenance(),
      onChange: (view) => this.onIntentChange(view),
      // The longest window the exchange allows: it is what makes "not placed" certain.
      receiveWindow: { ms: MAX_RECV_WINDOW_MS, serverNow: () => this.clock.now() },
      now: this.now,
    });
  }

  get settings(): Settings {
    return this.options.settings.get();
  }

  updateSettings(change: (current: Settings) => Settings): Promise<void> {
    return this.options.settings.update(change);
  }

  get platform(): Platform {
    return this.options.platform;
  }

  // ── Lifecycle ─────────────────────────────────────────────────────────────────

  async start(): Promise<void> {
    const { platform } = this.options;
    const stored = AccountInfo.safeParse(await platform.local.get(ACCOUNT_KEY));
    this.account = stored.success ? stored.data : null;
    const seen = await platform.session.get(SEEN_NOTIFICATIONS_KEY);
    if (Array.isArray(seen))
      this.notifier.seen.restore(seen.filter((k): k is string => typeof k === 'string'));
    const cached = Positions.safeParse(await platform.session.get(PORTFOLIO_CACHE_KEY));
    await this.vault.init();
    this.autoLock.forget();
    if (this.vault.status === 'unlocked' && this.account) {
      await this.openSession();
      // Paint the last known positions at once; the refresh below replaces them.
      if (cached.success) this.portfolio.set(cached.data, this.now());
    }
    this.updateAuthSubscriptions();
    await this.desk.init();
    // What a notification compares against survives the worker: the journal's views.
    for (const view of this.desk.views()) {
      if (!Notifier.waiting(view)) this.lastViews.set(view.clientOrderId, structuredClone(view));
    }
    this.wireLive();
    this.wirePlatform();
    this.options.settings.watch((next) => this.onSettingsChanged(next));
    this.live.start();
    // An intent whose status check could not get through is asked about again, not left waiting.
    setInterval(() => {
      if (this.session) this.desk.resumeStalled();
    }, STALLED_INTENT_CHECK_MS);
    void this.refreshMaintenance();
    if (this.session) {
      this.desk.resumePending();
      void this.refreshPortfolio();
    }
    await this.updateBadge();
  }

  private wirePlatform(): void {
    const { platform } = this.options;
    platform.alarms.onAlarm((name) => {
      if (name === AUTO_LOCK_ALARM) void this.lock();
    });
    platform.onIdleStateLocked(() => void this.lock());
    platform.notifications.onClicked((id) => {
      const slug = notificationMarket(id);
      const pattern = parseSitePattern(this.settings.exchange.siteMarketPattern);
      if (slug && pattern) void platform.tabs.open(marketPageUrl(pattern, slug));
    });
    this.vault.onChange(() => this.pushState());
  }

  private wireLive(): void {
    this.live.onState(() => this.pushState());
    this.live.onConnect(({ authenticated }) => {
      if (authenticated) {
        // Whatever happened while we were not subscribed is asked for, not assumed: the
        // subscriptions went out first, so what changes after this read arrives as events.
        // On a first connect too: the read made at unlock came before the subscription.
        this.desk.resumePending();
        void this.refreshPortfolio();
        for (const slug of new Set(this.panelPorts.values())) void this.refreshOrders(slug);
      }
    });
    this.live.on('exception', () => {
      this.clockSuspect = true;
    });
    this.live.on('orderbookUpdate', (event) => {
      this.books.apply(event.marketSlug, event.orderbook, this.now());
      this.pushPanels(event.marketSlug);
      this.pushState();
    });
    this.live.on('positions', (event) => {
      if (!this.portfolio.apply(event)) this.schedulePortfolioRefresh();
      this.pushPanels(event.marketSlug);
      this.pushState();
    });
    this.live.on('orderEvent', (event) => {
      this.desk.handleOrderEvent(event);
      void this.notifyExternal(event);
      this.scheduleOrdersRefresh(event.marketSlug);
      this.schedulePortfolioRefresh();
    });
  }

  // ── Vault and session ─────────────────────────────────────────────────────────

  private requireSession(): TradingSession {
    if (this.session) return this.session;
    throw new ExchangeError({
      kind: 'unavailable',
      message:
        this.vault.status === 'empty'
          ? 'Set up your API token in the options page first.'
          : 'Unlock the extension first.',
    });
  }

  private async openSession(): Promise<void> {
    if (!this.account) return;
    this.session = await TradingSession.open(
      this.vault.secrets(),
      this.account,
      this.clock,
      this.transport(),
    );
  }

  vaultView(): VaultView {
    return vaultView(this.vault.status, this.account, this.settings.exchange.name);
  }

  async unlock(passphrase: string): Promise<VaultView> {
    await this.vault.unlock(passphrase);
    await this.afterUnlock();
    return this.vaultView();
  }

  async afterUnlock(): Promise<void> {
    await this.openSession();
    await this.autoLock.touch();
    this.updateAuthSubscriptions();
    this.live.restart();
    this.desk.resumePending();
    void this.refreshPortfolio();
    await this.updateBadge();
    this.pushState();
    this.pushPanels();
  }

  async lock(): Promise<VaultView> {
    await this.vault.lock();
    this.session = null;
    this.portfolio.clear();
    this.ordersByMarket.clear();
    await this.options.platform.session.remove(PORTFOLIO_CACHE_KEY);
    await this.autoLock.stop();
    this.updateAuthSubscriptions();
    this.live.restart();
    await this.updateBadge();
    this.pushState();
    this.pushPanels();
    return this.vaultView();
  }

  async forget(): Promise<VaultView> {
    await this.lock();
    // The forgotten account's orders (and their signed bytes) go with it.
    await this.desk.forgetAll();
    this.lastViews.clear();
    await this.vault.forget();
    this.account = null;
    await this.options.platform.local.remove(ACCOUNT_KEY);
    await this.updateBadge();
    this.pushState();
    return this.vaultView();
  }

  async saveAccount(account: AccountInfo): Promise<void> {
    this.account = account;
    await this.options.platform.local.set(ACCOUNT_KEY, account);
    if (this.vault.status === 'unlocked') await this.openSession();
    this.pushState();
  }

  /** Every user action postpones the auto-lock. */
  activity(): void {
    if (this.vault.status === 'unlocked') void this.autoLock.touch();
  }

  // ── Settings ──────────────────────────────────────────────────────────────────

  private onSettingsChanged(next: Settings): void {
    if (JSON.stringify(next.exchange) !== JSON.stringify(this.publicApiExchange)) {
      this.publicApiExchange = next.exchange;
      this.publicApi = publicClient(next.exchange, this.clock, this.transport());
      this.markets.clear();
      this.live.retarget(next.exchange.wsUrl);
    }
    this.pushState();
    this.pushPanels();
  }

  senderPolicy(): SenderPolicy {
    const s = this.settings;
    const origins = new Set<string>(s.extraSiteOrigins);
    const pattern = parseSitePattern(s.exchange.siteMarketPattern);
    if (pattern) origins.add(pattern.origin);
    return {
      extensionId: this.options.platform.extensionId,
      extensionOrigin: this.options.platform.extensionOrigin,
      isSiteOrigin: (origin) => origins.has(origin),
    };
  }

  /**
   * The market a page shows: the configured site's pattern, or the same path layout on
   * one of the extra site origins the user granted. Null when it is not a market page.
   */
  pageMarket(pageUrl: string): string | null {
    const pattern = parseSitePattern(this.settings.exchange.siteMarketPattern);
    if (!pattern) return null;
    const direct = slugFromUrl(pattern, pageUrl);
    if (direct) return direct;
    let origin: string;
    try {
      origin = new URL(pageUrl).origin;
    } catch {
      return null;
    }
    return this.settings.extraSiteOrigins.includes(origin)
      ? slugFromUrl({ ...pattern, origin }, pageUrl)
      : null;
  }

  /** The signed client when unlocked, else the public one (reads that need no token). */
  api(): ExchangeClient {
    return this.session?.client ?? this.publicApi;
  }

  // ── Reads ─────────────────────────────────────────────────────────────────────

  async market(slug: string): Promise<MarketRecord | null> {
    const cached = this.markets.get(slug);
    if (cached?.pending) return cached.pending;
    if (cached && this.now() - cached.at < MARKET_TTL_MS) return cached.record;
    const pending = this.publicApi
      .getMarket(slug)
      .then((record) => record as MarketRecord | null)
      .catch((error: unknown) => {
        if (error instanceof ExchangeError && error.kind === 'not-found') return null;
        throw error;
      });
    this.markets.set(slug, { record: cached?.record ?? null, at: cached?.at ?? 0, pending });
    try {
      const record = await pending;
      this.markets.set(slug, { record, at: this.now() });
      return record;
    } catch (error) {
      this.markets.delete(slug);
      throw error;
    }
  }

  titleOf(slug: string): string {
    return this.markets.get(slug)?.record?.title ?? slug;
  }

  private maintenanceCheck: Promise<void> | null = null;

  /** Asks the exchange for its trading mode; callers at the same moment share one request. */
  refreshMaintenance(): Promise<void> {
    this.maintenanceCheck ??= (async () => {
      try {
        const status = await this.publicApi.getMaintenanceStatus();
        this.mode = { ...status, checkedAt: this.now() };
      } catch {
        // Keep the last known mode; the next check will try again.
      } finally {
        this.maintenanceCheck = null;
      }
      this.pushState();
      this.pushPanels();
    })();
    return this.maintenanceCheck;
  }

  /**
   * The transport settings of every client: a trading-mode refusal of any request (an
   * order, a cancel, a withdrawal) makes the background ask for the mode again.
   */
  private transport(): TransportTweaks {
    const tweaks = this.options.transport;
    return {
      ...tweaks,
      onRefused: (info) => {
        tweaks?.onRefused?.(info);
        if (info.kind === 'trading-mode') void this.refreshMaintenance();
      },
    };
  }

  private portfolioRefreshPending: Promise<void> | null = null;
  private portfolioRefreshQueued: Promise<void> | null = null;

  async refreshPortfolio(): Promise<void> {
    if (!this.session) return;
    if (this.portfolioRefreshPending) {
      // The answer in flight may predate what this caller wants to see (an order just
      // placed or cancelled): one more refresh follows it, shared by every such caller.
      this.portfolioRefreshQueued ??= this.portfolioRefreshPending.then(() => {
        this.portfolioRefreshQueued = null;
        return this.refreshPortfolio();
      });
      return this.portfolioRefreshQueued;
    }
    const session = this.session;
    this.portfolioRefreshPending = (async () => {
      try {
        const positions = await session.client.getPositions(session.actAs());
        if (this.session !== session) return;
        this.portfolio.set(positions, this.now());
        await this.options.platform.session.set(PORTFOLIO_CACHE_KEY, positions);
      } catch (error) {
        this.portfolio.fail(toErrorInfo(error));
      } finally {
        this.portfolioRefreshPending = null;
      }
      await this.updateBadge();
      this.pushState();
      this.pushPanels();
    })();
    return this.portfolioRefreshPending;
  }

  private readonly schedulePortfolioRefresh = coalesce(() => void this.refreshPortfolio(), 400);

  private readonly ordersRefreshTimers = new Map<string, ReturnType<typeof setTimeout>>();

  /**
   * A market's open orders, asked for again once a burst of its order events has passed:
   * one request per market per window however many events arrive (a bot-heavy market sends
   * hundreds a second), and always one after the last of them.
   */
  private scheduleOrdersRefresh(slug: string): void {
    if (this.ordersRefreshTimers.has(slug)) return;
    const timer = setTimeout(() => {
      this.ordersRefreshTimers.delete(slug);
      void this.refreshOrders(slug);
    }, this.options.ordersRefreshMs ?? ORDERS_REFRESH_MS);
    this.ordersRefreshTimers.set(slug, timer);
  }

  async refreshOrders(slug: string): Promise<UserOrder[]> {
    if (!this.session) return [];
    try {
      const orders = await this.session.client.getUserOrders(slug, this.session.actAs());
      this.ordersByMarket.set(slug, orders);
    } catch {
      // The panel keeps the last list; the next event asks again.
    }
    this.pushPanels(slug);
    return this.ordersByMarket.get(slug) ?? [];
  }

  /** Whether an order id is one of the user's open orders on that market (fresh from the exchange if unsure). */
  async ownsOrder(slug: string, orderId: string): Promise<boolean> {
    if ((this.ordersByMarket.get(slug) ?? []).some((o) => o.id === orderId)) return true;
    return (await this.refreshOrders(slug)).some((o) => o.id === orderId);
  }

  async ensureBook(slug: string): Promise<void> {
    if (this.books.get(slug)) return;
    try {
      const book = await this.publicApi.getOrderbook(slug);
      this.books.apply(slug, book, this.now());
    } catch {
      // No book yet: the panel says there is no price rather than inventing one.
    }
  }

  // ── What the UIs see ──────────────────────────────────────────────────────────

  snapshot(): AppSnapshot {
    const watched = new Set(this.panelPorts.values());
    return {
      vault: this.vaultView(),
      connection: this.connectionForUi(),
      mode: this.mode,
      portfolio: this.portfolio.view,
      intents: this.desk.views().slice(0, 50),
      books: this.books.pick(watched),
      settings: this.settings,
      clockOffsetMs: this.clock.offset,
    };
  }

  private connectionForUi(): ConnectionState {
    return this.live.state;
  }

  async panelState(slug: string): Promise<PanelState> {
    let market: MarketRecord | null = null;
    try {
      market = await this.market(slug);
    } catch {
      market = this.markets.get(slug)?.record ?? null;
    }
    if (market?.tradeType === 'clob') await this.ensureBook(slug);
    if (this.session && !this.ordersByMarket.has(slug)) await this.refreshOrders(slug);
    return this.panelStateNow(slug, market);
  }

  private panelStateNow(slug: string, market: MarketRecord | null): PanelState {
    return buildPanelState({
      marketSlug: slug,
      market,
      vault: this.vault.status,
      mode: this.mode,
      book: this.books.get(slug),
      portfolio: this.portfolio,
      openOrders: this.ordersByMarket.get(slug) ?? [],
      intents: this.desk.views(),
      settings: this.settings,
      connection: this.live.state,
      now: this.now(),
      clockOffsetMs: this.clock.offset,
    });
  }

  connectStatePort(port: PortLike): void {
    this.statePorts.add(port);
    port.postMessage({ topic: 'snapshot', data: this.snapshot() });
    port.onDisconnect.addListener(() => {
      this.statePorts.delete(port);
      this.updateMaintenancePolling();
    });
    this.updateMaintenancePolling();
    this.activity();
  }

  async connectPanelPort(port: PortLike, slug: string): Promise<void> {
    this.panelPorts.set(port, slug);
    port.onDisconnect.addListener(() => {
      this.panelPorts.delete(port);
      this.updatePriceSubscriptions();
      this.updateMaintenancePolling();
    });
    this.updatePriceSubscriptions();
    this.updateMaintenancePolling();
    const state = await this.panelState(slug);
    if (this.panelPorts.has(port)) port.postMessage({ topic: 'panel', data: state });
  }

  private updatePriceSubscriptions(): void {
    const slugs = [...new Set(this.panelPorts.values())].sort();
    this.live.subscribe(
      'subscribe_market_prices',
      slugs.length > 0 ? { marketSlugs: slugs } : null,
    );
    this.books.forget(new Set(slugs));
  }

  private updateAuthSubscriptions(): void {
    const on = this.session !== null;
    this.live.subscribe('subscribe_positions', on ? {} : null);
    this.live.subscribe('subscribe_order_events', on ? {} : null);
    this.live.subscribe('subscribe_transactions', on ? {} : null);
  }

  private updateMaintenancePolling(): void {
    const watching = this.statePorts.size + this.panelPorts.size > 0;
    if (watching && !this.maintenanceTimer) {
      this.maintenanceTimer = setInterval(
        () => void this.refreshMaintenance(),
        this.options.maintenanceEveryMs ?? MAINTENANCE_EVERY_MS,
      );
    } else if (!watching && this.maintenanceTimer) {
      clearInterval(this.maintenanceTimer);
      this.maintenanceTimer = null;
    }
  }

  private readonly flushState = coalesce(() => {
    if (this.statePorts.size === 0) return;
    const snapshot = this.snapshot();
    const key = JSON.stringify(snapshot);
    if (key === this.lastSnapshotKey) return;
    this.lastSnapshotKey = key;
    for (const port of this.statePorts) {
      try {
        port.postMessage({ topic: 'snapshot', data: snapshot });
      } catch {
        this.statePorts.delete(port);
      }
    }
  }, 16);

  pushState(): void {
    this.flushState();
  }

  private readonly dirtyPanels = new Set<string>();
  private readonly flushPanels = coalesce(() => {
    const dirty = new Set(this.dirtyPanels);
    this.dirtyPanels.clear();
    for (const [port, slug] of this.panelPorts) {
      if (!dirty.has(slug) && !dirty.has('*')) continue;
      try {
        port.postMessage({
          topic: 'panel',
          data: this.panelStateNow(slug, this.markets.get(slug)?.record ?? null),
        });
      } catch {
        this.panelPorts.delete(port);
      }
    }
  }, 16);

  pushPanels(slug?: string): void {
    this.dirtyPanels.add(slug ?? '*');
    this.flushPanels();
  }

  // ── Intents, notifications, badge ─────────────────────────────────────────────

  /** The last settled view of each intent: what a notification compares against. */
  private readonly lastViews = new Map<string, IntentView>();

  private onIntentChange(view: IntentView): void {
    // Fills can arrive by event before our own answer: until the answer decides the state, a
    // fill would read as partial. The notification waits for the settled view.
    if (!Notifier.waiting(view)) {
      const before = this.lastViews.get(view.clientOrderId);
      this.lastViews.set(view.clientOrderId, structuredClone(view));
      this.notify(this.notifier.fromIntent(before, view));
    }
    this.pushState();
    this.pushPanels(view.marketSlug);
  }

  /**
   * Fills, settlement failures and STP cancels of the user's resting orders that this
   * extension did not place (from the exchange's web site, say). Their details come from
   * the open orders known when the event arrives: the panels' lists and the portfolio's.
   */
  private async notifyExternal(event: OrderEvent): Promise<void> {
    const outcomeOf = async (slug: string, tokenId: string): Promise<'YES' | 'NO' | null> => {
      const tokens = (await this.market(slug).catch(() => null))?.tokens;
      if (!tokens) return null;
      return tokenId === tokens.yes ? 'YES' : tokenId === tokens.no ? 'NO' : null;
    };
    const title = (slug: string) => this.titleOf(slug);
    if (event.source === 'OME') {
      if (!Notifier.isStpCancel(event) || this.desk.hasOrder(event.orderId)) return;
      const outcome = await outcomeOf(event.marketSlug, event.tokenId);
      this.notify(this.notifier.fromOmeCancel(event, outcome, title));
      return;
    }
    // Looked up before anything awaits: the refresh this event triggers drops a filled
    // order from the lists.
    const found = event.makerMatches.flatMap((m) =>
      this.desk.hasOrder(m.orderId) ? [] : (this.knownOpenOrder(m.orderId) ?? []),
    );
    const open = new Map<string, KnownOrder>();
    for (const { slug, order } of found) {
      const outcome = await outcomeOf(slug, order.tokenId);
      if (outcome) open.set(order.id, { ...order, marketSlug: slug, outcome });
    }
    this.notify(this.notifier.fromSettlement(event, open, title));
  }

  /** One of the user's open orders, from the panels' lists or the portfolio's. */
  private knownOpenOrder(orderId: string): { slug: string; order: UserOrder } | null {
    for (const [slug, orders] of this.ordersByMarket) {
      const order = orders.find((o) => o.id === orderId);
      if (order) return { slug, order };
    }
    for (const { marketSlug, orders } of this.portfolio.openOrders()) {
      const order = orders.find((o) => o.id === orderId);
      if (order) return { slug: marketSlug, order };
    }
    return null;
  }

  private notify(specs: NotificationSpec[]): void {
    if (specs.length === 0) return;
    const { platform } = this.options;
    void platform.session.set(SEEN_NOTIFICATIONS_KEY, this.notifier.seen.snapshot());
    if (!this.settings.notifications.enabled) return;
    for (const spec of specs) {
      void platform.notifications
        .create(notificationId(spec), spec.title, spec.message)
        .catch(() => undefined);
    }
  }

  async updateBadge(): Promise<void> {
    const { badge } = this.options.platform;
    try {
      if (this.vault.status === 'locked') {
        await badge.set('🔒', '#6b7280');
      } else if (this.vault.status === 'unlocked') {
        const count = this.portfolio.openOrderCount();
        await badge.set(count > 0 ? String(count) : '', '#2563eb');
      } else {
        await badge.set('', '#6b7280');
      }
    } catch {
      // A badge is decoration; never let it break the worker.
    }
  }

  /** Error info for a caught failure, for handlers that report instead of throwing. */
  static info(error: unknown): ClientErrorInfo {
    return toErrorInfo(error);
  }
}
