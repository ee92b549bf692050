import type { MarketRecord } from '../core/api/markets';
import type { UserOrder } from '../core/api/orders';
import { Positions } from '../core/api/portfolio';
import { ServerClock } from '../core/client/clock';
import { ExchangeError } from '../core/client/errors';
import type { ExchangeClient } from '../core/client/exchange-client';
import { quoteFor } from '../core/orders/pricing';
import { MAX_RECV_WINDOW_MS } from '../core/orders/rules';
import type { Settings } from '../core/settings/schema';
import { marketPageUrl, parseSitePattern } from '../core/site/pattern';
import { OrderDesk } from '../desk/desk';
import { SessionJournal } from '../desk/journal';
import { LiveConnection, type LiveOptions } from '../live/connection';
import type { BadgesView } from '../protocol/badge-views';
import type { SenderPolicy } from '../protocol/sender';
import type { AppSnapshot, TradingModeView, VaultView } from '../protocol/views';
import { ACCOUNT_KEY, PORTFOLIO_CACHE_KEY } from '../storage/keys';
import type { SettingsSource } from '../storage/settings-source';
import { type StoredItem, storedItem } from '../storage/stored-item';
import { AUTO_LOCK_ALARM, AutoLock } from '../vault/auto-lock';
import { Vault } from '../vault/vault';
import { AccountInfo, vaultView } from './account';
import { Alerts } from './alerts';
import { ArmedPresses } from './armed-presses';
import { buildBadgesView } from './badges';
import { BookTracker } from './books';
import { LiveSubscriptions } from './live-subscriptions';
import { LiveHandshake, wireLive } from './live-wiring';
import { MarketCache } from './market-cache';
import { PositionMarks } from './marks';
import { notificationMarket } from './notifier';
import { pageMarket, senderPolicy } from './pages';
import { PanelStates } from './panel-states';
import type { Platform } from './platform';
import { PortfolioTracker } from './portfolio';
import { PriceWatch } from './price-watch';
import { OpenOrders, PortfolioRefresh } from './refresh';
import { publicClient, TradingSession, type TransportTweaks } from './session';
import { TradingModeWatch } from './trading-mode';
import { type PortLike, UiHub } from './ui-hub';

