import type { z } from 'zod';
import { FeedQuery, FeedResponse } from '../api/feed';
import { MaintenanceStatus } from '../api/maintenance';
import { ActiveMarkets, HistoricalPrice, MarketRecord, Orderbook } from '../api/markets';
import {
  CancelAllResponse,
  CancelBatchBody,
  CancelBatchResponse,
  CancelOrderBody,
  CancelResponse,
  OrderPlacementResponse,
  OrderStatusBody,
  OrderStatuses,
  UserOrders,
} from '../api/orders';
import {
  History,
  PnlChart,
  type PnlTimeframe,
  Positions,
  Trades,
  WithdrawalAddresses,
  WithdrawBody,
  WithdrawResult,
} from '../api/portfolio';
import { PartnerAccount, PartnerAccounts, Profile, PublicProfile } from '../api/profiles';
import {
  type HistoricalPriceInterval,
  HistoricalPriceQuery,
  MarketSearchQuery,
  OnBehalfOfQuery,
  Paging,
  PnlChartQuery,
} from '../api/queries';
import type { OrderMarket } from '../orders/build';
import { ExchangeError } from './errors';
import { HttpTransport, type QueryValue, type TransportOptions } from './http';

/** Acting for a partner's sub-account (`onBehalfOf`), where the endpoint allows it. */
export interface ActAs {
  onBehalfOf?: number;
}

const enc = encodeURIComponent;

function validated<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ExchangeError({
      kind: 'validation',
      source: 'client',
      issues: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    });
  }
  return parsed.data;
}

/**
 * A query checked with the schema the exchange (sandbox) parses it with, then sent as the
 * caller gave it: defaults stay the server's, and nothing is added to the URL.
 */
function checkedQuery<S extends z.ZodType>(
  schema: S,
  query: Record<string, QueryValue>,
): Record<string, QueryValue> {
  validated(schema, query);
  return query;
}

const actAsQuery = (actAs: ActAs) =>
  checkedQuery(OnBehalfOfQuery, { onBehalfOf: actAs.onBehalfOf });

/**
 * One method per endpoint of docs/exchange-api.md. Every answer is parsed
 * with `lib/core/api`; every request body is checked before it leaves. Methods that check
 * are `async` so a refusal arrives as a rejected promise, never as a synchronous throw.
 */
export class ExchangeClient {
  readonly http: HttpTransport;
  private readonly venues = new Map<string, Promise<OrderMarket>>();

  constructor(options: TransportOptions | HttpTransport) {
    this.http = options instanceof HttpTransport ? options : new HttpTransport(options);
  }

  private get<S extends z.ZodType>(
    path: string,
    schema: S,
    auth: 'required' | 'optional' | 'none',
    query?: Record<string, QueryValue>,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    return this.http.request({
      method: 'GET',
      path,
      query,
      auth,
      schema,
      ...(signal ? { signal } : {}),
    });
  }

