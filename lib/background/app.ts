import type { MarketRecord } from '../core/api/markets';
import type { UserOrder } from '../core/api/orders';
import { Positions } from '../core/api/portfolio';
import { ServerClock } from '../core/client/clock';
import type { ExchangeClient } from '../core/client/exchange-client';
import { quoteFor } from '../core/orders/pricing';
import { MAX_RECV_WINDOW_MS } from '../core/orders/rules';
import type { Settings } from '../core/settings/schema';
import { marketPageUrl, parseSitePattern } from '../core/site/pattern';
import { OrderDesk } from '../desk/desk';
import { SessionJournal } from '../desk/journal';
import { LiveConnection, type LiveOptions } from '../live/connection';
import type { BadgesView } from '../protocol/badge-views';
import { isFinal } from '../protocol/intent';
import type { SenderPolicy } from '../protocol/sender';
import type { AppSnapshot, TradingModeView } from '../protocol/views';
import { ACCOUNT_KEY, PORTFOLIO_CACHE_KEY } from '../storage/keys';
import type { SettingsSource } from '../storage/settings-source';
import { type StoredItem, storedItem } from '../storage/stored-item';
import { AUTO_LOCK_ALARM, AutoLock } from '../vault/auto-lock';
import { Vault } from '../vault/vault';
import { AccountInfo } from './account/account';
import { AccountSession } from './account/account-session';
import { PositionMarks } from './account/marks';
import { PortfolioTracker } from './account/portfolio';
import { OpenOrders, PortfolioRefresh } from './account/refresh';
import { BookTracker } from './market/books';
import { LiveSubscriptions } from './market/live-subscriptions';
import { LiveHandshake, wireLive } from './market/live-wiring';
import { MarketCache } from './market/market-cache';
import { PriceWatch } from './market/price-watch';
import { Notifications } from './notifications/notifications';
import { notificationMarket } from './notifications/notifier';
import { updateToolbarBadge } from './notifications/toolbar-badge';
import { pageMarket, senderPolicy } from './pages';
import type { Platform } from './platform';
import { ArmedPresses } from './trading/armed-presses';
import { ExchangeHealth } from './trading/exchange-health';
import { publicClient, type TradingSession, type TransportTweaks } from './trading/session';
import { TradingModeWatch } from './trading/trading-mode';
import type { Publish } from './ui/changes';
import { PanelStates } from './ui/panel-states';
import { buildBadgesView } from './ui/position-badges';
import { type PortLike, UiHub } from './ui/ui-hub';

export type { PortLike } from './ui/ui-hub';

export interface AppOptions {
  platform: Platform;
  settings: SettingsSource;
  transport?: TransportTweaks;
  live?: Pick<LiveOptions, 'transports' | 'reconnect'>;
  vaultIterations?: number;
  now?: () => number;
  /** How long a market's order events are gathered before its open orders are re-read. */
  ordersRefreshMs?: number;
  /** How long a market stays live after its last page panel closed (default 30 s). */
  marketLingerMs?: number;
}

const STALLED_INTENT_CHECK_MS = 15_000;
/** Covers a reload and a step back to the last market; a book of a market left is not kept longer. */
const MARKET_LINGER_MS = 30_000;

/**
 * The background's composition root: it builds the vault, the signed session, the one
 * live connection, the order desk and the services around them, and wires their events
 * to each other. What each service does lives in its own module.
 */