export type { PortLike } from './ui-hub';

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
  /** The held markets last subscribed, so a read that changes nothing held subscribes nothing. */
  private heldKey = '';
  readonly markets: MarketCache;
  readonly tradingMode: TradingModeWatch;
  readonly openOrders: OpenOrders;
  readonly alerts: Alerts;
  readonly priceWatch: PriceWatch;
  readonly ui: UiHub;
  /** A market panel's state, and what blocks its orders. */
  readonly panels: PanelStates;
  readonly autoLock: AutoLock;
  /** The first presses of large orders, which the same press again confirms. */
  readonly armedPresses: ArmedPresses;
  account: AccountInfo | null = null;
  session: TradingSession | null = null;
  private readonly portfolioRefresh: PortfolioRefresh;
  /** Who the vault belongs to (no secret), in the protected store. */
  private readonly accountItem: StoredItem<AccountInfo>;
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
    this.accountItem = storedItem(platform.local, ACCOUNT_KEY, AccountInfo);
    this.portfolioCache = storedItem(platform.session, PORTFOLIO_CACHE_KEY, Positions);
    const publicApi = () => this.publicApi;
    const session = () => this.session;
    this.markets = new MarketCache(publicApi, this.now);
    this.tradingMode = new TradingModeWatch(
      publicApi,
      this.now,
      () => this.pushAll(),
      options.maintenanceEveryMs,
    );
    this.openOrders = new OpenOrders({
      session,
      portfolio: this.portfolio,
      onChange: (slug) => this.pushPanels(slug),
      ...(options.ordersRefreshMs !== undefined ? { refreshMs: options.ordersRefreshMs } : {}),
    });
    this.portfolioRefresh = new PortfolioRefresh({
      session,
      portfolio: this.portfolio,
      cache: this.portfolioCache,
      now: this.now,
      onDone: async () => {
        this.heldChanged();
        await this.updateBadge();
        this.pushAll();
      },
    });
    this.ui = new UiHub({
      snapshot: () => this.snapshot(),
      panelNow: (slug) => this.panels.stateNow(slug, this.markets.known(slug)),
      panelFresh: (slug) => this.panels.state(slug),
      badges: () => this.badgesView(),
      onWatchersChanged: () => this.subscriptions.marketsChanged(),
    });
    this.handshake = new LiveHandshake(session, () => this.refreshMaintenance());
    this.live = new LiveConnection({
      wsUrl: this.settings.exchange.wsUrl,
      authHeaders: () => this.handshake.headers(),
      ...options.live,
    });
    this.autoLock = new AutoLock(platform.alarms, () => this.settings.autoLockMinutes, this.now);
    this.armedPresses = new ArmedPresses(this.now);
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
      quote: (slug, outcome) => quoteFor(this.books.get(slug), outcome),
      onChange: (view) => {
        this.alerts.intentChanged(view);
        this.pushState();
        this.pushPanels(view.marketSlug);
      },
      // The longest window the exchange allows: it is what makes "not placed" certain.
      receiveWindow: { ms: MAX_RECV_WINDOW_MS, serverNow: () => this.clock.now() },
      now: this.now,
    });
    this.alerts = new Alerts({
      platform,
      settings: () => this.settings,
      markets: this.markets,
      openOrders: this.openOrders,
      portfolio: this.portfolio,
      vaultStatus: () => this.vault.status,
      deskHas: (orderId) => this.desk.hasOrder(orderId),
    });
    this.priceWatch = new PriceWatch({
      platform,
      settings: () => this.settings,
      now: this.now,
      onChange: () => this.pushState(),
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
      now: this.now,
      pushPanels: (slug) => this.pushPanels(slug),
    });
    this.subscriptions = new LiveSubscriptions({
      live: this.live,
      books: this.books,
      tradingMode: this.tradingMode,
      ui: this.ui,
      alertMarkets: () => this.priceWatch.markets(),
      heldMarkets: () => this.portfolio.heldMarkets(),
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
    this.account = await this.accountItem.get();
    const cached = await this.portfolioCache.get();
    await this.vault.init();
    await this.autoLock.restore();
    if (this.vault.status === 'unlocked' && this.account) {
      await this.openSession();
      // Paint the last known positions at once; the refresh below replaces them.
      if (cached) this.portfolio.set(cached, this.now());
    }
    this.heldChanged();
    this.subscriptions.sessionChanged(this.session !== null);
    await this.desk.init();
    await this.alerts.restore(this.desk.views());
    await this.priceWatch.restore();
    wireLive(this.live, {
      handshake: this.handshake,
      desk: this.desk,
      books: this.books,
      priceWatch: this.priceWatch,
      portfolio: this.portfolio,
      portfolioRefresh: this.portfolioRefresh,
      openOrders: this.openOrders,
      alerts: this.alerts,
      watchedMarkets: () => this.ui.watchedMarkets(),
      heldMarkets: () => this.portfolio.heldMarkets(),
      heldMaybeChanged: () => this.heldChanged(),
      refreshPortfolio: () => this.refreshPortfolio(),
      refreshOrders: (slug) => this.refreshOrders(slug),
      pushState: () => this.pushState(),
      pushPanels: (slug) => this.pushPanels(slug),
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
    this.subscriptions.sessionChanged(this.session !== null);
    this.live.restart();
    this.desk.resumePending();
    void this.refreshPortfolio();
    await this.updateBadge();
    this.pushAll();
  }

  async lock(): Promise<VaultView> {
    await this.vault.lock();
    this.session = null;
    this.portfolio.clear();
    this.heldChanged();
    this.openOrders.clear();
    await this.portfolioCache.remove();
    await this.autoLock.stop();
    this.subscriptions.sessionChanged(this.session !== null);
    this.live.restart();
    await this.updateBadge();
    this.pushAll();
    return this.vaultView();
  }

  async forget(): Promise<VaultView> {
    await this.lock();
    // The forgotten account's orders (and their signed bytes) go with it.
    await this.desk.forgetAll();
    this.alerts.forget();
    await this.vault.forget();
    this.account = null;
    await this.accountItem.remove();
    await this.updateBadge();
    this.pushState();
    return this.vaultView();
  }

  async saveAccount(account: AccountInfo): Promise<void> {
    this.account = account;
    await this.accountItem.set(account);
    if (this.vault.status === 'unlocked') await this.openSession();
    this.pushState();
  }

  /** Every user action postpones the auto-lock. */
  activity(): void {
    if (this.vault.status === 'unlocked') void this.autoLock.touch();
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
    this.pushAll();
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

  /**
   * The positions changed: when the markets held did, their books are subscribed (or let
   * go), and their records read for whether a sell pays a fee there (the marks' words).
   */
  private heldChanged(): void {
    const held = [...this.portfolio.heldMarkets()].sort();
    const key = held.join('\n');
    if (key === this.heldKey) return;
    this.heldKey = key;
    this.subscriptions.marketsChanged();
    const unknown = held.filter((slug) => this.markets.known(slug) === null);
    if (unknown.length === 0) return;
    void Promise.allSettled(unknown.map((slug) => this.markets.get(slug))).then(() =>
      this.pushAll(),
    );
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
      vault: this.vaultView(),
      connection: this.live.state,
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

  /** What held changes with the state the popup sees: the badges follow the same pushes. */
  pushState(): void {
    this.ui.pushState();
    this.ui.pushBadges();
  }

  pushPanels(slug?: string): void {
    this.ui.pushPanels(slug);
  }

  private pushAll(): void {
    this.pushState();
    this.pushPanels();
  }

  updateBadge(): Promise<void> {
    return this.alerts.updateBadge();
  }
}
