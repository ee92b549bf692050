import type { FastifyInstance } from 'fastify';
import { CreatePartnerAccountBody } from '../../../lib/core/api/profiles';
import { profileView } from '../../core/accounts';
import { fail, ok } from '../../core/results';
import { authedRoute, parse, publicRoute, type RouteContext } from '../kit';

export function registerProfileRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { core } = ctx;

  authedRoute(app, ctx, 'GET', '/profiles/me', null, ({ auth }) => ok(profileView(auth.profile)));

  authedRoute(app, ctx, 'GET', '/profiles/partner-accounts', null, ({ auth }) =>
    ok(
      core.accounts.subAccountsOf(auth.profile.profileId).map((p) => ({
        id: p.profileId,
        account: p.account,
        displayName: p.displayName,
      })),
    ),
  );

  authedRoute(app, ctx, 'POST', '/profiles/partner-accounts', null, ({ req, auth }) => {
    if (auth.profile.role !== 'partner') {
      return fail(403, 'Only partner profiles manage sub-accounts');
    }
    const body = parse(CreatePartnerAccountBody, req.body ?? {});
    if (!body.ok) return body.result;
    const sub = core.accounts.createSubAccount(auth.profile.profileId, body.data.displayName);
    return ok({ id: sub.profileId, account: sub.account, displayName: sub.displayName });
  });

  publicRoute(app, 'GET', '/profiles/:address', (req) => {
    const { address } = req.params as { address: string };
    const p = core.accounts.byAddress(address);
    if (!p) return fail(404, `No profile for address ${address}`);
    const v = profileView(p);
    return ok({
      id: v.id,
      account: v.account,
      displayName: v.displayName,
      username: v.username,
      pfpUrl: v.pfpUrl,
      rankName: v.rankName,
    });
  });
}