export class BackgroundApp {
  readonly clock = new ServerClock();
  readonly vault: Vault;
  readonly live: LiveConnection;
  readonly desk: OrderDesk;
  readonly books = new BookTracker();
  readonly portfolio = new PortfolioTracker();
  /** The positions as the UIs see them: marked to the live books. */
  readonly marks: PositionMarks;
  readonly markets: MarketCache;
  readonly tradingMode: TradingModeWatch;
  readonly openOrders: OpenOrders;
  readonly notifications: Notifications;
  readonly priceWatch: PriceWatch;
  readonly ui: UiHub;
  /** Whether the exchange answers: the heartbeat and the live connection's drops. */
  readonly health: ExchangeHealth;
  /** A market panel's state, and what blocks its orders. */
  readonly panels: PanelStates;
  readonly autoLock: AutoLock;
  /** The first presses of large orders, which the same press again confirms. */
  readonly armedPresses: ArmedPresses;
  /** Who is signed in, and the signed session opened from the vault. */
  readonly accountSession: AccountSession;
  private readonly portfolioRefresh: PortfolioRefresh;
  /** The last positions read, painted at once by a restarted worker. */
  private readonly portfolioCache: StoredItem<Positions>;
  private publicApi: ExchangeClient;
  private publicApiExchange: Settings['exchange'];
  readonly now: () => number;
  private readonly handshake: LiveHandshake;
  private readonly subscriptions: LiveSubscriptions;

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
    this.portfolioCache = storedItem(platform.session, PORTFOLIO_CACHE_KEY, Positions);
    const publicApi = () => this.publicApi;
    const session = () => this.session;
    const publish: Publish = (change) => this.ui.changed(change);
    this.markets = new MarketCache(publicApi, this.now);
    this.tradingMode = new TradingModeWatch(publicApi, this.now, publish);
    this.openOrders = new OpenOrders({
      session,
      portfolio: this.portfolio,
      publish,
      ...(options.ordersRefreshMs !== undefined ? { refreshMs: options.ordersRefreshMs } : {}),
    });
    this.portfolioRefresh = new PortfolioRefresh({
      session,
      portfolio: this.portfolio,
      cache: this.portfolioCache,
      now: this.now,
      onDone: async () => {
        this.subscriptions.heldChanged();
        await this.updateBadge();
        publish({ kind: 'portfolio' });
      },
    });
    this.health = new ExchangeHealth({
      // The beat reads the trading mode: the one poll of `/maintenance/status`.
      probe: async (signal) => this.tradingMode.observed(await this.publicApi.heartbeat(signal)),
      now: this.now,
      onChange: (status) => {
        if (status.status === 'down') this.live.abandon('the exchange stopped answering');
        else this.live.retryNow();
        publish({ kind: 'exchange-health' });
      },
    });
    this.ui = new UiHub({
      snapshot: () => this.snapshot(),
      panelNow: (slug) => this.panels.stateNow(slug, this.markets.known(slug)),
      panelFresh: (slug) => this.panels.state(slug),
      badges: () => this.badgesView(),
      onWatchersChanged: () => {
        this.subscriptions.marketsChanged();
        this.updateHealthNeeded();
      },
    });
    this.handshake = new LiveHandshake(session, () => this.refreshMaintenance());
    this.live = new LiveConnection({
      wsUrl: this.settings.exchange.wsUrl,
      authHeaders: () => this.handshake.headers(),
      ...options.live,
    });
    this.autoLock = new AutoLock(platform.alarms, () => this.settings.autoLockMinutes, this.now);
    this.accountSession = new AccountSession({
      vault: this.vault,
      autoLock: this.autoLock,
      accountItem: storedItem(platform.local, ACCOUNT_KEY, AccountInfo),
      clock: this.clock,
      transport: () => this.transport(),
      exchangeName: () => this.settings.exchange.name,
      hooks: {
        opened: () => this.sessionOpened(),
        closed: () => this.sessionClosed(),
        forgotten: async () => {
          // The forgotten account's orders (and their signed bytes) go with it.
          await this.desk.forgetAll();
          this.notifications.forget();
        },
        accountChanged: () => {
          void this.updateBadge();
          publish({ kind: 'vault' });
        },
      },
    });
    this.armedPresses = new ArmedPresses(this.now);
    this.desk = new OrderDesk({
      store: new SessionJournal(platform.session),
      client: () => this.accountSession.require().client,
      orderContext: (slug) => this.accountSession.require().orderContext(slug),
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
      quote: (slug, outcome) => quoteFor(this.books.get(slug), outcome),
      onChange: (view) => {
        this.updateHealthNeeded();
        this.notifications.intentChanged(view);
        publish({ kind: 'intent', marketSlug: view.marketSlug });
      },
      // The longest window the exchange allows: it is what makes "not placed" certain.
      receiveWindow: { ms: MAX_RECV_WINDOW_MS, serverNow: () => this.clock.now() },
      now: this.now,
    });
    this.notifications = new Notifications({
      platform,
      settings: () => this.settings,
      markets: this.markets,
      openOrders: this.openOrders,
      deskHas: (orderId) => this.desk.hasOrder(orderId),
    });
    this.priceWatch = new PriceWatch({
      platform,
      settings: () => this.settings,
      now: this.now,
      publish,
      onMarketsChanged: () => this.subscriptions.marketsChanged(),
    });
    this.marks = new PositionMarks({
      books: this.books,
      sellFeeBps: (slug) => this.sellFeeBps(slug),
    });
    this.panels = new PanelStates({
      markets: this.markets,
      books: this.books,
      openOrders: this.openOrders,
      portfolio: this.portfolio,
      marks: this.marks,
      sellFeeBps: (slug) => this.sellFeeBps(slug),
      desk: this.desk,
      priceWatch: this.priceWatch,
      live: this.live,
      clock: this.clock,
      publicApi,
      session,
      settings: () => this.settings,
      vaultStatus: () => this.vault.status,
      mode: () => this.mode,
      exchange: () => this.health.status,
      now: this.now,
      publish,
    });
    this.subscriptions = new LiveSubscriptions({
      live: this.live,
      books: this.books,
      ui: this.ui,
      alertMarkets: () => this.priceWatch.markets(),
      heldMarkets: () => this.portfolio.heldMarkets(),
      // A held market's record says whether a sell pays a fee there: the marks' figures.
      onHeldChanged: (held) =>
        void this.markets.learn(held).then((read) => read && publish({ kind: 'portfolio' })),
      lingerMs: options.marketLingerMs ?? MARKET_LINGER_MS,
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

  get mode(): TradingModeView | null {
    return this.tradingMode.mode;
  }

  // ── Lifecycle ─────────────────────────────────────────────────────────────────

  async start(): Promise<void> {
    const cached = await this.portfolioCache.get();
    await this.accountSession.restore();
    // Paint the last known positions at once; the refresh below replaces them.
    if (this.session && cached) this.portfolio.set(cached, this.now());
    this.subscriptions.heldChanged();
    this.subscriptions.sessionChanged(this.session !== null);
    await this.desk.init();
    await this.notifications.restore(this.desk.views());
    await this.priceWatch.restore();
    wireLive(this.live, {
      handshake: this.handshake,
      desk: this.desk,
      books: this.books,
      health: this.health,
      priceWatch: this.priceWatch,
      portfolio: this.portfolio,
      portfolioRefresh: this.portfolioRefresh,
      openOrders: this.openOrders,
      notifications: this.notifications,
      watchedMarkets: () => this.ui.watchedMarkets(),
      heldMarkets: () => this.portfolio.heldMarkets(),
      heldMaybeChanged: () => this.subscriptions.heldChanged(),
      refreshPortfolio: () => this.refreshPortfolio(),
      refreshOrders: (slug) => this.refreshOrders(slug),
      publish: (change) => this.ui.changed(change),
      now: this.now,
    });
    // Armed alerts' markets are subscribed at once: the first book each sends (on
    // subscribing) is checked, so an alert whose condition came true while the worker was
    // stopped fires now, once.
    this.subscriptions.marketsChanged();
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
      if (name === AUTO_LOCK_ALARM) void this.accountSession.lock();
    });
    platform.onIdleStateLocked(() => void this.accountSession.lock());
    platform.notifications.onClicked((id) => {
      const slug = notificationMarket(id);
      const pattern = parseSitePattern(this.settings.exchange.siteMarketPattern);
      if (slug && pattern) void platform.tabs.open(marketPageUrl(pattern, slug));
    });
    this.vault.onChange(() => this.ui.changed({ kind: 'vault' }));
  }

