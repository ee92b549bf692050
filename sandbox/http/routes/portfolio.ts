import type { FastifyInstance } from 'fastify';
import { WithdrawBody } from '../../../lib/core/api/portfolio';
import { Paging, PnlChartQuery } from '../../../lib/core/api/queries';
import type { SandboxProfile } from '../../core/accounts';
import { fakeTxHash, newId } from '../../core/ids';
import { COLLATERAL } from '../../core/ledger';
import { COLLATERAL_TOKEN } from '../../core/markets';
import { historyOf, pnlChartOf, positionsOf, tradesOf } from '../../core/portfolio';
import { fail, ok } from '../../core/results';
import { actingProfile, authedRoute, parse, type RouteContext } from '../kit';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function registerPortfolioRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { core } = ctx;

  authedRoute(app, ctx, 'GET', '/portfolio/positions', null, ({ req, auth }) => {
    const acting = actingProfile(ctx, req, auth);
    if (!acting.ok) return acting.result;
    return ok(positionsOf(core, acting.profile.profileId));
  });

  authedRoute(app, ctx, 'GET', '/portfolio/trades', null, ({ req, auth }) => {
    const acting = actingProfile(ctx, req, auth);
    if (!acting.ok) return acting.result;
    const paging = parse(Paging, req.query);
    if (!paging.ok) return paging.result;
    return ok(tradesOf(core, acting.profile.profileId, paging.data.limit, paging.data.page));
  });

  authedRoute(app, ctx, 'GET', '/portfolio/pnl-chart', null, ({ req, auth }) => {
    const acting = actingProfile(ctx, req, auth);
    if (!acting.ok) return acting.result;
    const q = parse(PnlChartQuery, req.query);
    if (!q.ok) return q.result;
    return ok(pnlChartOf(core, acting.profile.profileId, q.data.timeframe));
  });

  authedRoute(app, ctx, 'GET', '/portfolio/history', null, ({ req, auth }) => {
    const acting = actingProfile(ctx, req, auth);
    if (!acting.ok) return acting.result;
    const paging = parse(Paging, req.query);
    if (!paging.ok) return paging.result;
    return ok(historyOf(core, acting.profile.profileId, paging.data.limit, paging.data.page));
  });

  authedRoute(app, ctx, 'GET', '/portfolio/withdrawal-addresses', null, ({ req, auth }) => {
    const acting = actingProfile(ctx, req, auth);
    if (!acting.ok) return acting.result;
    // For a sub-account the partner's allowlist is the one that applies (spec).
    return ok(
      auth.profile.allowlist.map((a) => ({
        address: a.address,
        label: a.label,
        active: a.active,
        createdAt: '2025-01-01T00:00:00.000Z',
      })),
    );
  });

  /**
   * Destinations (spec): the caller's account, the caller's smart wallet, or an active
   * allowlisted address of the caller; for `onBehalfOf` the caller is the partner, so it
   * is the partner's account, smart wallet and allowlist. Anything else is refused with
   * 403 (a permission, not a malformed request).
   */
  authedRoute(app, ctx, 'POST', '/portfolio/withdraw', 'withdrawal', ({ req, auth }) => {
    const body = parse(WithdrawBody, req.body ?? {});
    if (!body.ok) return body.result;
    const { amount, onBehalfOf, token, destination } = body.data;
    let source: SandboxProfile = auth.profile;
    if (onBehalfOf !== undefined) {
      const sub = core.accounts.byId(onBehalfOf);
      if (!sub || !core.accounts.isPartnerOf(auth.profile.profileId, onBehalfOf)) {
        return fail(403, `Profile ${onBehalfOf} is not a sub-account of this partner`);
      }
      source = sub;
    }
    if (token !== undefined && !same(token, COLLATERAL_TOKEN)) {
      return fail(
        400,
        `Token ${token} cannot be withdrawn here; only the collateral token ${COLLATERAL_TOKEN}`,
      );
    }
    const caller = auth.profile;
    const fallback = caller.smartWallet ?? caller.account;
    const to = destination ?? fallback;
    const allowed =
      same(to, caller.account) ||
      (caller.smartWallet !== null && same(to, caller.smartWallet)) ||
      caller.allowlist.some((a) => a.active && same(a.address, to));
    if (!allowed) {
      const inactive = caller.allowlist.some((a) => !a.active && same(a.address, to));
      return fail(
        403,
        inactive
          ? `Withdrawal destination ${to} is on the allowlist but not active`
          : `Withdrawal destination ${to} is not allowed: use your account, your smart wallet or an active allowlisted address`,
      );
    }
    const raw = BigInt(amount);
    const available = core.ledger.available(source.profileId, COLLATERAL);
    if (raw > available) {
      return fail(400, `Insufficient balance: ${raw} raw units requested, ${available} available`);
    }
    core.ledger.credit(source.profileId, COLLATERAL, -raw);
    const transactionId = newId();
    const hash = fakeTxHash(`withdraw:${transactionId}`);
    core.ledger.addHistory({
      id: transactionId,
      profileId: source.profileId,
      type: 'WITHDRAWAL',
      marketSlug: null,
      amount: -raw,
      txHash: hash,
      at: core.clock.now(),
    });
    return ok({
      hash,
      userOperationHash: null,
      transactionId,
      walletAddress: source.account,
      token: COLLATERAL_TOKEN,
      destination: to,
      amount,
    });
  });
}
