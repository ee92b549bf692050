import type { AddressInfo } from 'node:net';
import type { ExchangeProfile } from '../lib/core/api/exchange';
import { registerAdminRoutes } from './admin/routes';
import { startBots } from './bots';
import { SandboxCore } from './core/core';
import { Rng } from './core/rng';
import { FaultRegistry } from './faults';
import { type FeedOptions, feedPlugin } from './feed';
import { SocketOrigins } from './http/guard';
import { registerImageRoutes } from './http/routes/images';
import { registerMaintenanceRoutes } from './http/routes/maintenance';
import { registerMarketRoutes } from './http/routes/markets';
import { registerOrderRoutes } from './http/routes/orders';
import { registerPortfolioRoutes } from './http/routes/portfolio';
import { registerProfileRoutes } from './http/routes/profiles';
import { buildApp } from './http/server';
import { SandboxOutage } from './outage';
import type { SandboxPlugin } from './plugin';
import { attachRealtime, type Realtime, type SubscriptionView } from './realtime/socket';
import { startSite } from './site';

export { SandboxCore } from './core/core';
export type { FeedOptions } from './feed';

export interface SandboxOptions {
  /** API + Socket.IO port; 0 picks a free one. Default 4010. */
  port?: number;
  /** Market web site port; 0 picks a free one. Default 4011. */
  sitePort?: number;
  exchangeName?: string;
  seed?: number;
  bots?: boolean;
  /** Overrides the taker delay of the markets that have one (3000 ms by default). */
  takerDelayMs?: number;
  /** MATCHED → MINED delay, default 1500 ms. */
  settleMs?: number;
  /** Plain CLOB markets beyond the seeded ones (`sandbox-extra-01`, …), default none. */
  extraMarkets?: number;
  log?: boolean;
  /** Extra routes registered before the server listens (after the feed). */
  plugins?: SandboxPlugin[];
  /** The trading feed's close-data lag and small-activity threshold. */
  feed?: FeedOptions;
}

export interface RunningSandbox {
  apiUrl: string;
  wsUrl: string;
  siteUrl: string;
  /**
   * The exchange profile that points the extension at this sandbox, as a trader would enter
   * it in the options page: its API, its socket, and its site's market pages.
   */
  exchange: ExchangeProfile;
  core: SandboxCore;
  /**
   * What each connected socket is subscribed to: a connection is live before the server
   * has taken its subscriptions, and an event emitted in between does not reach it.
   */
  subscriptions(): SubscriptionView[];
  /** Stops or hangs the API and Socket.IO, and brings them back (outage.ts). */
  outage: SandboxOutage;
  close(): Promise<void>;
}

/**
 * Builds the sandbox without listening: the core, the Fastify app with every route, and
 * `register(plugin)` for extra routes. `listen()` starts the API, Socket.IO, the site and
 * (optionally) the bots.
 */
export function createSandbox(options: SandboxOptions = {}) {
  const seed = options.seed ?? 42;
  const core = new SandboxCore({
    exchangeName: options.exchangeName ?? 'Sandbox',
    seed,
    settleMs: options.settleMs ?? 1500,
    ...(options.takerDelayMs !== undefined ? { takerDelayMs: options.takerDelayMs } : {}),
    ...(options.extraMarkets ? { extraMarkets: options.extraMarkets } : {}),
  });
  const faults = new FaultRegistry(new Rng(seed).fork('faults'));
  const outage = new SandboxOutage();
  const { app, ctx } = buildApp({ core, faults, outage, ...(options.log ? { log: true } : {}) });
  let realtime: Realtime | null = null;
  // The trading feed is always served.
  const plugins: SandboxPlugin[] = [feedPlugin(options.feed), ...(options.plugins ?? [])];

  registerOrderRoutes(app, ctx);
  registerMarketRoutes(app, ctx);
  registerPortfolioRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerMaintenanceRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerAdminRoutes(app, {
    ...ctx,
    faults,
    disconnectSockets: () => realtime?.disconnectAll(),
  });

  return {
    core,
    app,
    faults,
    /** Adds routes; only before `listen()`. */
    register(plugin: SandboxPlugin): void {
      plugins.push(plugin);
    },
    async listen(): Promise<RunningSandbox> {
      for (const plugin of plugins) await plugin(app, { core, authenticator: ctx.authenticator });
      await app.listen({ port: options.port ?? 4010, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const apiUrl = `http://127.0.0.1:${port}`;
      core.baseUrl = apiUrl;
      const origins = new SocketOrigins();
      realtime = attachRealtime(app.server, core, ctx.authenticator, faults, origins, outage);
      outage.attach(app.server, () => realtime?.disconnectAll());
      const site = await startSite({ core, port: options.sitePort ?? 4011, apiUrl });
      origins.addSite(site.url);
      const bots = options.bots === false ? null : startBots(core, { seed });
      let closed = false;
      return {
        apiUrl,
        wsUrl: apiUrl,
        siteUrl: site.url,
        exchange: {
          name: core.exchangeName,
          apiUrl,
          wsUrl: apiUrl,
          siteMarketPattern: `${site.url}/markets/:slug`,
        },
        core,
        subscriptions: () => realtime?.subscriptions() ?? [],
        outage,
        async close() {
          if (closed) return;
          closed = true;
          await outage.resume();
          await bots?.stop();
          core.close();
          await realtime?.close();
          await site.close();
          await app.close();
        },
      };
    },
  };
}

/** Starts the whole sandbox (API, Socket.IO, site, bots unless `bots: false`). */
export function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return createSandbox(options).listen();
}
