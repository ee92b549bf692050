import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SandboxAmmPriceBody,
  SandboxClockBody,
  SandboxFeedStateBody,
  SandboxQuoteBody,
  SandboxTradingModeBody,
} from '../../lib/core/api/sandbox';
import { sandboxAccountViews } from '../core/accounts';
import { fail, ok } from '../core/results';
import { sandboxOrderView } from '../core/views';
import { type FaultRegistry, FaultsBody, isFaultRule } from '../faults';
import { parse, publicRoute, type RouteContext } from '../http/kit';
import { placeHouseQuote } from './quote';

export interface AdminContext extends RouteContext {
  faults: FaultRegistry;
  /** Disconnects every Socket.IO client (the `disconnect-sockets` fault). */
  disconnectSockets: () => void;
}

/** `/__sandbox/*`: never part of the exchange; unauthenticated, loopback only. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AdminContext): void {
  const { core, faults } = ctx;

  publicRoute(app, 'GET', '/__sandbox/accounts', () =>
    ok(core.accounts.list().flatMap(sandboxAccountViews)),
  );

  publicRoute(app, 'POST', '/__sandbox/reset', () => {
    core.reset();
    faults.clear();
    return ok({ ok: true });
  });

  publicRoute(app, 'POST', '/__sandbox/trading-mode', (req) => {
    const body = parse(SandboxTradingModeBody, req.body ?? {});
    if (!body.ok) return body.result;
    core.setTradingMode(body.data.mode, body.data.resumeAt ?? null);
    return ok(core.tradingMode);
  });

  publicRoute(app, 'POST', '/__sandbox/clock', (req) => {
    const body = parse(SandboxClockBody, req.body ?? {});
    if (!body.ok) return body.result;
    core.clock.setOffset(body.data.offsetMs);
    return ok({ offsetMs: core.clock.offsetMs, now: core.clock.iso() });
  });

  publicRoute(app, 'POST', '/__sandbox/feed-state', (req) => {
    const body = parse(SandboxFeedStateBody, req.body ?? {});
    if (!body.ok) return body.result;
    core.setFeedState(body.data.state);
    return ok({ state: core.feedState });
  });

  publicRoute(app, 'GET', '/__sandbox/orders', () => ok(core.orders.all().map(sandboxOrderView)));

  publicRoute(app, 'POST', '/__sandbox/markets/:slug/resolve', (req) => {
    const { slug } = req.params as { slug: string };
    const body = parse(
      z.object({ winningOutcomeIndex: z.union([z.literal(0), z.literal(1)]) }),
      req.body ?? {},
    );
    if (!body.ok) return body.result;
    if (!core.markets.bySlug(slug)) return fail(404, `Market ${slug} not found`);
    if (!core.resolveMarket(slug, body.data.winningOutcomeIndex)) {
      return fail(400, `Market ${slug} is already resolved`);
    }
    return ok({ ok: true });
  });

  publicRoute(app, 'POST', '/__sandbox/markets/:slug/amm-price', (req) => {
    const { slug } = req.params as { slug: string };
    const body = parse(SandboxAmmPriceBody, req.body ?? {});
    if (!body.ok) return body.result;
    if (!core.markets.bySlug(slug)) return fail(404, `Market ${slug} not found`);
    if (!core.amm.set(slug, BigInt(Math.round(body.data.yes * 1000)))) {
      return fail(400, `Market ${slug} is not an open AMM market`);
    }
    return ok(core.amm.priceData(slug));
  });

  publicRoute(app, 'POST', '/__sandbox/markets/:slug/quote', async (req) => {
    const { slug } = req.params as { slug: string };
    const body = parse(SandboxQuoteBody, req.body ?? {});
    if (!body.ok) return body.result;
    const market = core.markets.bySlug(slug);
    if (!market) return fail(404, `Market ${slug} not found`);
    if (market.tradeType !== 'clob') return fail(400, `Market ${slug} has no order book`);
    if (!(await placeHouseQuote(core, slug, body.data))) {
      return fail(
        400,
        `The quote was refused: a post-only ${body.data.side} at ${body.data.price} must not cross the book`,
      );
    }
    return ok({ orderbook: core.orderbook(slug) ?? null });
  });

  publicRoute(app, 'POST', '/__sandbox/faults', (req) => {
    const body = parse(FaultsBody, req.body ?? {});
    if (!body.ok) return body.result;
    const list = 'faults' in body.data ? body.data.faults : [body.data];
    for (const fault of list) {
      if (isFaultRule(fault)) faults.add(fault);
      else if (fault.kind === 'disconnect-sockets') ctx.disconnectSockets();
      else if (fault.kind === 'fail-settlements') core.settlement.failNext(fault.count);
      else faults.duplicateOrderEvents = fault.enabled;
    }
    return ok({
      rules: faults.active(),
      failSettlements: core.settlement.failuresPending,
      duplicateOrderEvents: faults.duplicateOrderEvents,
      dropped: faults.dropped,
    });
  });

  publicRoute(app, 'GET', '/__sandbox/faults', () =>
    ok({
      rules: faults.active(),
      failSettlements: core.settlement.failuresPending,
      duplicateOrderEvents: faults.duplicateOrderEvents,
      dropped: faults.dropped,
    }),
  );

  publicRoute(app, 'DELETE', '/__sandbox/faults', () => {
    faults.clear();
    core.settlement.clearFailures();
    return ok({ rules: [], failSettlements: 0, duplicateOrderEvents: false, dropped: 0 });
  });
}