  // ── Sign-in ───────────────────────────────────────────────────────────────────

  get account(): AccountInfo | null {
    return this.accountSession.account;
  }

  get session(): TradingSession | null {
    return this.accountSession.session;
  }

  /** A session opened: the live connection signs in, and what it missed is asked for. */
  private async sessionOpened(): Promise<void> {
    this.subscriptions.sessionChanged(this.session !== null);
    this.live.restart();
    this.desk.resumePending();
    void this.refreshPortfolio();
    await this.updateBadge();
    this.ui.changed({ kind: 'vault' });
  }

  /** Locked: what was read with the session is dropped, and the connection goes public. */
  private async sessionClosed(): Promise<void> {
    this.portfolio.clear();
    this.subscriptions.heldChanged();
    this.openOrders.clear();
    await this.portfolioCache.remove();
    this.subscriptions.sessionChanged(false);
    this.live.restart();
    await this.updateBadge();
    this.ui.changed({ kind: 'vault' });
  }

  // ── Settings ──────────────────────────────────────────────────────────────────

  private onSettingsChanged(next: Settings): void {
    if (this.vault.status === 'unlocked') void this.autoLock.lengthChanged();
    if (JSON.stringify(next.exchange) !== JSON.stringify(this.publicApiExchange)) {
      this.publicApiExchange = next.exchange;
      this.publicApi = publicClient(next.exchange, this.clock, this.transport());
      this.markets.clear();
      this.live.retarget(next.exchange.wsUrl);
    }
    this.ui.changed({ kind: 'settings' });
  }

