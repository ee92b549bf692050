import type { FastifyInstance } from 'fastify';
import { modeAllowsCancel } from '../../../lib/core/api/maintenance';
import {
  CANCEL_MESSAGES,
  CancelBatchBody,
  CancelOrderBody,
  OrderStatusBody,
} from '../../../lib/core/api/orders';
import { Uuid } from '../../../lib/core/api/primitives';
import type { SandboxProfile } from '../../core/accounts';
import type { SandboxCore } from '../../core/core';
import type { OrderRecord } from '../../core/orders';
import { placeOrder } from '../../core/placement';
import { type ApiResult, fail, ok, tradingModeFailure } from '../../core/results';
import { orderStatusView } from '../../core/views';
import { actingProfile, authedRoute, parse, type RouteContext } from '../kit';

function disabledResult(core: SandboxCore): ApiResult | null {
  const { mode, resumeAt } = core.tradingMode;
  return modeAllowsCancel(mode) ? null : tradingModeFailure('disabled', resumeAt);
}

/**
 * Cancels one resolved order for `actor` (the caller, or the sub-account it acts for).
 * 401 when the order belongs to another profile (spec), 400 when it can no longer be
 * cancelled or its market is resolved.
 */
function cancelOne(core: SandboxCore, actor: SandboxProfile, order: OrderRecord): ApiResult {
  if (order.ownerId !== actor.profileId) {
    return fail(401, 'This order belongs to another profile');
  }
  const market = core.markets.bySlug(order.marketSlug);
  if (market?.status === 'RESOLVED') {
    return fail(400, `Market ${order.marketSlug} is resolved: its orders cannot be cancelled`);
  }
  const kind = core.cancel(order);
  if (kind === null) return fail(400, CANCEL_MESSAGES.notCancellable);
  return ok({
    message: kind === 'delayed' ? CANCEL_MESSAGES.delayedCanceled : CANCEL_MESSAGES.canceled,
  });
}

export function registerOrderRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { core } = ctx;

  authedRoute(app, ctx, 'POST', '/orders', 'trading', ({ req, auth }) =>
    placeOrder(core, {
      callerProfileId: auth.profile.profileId,
      scopes: auth.scopes,
      body: req.body,
      receivedAt: req.receivedAt,
    }),
  );

  authedRoute(app, ctx, 'POST', '/orders/cancel', 'trading', ({ req, auth }) => {
    const acting = actingProfile(ctx, req, auth, true);
    if (!acting.ok) return acting.result;
    const body = parse(CancelOrderBody, req.body ?? {});
    if (!body.ok) return body.result;
    const disabled = disabledResult(core);
    if (disabled) return disabled;
    const { orderId, clientOrderId } = body.data;
    const order =
      orderId !== undefined
        ? core.orders.get(orderId)
        : core.orders.byClientOrderId(acting.profile.profileId, (clientOrderId ?? '').trim());
    if (!order) return fail(404, 'Order not found');
    return cancelOne(core, acting.profile, order);
  });

  // An id that is not a UUID resolves to no order: 404, as the spec's Errors table has it
  // ("invalid … order id elsewhere"), not a validation 400 (the body of /orders/cancel is a
  // request to validate; a path is an address that leads nowhere).
  authedRoute(app, ctx, 'DELETE', '/orders/:orderId', 'trading', ({ req, auth }) => {
    const { orderId } = req.params as { orderId: string };
    const disabled = disabledResult(core);
    if (disabled) return disabled;
    const order = Uuid.safeParse(orderId).success ? core.orders.get(orderId) : undefined;
    if (!order) return fail(404, 'Order not found');
    return cancelOne(core, auth.profile, order);
  });

  authedRoute(app, ctx, 'POST', '/orders/cancel-batch', 'trading', ({ req, auth }) => {
    const acting = actingProfile(ctx, req, auth, true);
    if (!acting.ok) return acting.result;
    const body = parse(CancelBatchBody, req.body ?? {});
    if (!body.ok) return body.result;
    const disabled = disabledResult(core);
    if (disabled) return disabled;
    const canceled: string[] = [];
    const failed: { orderId: string; reason: string; message: string }[] = [];
    for (const id of body.data.orderIds) {
      const order = core.orders.get(id);
      const market = order ? core.markets.bySlug(order.marketSlug) : undefined;
      const done =
        order &&
        order.ownerId === acting.profile.profileId &&
        market?.status !== 'RESOLVED' &&
        core.cancel(order) !== null;
      if (done) canceled.push(id);
      else {
        failed.push({
          orderId: id,
          reason: 'ORDER_NOT_FOUND',
          message: CANCEL_MESSAGES.notCancellable,
        });
      }
    }
    return ok({ message: CANCEL_MESSAGES.batchCanceled, canceled, failed });
  });

  authedRoute(app, ctx, 'DELETE', '/orders/all/:slug', 'trading', ({ req, auth }) => {
    const acting = actingProfile(ctx, req, auth, true);
    if (!acting.ok) return acting.result;
    const { slug } = req.params as { slug: string };
    const market = core.markets.bySlug(slug);
    if (!market) return fail(404, `Market ${slug} not found`);
    const disabled = disabledResult(core);
    if (disabled) return disabled;
    const canceled = core.orders
      .openOf(acting.profile.profileId, slug)
      .filter((o) => core.cancel(o) !== null)
      .map((o) => o.id);
    return ok({ message: CANCEL_MESSAGES.batchCanceled, canceled });
  });

  authedRoute(app, ctx, 'POST', '/orders/status/batch', null, ({ req, auth }) => {
    const acting = actingProfile(ctx, req, auth);
    if (!acting.ok) return acting.result;
    const body = parse(OrderStatusBody, req.body ?? {});
    if (!body.ok) return body.result;
    const owner = acting.profile.profileId;
    const unknown = (orderId: string | null, clientOrderId: string | null) => ({
      orderId,
      clientOrderId,
      status: 'UNKNOWN' as const,
      settlementStatus: null,
      remainingSize: null,
      filledSize: '0',
    });
    const byId = (body.data.orderIds ?? []).map((id) => {
      const o = core.orders.get(id);
      return o && o.ownerId === owner ? orderStatusView(o) : unknown(id, null);
    });
    const byClient = (body.data.clientOrderIds ?? []).map((cid) => {
      const o = core.orders.byClientOrderId(owner, cid.trim());
      return o ? orderStatusView(o) : unknown(null, cid);
    });
    return ok([...byId, ...byClient]);
  });
}
