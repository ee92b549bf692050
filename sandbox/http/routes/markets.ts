import type { FastifyInstance } from 'fastify';
import {
  type HistoricalPriceInterval,
  HistoricalPriceQuery,
  MarketSearchQuery,
  Paging,
} from '../../../lib/core/api/queries';
import { marketRecordView } from '../../core/markets';
import { fail, ok } from '../../core/results';
import { millisToNumber, userOrderView } from '../../core/views';
import { actingProfile, authedRoute, parse, publicRoute, type RouteContext } from '../kit';

const INTERVAL_MS: Record<HistoricalPriceInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '6h': 21_600_000,
  '1d': 86_400_000,
};

export function registerMarketRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { core } = ctx;
  const view = (slug: string) => {
    const m = core.markets.bySlug(slug);
    return m ? marketRecordView(m, core.baseUrl) : undefined;
  };

  publicRoute(app, 'GET', '/markets/active', (req) => {
    const paging = parse(Paging, req.query);
    if (!paging.ok) return paging.result;
    const now = core.clock.now();
    const active = core.markets
      .list()
      .filter((m) => m.status === 'FUNDED' && Date.parse(m.deadline) > now)
      .map((m) => marketRecordView(m, core.baseUrl));
    const { limit, page } = paging.data;
    return ok({
      data: active.slice((page - 1) * limit, page * limit),
      totalMarketsCount: active.length,
    });
  });

  publicRoute(app, 'GET', '/markets/search', (req) => {
    const q = parse(MarketSearchQuery, req.query);
    if (!q.ok) return q.result;
    const needle = q.data.query.trim().toLowerCase();
    const found = core.markets
      .list()
      .filter(
        (m) =>
          needle === '' ||
          m.title.toLowerCase().includes(needle) ||
          m.slug.includes(needle) ||
          (m.group?.title.toLowerCase().includes(needle) ?? false),
      )
      .map((m) => marketRecordView(m, core.baseUrl));
    return ok({ data: found, totalMarketsCount: found.length });
  });

  publicRoute(app, 'GET', '/markets/:slug', (req) => {
    const { slug } = req.params as { slug: string };
    const market = view(slug);
    return market ? ok(market) : fail(404, `Market ${slug} not found`);
  });

  publicRoute(app, 'GET', '/markets/:slug/orderbook', (req) => {
    const { slug } = req.params as { slug: string };
    const market = core.markets.bySlug(slug);
    if (!market) return fail(404, `Market ${slug} not found`);
    // An AMM market has no order book (and no token ids to name one by).
    if (market.tradeType !== 'clob')
      return fail(404, `Market ${slug} is an AMM market: it has no order book`);
    const book = core.orderbook(slug);
    return book ? ok(book) : fail(404, `Market ${slug} not found`);
  });

  publicRoute(app, 'GET', '/markets/:slug/historical-price', (req) => {
    const { slug } = req.params as { slug: string };
    if (!core.markets.bySlug(slug)) return fail(404, `Market ${slug} not found`);
    const q = parse(HistoricalPriceQuery, req.query);
    if (!q.ok) return q.result;
    const step = INTERVAL_MS[q.data.interval];
    // One point per interval bucket: the last price seen in it.
    const buckets = new Map<number, bigint>();
    for (const p of core.priceHistoryOf(slug))
      buckets.set(Math.floor(p.at / step) * step, p.yesMillis);
    return ok({
      marketSlug: slug,
      interval: q.data.interval,
      prices: [...buckets].map(([at, yes]) => ({
        timestamp: new Date(at).toISOString(),
        price: millisToNumber(yes),
      })),
    });
  });

  authedRoute(app, ctx, 'GET', '/markets/:slug/user-orders', null, ({ req, auth }) => {
    const { slug } = req.params as { slug: string };
    if (!core.markets.bySlug(slug)) return fail(404, `Market ${slug} not found`);
    const acting = actingProfile(ctx, req, auth);
    if (!acting.ok) return acting.result;
    return ok(core.orders.openOf(acting.profile.profileId, slug).map(userOrderView));
  });
}