  senderPolicy(): SenderPolicy {
    return senderPolicy(this.settings, this.options.platform);
  }

  /** The market a page shows (null off market pages): see `pages.ts`. */
  pageMarket(pageUrl: string): string | null {
    return pageMarket(this.settings, pageUrl);
  }

  /** The signed client when unlocked, else the public one (reads that need no token). */
  api(): ExchangeClient {
    return this.session?.client ?? this.publicApi;
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

  // ── Reads ─────────────────────────────────────────────────────────────────────

  market(slug: string): Promise<MarketRecord | null> {
    return this.markets.get(slug);
  }

  refreshMaintenance(): Promise<void> {
    return this.tradingMode.refresh();
  }

  refreshPortfolio(): Promise<void> {
    return this.portfolioRefresh.run();
  }

  /** The taker fee a SELL pays on a market: the profile's rate, unless the market charges none. */
  private sellFeeBps(slug: string): number {
    // A market whose record does not say is taken to charge it: the lower estimate.
    const free = this.markets.known(slug)?.settings.feesEnabled === false;
    return free ? 0 : (this.session?.feeRateBps ?? 0);
  }

  refreshOrders(slug: string): Promise<UserOrder[]> {
    return this.openOrders.refresh(slug);
  }

  ownsOrder(slug: string, orderId: string): Promise<boolean> {
    return this.openOrders.owns(slug, orderId);
  }

  // ── What the UIs see ──────────────────────────────────────────────────────────

  snapshot(): AppSnapshot {
    return {
      vault: this.accountSession.view(),
      connection: this.live.state,
      exchange: this.health.status,
      mode: this.mode,
      portfolio: this.marks.view(this.portfolio.view),
      intents: this.desk.views().slice(0, 50),
      settings: this.settings,
      clockOffsetMs: this.clock.offset,
      priceAlerts: this.priceWatch.list(),
    };
  }

  badgesView(): BadgesView {
    return buildBadgesView({
      enabled: this.settings.badges.enabled,
      signedIn: this.session !== null,
      positions: this.marks.view(this.portfolio.view).positions,
    });
  }

  /** A content script's port on any page of the site: the position badges' summary. */
  connectBadgesPort(port: PortLike): void {
    this.ui.connectBadges(port);
  }

  /** An extension page's port; the page's hello says whether someone just opened it. */
  connectStatePort(port: PortLike): void {
    this.ui.connectState(port);
  }

  connectPanelPort(port: PortLike, slug: string): Promise<void> {
    return this.ui.connectPanel(port, slug);
  }

  /** The heartbeat runs while a UI is open or an order is in flight (exchange-health.ts). */
  private updateHealthNeeded(): void {
    this.health.setNeeded(
      this.ui.watched() || this.desk.views().some((view) => !isFinal(view.state)),
    );
  }

  updateBadge(): Promise<void> {
    return updateToolbarBadge(this.platform.badge, this.vault.status, this.portfolio);
  }
}
