import type { FastifyInstance } from 'fastify';
import type { FeedErrorCode } from '../../lib/core/api/errors';
import { FeedQuery } from '../../lib/core/api/feed';
import type { ApiResult } from '../core/results';
import { fail, ok } from '../core/results';
import { parse, type RouteContext, send } from '../http/kit';
import { marketSvg } from '../http/routes/images';
import { personaById } from './profiles';
import type { FeedService } from './service';

/** The spec's cache headers: a shared cache may keep public pages; `following` is private. */
export const PUBLIC_FEED_CACHE = 'public, s-maxage=60, stale-while-revalidate=30';
export const PRIVATE_FEED_CACHE = 'private, no-store';

const feedError = (status: number, code: FeedErrorCode, message: string): ApiResult => ({
  status,
  body: { code, message, statusCode: status },
  // An error must never be cached in place of the feed.
  headers: { 'cache-control': 'no-store' },
});

/**
 * `GET /feed/trading`. Checks, in order: the query (400 validation body), authentication
 * for `following` (401), the feed's state (503), the cursor (400 with a feed code), then
 * serves the page with the audience's Cache-Control.
 */
export async function feedRequest(
  ctx: RouteContext,
  feed: FeedService,
  req: {
    query: unknown;
    headers: Record<string, string | string[] | undefined>;
    pathWithQuery: string;
  },
): Promise<ApiResult> {
  const query = parse(FeedQuery, req.query ?? {});
  if (!query.ok) return { ...query.result, headers: { 'cache-control': 'no-store' } };
  const { audience, limit, cursor: cursorText } = query.data;

  let viewerId: number | null = null;
  if (audience === 'following') {
    const outcome = await ctx.authenticator.verify(req.headers, 'GET', req.pathWithQuery, '');
    if (!outcome.ok) {
      return {
        ...fail(401, `The following feed needs authentication: ${outcome.message}`),
        headers: { 'cache-control': 'no-store' },
      };
    }
    viewerId = outcome.auth.profile.profileId;
  }

  const state = ctx.core.feedState;
  if (state === 'initializing') {
    return feedError(
      503,
      'TRADING_FEED_INITIALIZING',
      'The trading feed is still building its first 24-hour window; try again shortly',
    );
  }
  if (state === 'stale') {
    return feedError(
      503,
      'TRADING_FEED_STALE',
      'The trading feed is behind; try again shortly rather than reading old trades as new',
    );
  }

  let cursor = null;
  if (cursorText !== undefined) {
    cursor = feed.cursors.decode(cursorText);
    if (!cursor) {
      return feedError(
        400,
        'TRADING_FEED_CURSOR_INVALID',
        'The cursor is malformed or was not issued by this feed; start again from the first page',
      );
    }
    // A featured cursor that fell back to `all` pages `all`: either name is its own.
    if (cursor.requested !== audience && cursor.effective !== audience) {
      return feedError(
        400,
        'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH',
        `This cursor pages the ${cursor.requested} feed, not ${audience}`,
      );
    }
  }

  const page = feed.page({ audience, limit, cursor, viewerId });
  return {
    ...ok(page),
    headers: {
      'cache-control': audience === 'following' ? PRIVATE_FEED_CACHE : PUBLIC_FEED_CACHE,
    },
  };
}

export function registerFeedRoutes(app: FastifyInstance, ctx: RouteContext, feed: FeedService) {
  app.route({
    method: 'GET',
    url: '/feed/trading',
    config: { public: true },
    handler: async (req, reply) =>
      send(
        reply,
        await feedRequest(ctx, feed, {
          query: req.query,
          headers: req.headers,
          pathWithQuery: req.raw.url ?? req.url,
        }),
      ),
  });

  // Avatars of the personas (`pfpUrl`): a tile with initials.
  app.get('/__sandbox/pfp/:file', { config: { public: true } }, async (req, reply) => {
    const { file } = req.params as { file: string };
    const persona = personaById(Number(file.replace(/\.svg$/, '')));
    if (!persona?.hasAvatar) return send(reply, fail(404, 'No such avatar'));
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(marketSvg(`pfp-${persona.id}`, persona.displayName ?? 'Trader'));
  });
}