  private post<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    query?: Record<string, QueryValue>,
  ): Promise<z.output<S>> {
    return this.http.request({
      method: 'POST',
      path,
      query,
      body: JSON.stringify(body),
      auth: 'required',
      schema,
    });
  }

  // ── Feed ──────────────────────────────────────────────────────────────────────
  async getFeed(query: FeedQuery = {}, signal?: AbortSignal): Promise<FeedResponse> {
    const q = validated(FeedQuery, query);
    return this.http.request({
      method: 'GET',
      path: '/feed/trading',
      query: q,
      auth: q.audience === 'following' ? 'required' : 'none',
      schema: FeedResponse,
      cache: 'no-cache',
      ...(signal ? { signal } : {}),
    });
  }

  // ── Orders ────────────────────────────────────────────────────────────────────
  /** Sends the exact bytes of a built order; retries resend the same bytes. */
  placeOrder(json: string, signal?: AbortSignal): Promise<OrderPlacementResponse> {
    return this.preparePlaceOrder(json, signal)();
  }

  /** `placeOrder`, signed now and sent when called (see `HttpTransport.prepare`). */
  preparePlaceOrder(json: string, signal?: AbortSignal): () => Promise<OrderPlacementResponse> {
    return this.http.prepare({
      method: 'POST',
      path: '/orders',
      body: json,
      auth: 'required',
      schema: OrderPlacementResponse,
      ...(signal ? { signal } : {}),
    });
  }

  async cancelOrder(id: { orderId: string } | { clientOrderId: string }, actAs: ActAs = {}) {
    const body = validated(CancelOrderBody, id);
    return this.post('/orders/cancel', body, CancelResponse, actAsQuery(actAs));
  }

  /** `DELETE /orders/{orderId}`: the older way to cancel by internal id. */
  deleteOrder(orderId: string) {
    return this.http.request({
      method: 'DELETE',
      path: `/orders/${enc(orderId)}`,
      auth: 'required',
      schema: CancelResponse,
    });
  }

  async cancelBatch(orderIds: string[], actAs: ActAs = {}) {
    const body = validated(CancelBatchBody, { orderIds });
    return this.post('/orders/cancel-batch', body, CancelBatchResponse, actAsQuery(actAs));
  }

  async cancelAllOnMarket(marketSlug: string, actAs: ActAs = {}) {
    return this.http.request({
      method: 'DELETE',
      path: `/orders/all/${enc(marketSlug)}`,
      query: actAsQuery(actAs),
      auth: 'required',
      schema: CancelAllResponse,
    });
  }

  async orderStatuses(ids: OrderStatusBody) {
    return this.post('/orders/status/batch', validated(OrderStatusBody, ids), OrderStatuses);
  }

  // ── Portfolio ─────────────────────────────────────────────────────────────────
  async getPositions(actAs: ActAs = {}) {
    return this.get('/portfolio/positions', Positions, 'required', actAsQuery(actAs));
  }

  async getTrades(actAs: ActAs & { limit?: number; page?: number } = {}) {
    const query = { ...actAsQuery(actAs), ...checkedQuery(Paging, { ...actAs }) };
    return this.get('/portfolio/trades', Trades, 'required', query);
  }

  async getPnlChart(timeframe: PnlTimeframe = '1w', actAs: ActAs = {}) {
    const query = { ...actAsQuery(actAs), ...checkedQuery(PnlChartQuery, { timeframe }) };
    return this.get('/portfolio/pnl-chart', PnlChart, 'required', query);
  }

  async getHistory(actAs: ActAs & { limit?: number; page?: number } = {}) {
    const query = { ...actAsQuery(actAs), ...checkedQuery(Paging, { ...actAs }) };
    return this.get('/portfolio/history', History, 'required', query);
  }

  async withdraw(body: z.input<typeof WithdrawBody>) {
    return this.post('/portfolio/withdraw', validated(WithdrawBody, body), WithdrawResult);
  }

  async getWithdrawalAddresses(actAs: ActAs = {}) {
    return this.get(
      '/portfolio/withdrawal-addresses',
      WithdrawalAddresses,
      'required',
      actAsQuery(actAs),
    );
  }

  // ── Maintenance and markets (public) ──────────────────────────────────────────
  getMaintenanceStatus() {
    return this.get('/maintenance/status', MaintenanceStatus, 'none');
  }

  /**
   * The background's heartbeat (lib/background/trading/exchange-health.ts): the cheapest public
   * read, sent once (a retry would hide the very silence it listens for).
   */
  heartbeat(signal: AbortSignal) {
    return this.http.request({
      method: 'GET',
      path: '/maintenance/status',
      auth: 'none',
      schema: MaintenanceStatus,
      retry: false,
      signal,
    });
  }

  async getActiveMarkets(query: { page?: number; limit?: number } = {}) {
    return this.get('/markets/active', ActiveMarkets, 'none', checkedQuery(Paging, query));
  }

  async searchMarkets(query: string) {
    return this.get(
      '/markets/search',
      ActiveMarkets,
      'none',
      checkedQuery(MarketSearchQuery, { query }),
    );
  }

  getMarket(slug: string) {
    return this.get(`/markets/${enc(slug)}`, MarketRecord, 'none');
  }

  getOrderbook(slug: string) {
    return this.get(`/markets/${enc(slug)}/orderbook`, Orderbook, 'none');
  }

  async getHistoricalPrice(slug: string, interval: HistoricalPriceInterval = '1h') {
    const query = checkedQuery(HistoricalPriceQuery, { interval });
    return this.get(`/markets/${enc(slug)}/historical-price`, HistoricalPrice, 'none', query);
  }

  async getUserOrders(slug: string, actAs: ActAs = {}) {
    const query = actAsQuery(actAs);
    return this.get(`/markets/${enc(slug)}/user-orders`, UserOrders, 'required', query);
  }

  /**
   * Token ids and venue of a CLOB market: static per market (spec), so fetched once.
   * A failed lookup is not cached.
   */
  getOrderMarket(slug: string): Promise<OrderMarket> {
    let cached = this.venues.get(slug);
    if (!cached) {
      cached = this.getMarket(slug).then((market) => {
        if (!market.tokens || !market.venue) {
          throw new ExchangeError({
            kind: 'unavailable',
            message: `${market.title} is not an order-book market: it takes no CLOB orders.`,
          });
        }
        return { slug: market.slug, tokens: market.tokens, venue: market.venue } as OrderMarket;
      });
      cached.catch(() => this.venues.delete(slug));
      this.venues.set(slug, cached);
    }
    return cached;
  }

  // ── Profiles ──────────────────────────────────────────────────────────────────
  getMyProfile() {
    return this.get('/profiles/me', Profile, 'required');
  }

  getProfile(address: string) {
    return this.get(`/profiles/${enc(address)}`, PublicProfile, 'none');
  }

  getPartnerAccounts() {
    return this.get('/profiles/partner-accounts', PartnerAccounts, 'required');
  }

  createPartnerAccount(displayName?: string) {
    return this.post(
      '/profiles/partner-accounts',
      displayName ? { displayName } : {},
      PartnerAccount,
    );
  }
}
