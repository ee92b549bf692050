import { registerFeedAdminRoutes } from '../admin/feed-routes';
import type { SandboxPlugin } from '../plugin';
import { registerFeedRoutes } from './routes';
import { type FeedOptions, FeedService } from './service';

export type { FeedOptions } from './service';

/**
 * The trading feed as a sandbox plugin: `GET /feed/trading`, persona avatars, and the
 * admin routes for follows and the featured set. Registered by default by `createSandbox`.
 */
export function feedPlugin(options: FeedOptions = {}): SandboxPlugin {
  return (app, ctx) => {
    const feed = new FeedService(ctx.core, options);
    registerFeedRoutes(app, ctx, feed);
    registerFeedAdminRoutes(app, { core: ctx.core, feed });
    app.addHook('onClose', async () => feed.close());
  };
}
