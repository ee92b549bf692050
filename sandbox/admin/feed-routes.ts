import type { FastifyInstance } from 'fastify';
import { SandboxFeaturedBody, SandboxFollowsBody } from '../../lib/core/api/sandbox';
import type { SandboxCore } from '../core/core';
import { fail, ok } from '../core/results';
import { knownProfile } from '../feed/profiles';
import type { FeedService } from '../feed/service';
import { parse, publicRoute } from '../http/kit';

/** `/__sandbox/follows` and `/__sandbox/featured`: who the feed's audiences contain. */
export function registerFeedAdminRoutes(
  app: FastifyInstance,
  { core, feed }: { core: SandboxCore; feed: FeedService },
): void {
  const unknown = (ids: readonly number[]) => ids.filter((id) => !knownProfile(core, id));

  publicRoute(app, 'GET', '/__sandbox/follows', () => ok(feed.social.allFollows()));

  publicRoute(app, 'POST', '/__sandbox/follows', (req) => {
    const body = parse(SandboxFollowsBody, req.body ?? {});
    if (!body.ok) return body.result;
    const missing = unknown([body.data.profileId, ...body.data.follows]);
    if (missing.length > 0) return fail(400, `Unknown profile id(s): ${missing.join(', ')}`);
    feed.social.setFollows(body.data.profileId, body.data.follows);
    return ok({
      profileId: body.data.profileId,
      follows: [...feed.social.followsOf(body.data.profileId)].sort((a, b) => a - b),
    });
  });

  publicRoute(app, 'GET', '/__sandbox/featured', () =>
    ok({ profileIds: [...feed.social.featured].sort((a, b) => a - b) }),
  );

  publicRoute(app, 'POST', '/__sandbox/featured', (req) => {
    const body = parse(SandboxFeaturedBody, req.body ?? {});
    if (!body.ok) return body.result;
    const missing = unknown(body.data.profileIds);
    if (missing.length > 0) return fail(400, `Unknown profile id(s): ${missing.join(', ')}`);
    feed.social.setFeatured(body.data.profileIds);
    return ok({ profileIds: [...feed.social.featured].sort((a, b) => a - b) });
  });
}
