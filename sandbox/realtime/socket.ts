import type { Server as HttpServer } from 'node:http';
import { type Namespace, Server, type Socket } from 'socket.io';
import { SOCKET_NAMESPACE, SOCKET_SIGNED_PATH, SUBSCRIPTIONS } from '../../lib/core/api/events';
import type { SandboxProfile } from '../core/accounts';
import type { SandboxCore } from '../core/core';
import { zodIssues } from '../core/results';
import type { FaultRegistry } from '../faults';
import { type Authenticator, hasAuthHeaders } from '../http/auth';
import { hostAllowed, type SocketOrigins } from '../http/guard';
import type { SandboxOutage } from '../outage';

/** What one connection is subscribed to. None of it survives a disconnect. */
interface SocketState {
  profile: SandboxProfile | null;
  authError: string | null;
  prices: Set<string>;
  positions: { slugs: Set<string> | null } | null;
  orderEvents: boolean;
  transactions: boolean;
}

type Ack = (answer: { ok: boolean; message?: string }) => void;

const stateOf = (socket: Socket): SocketState => socket.data as SocketState;

/** One connection's subscriptions, for inspection (tests, the admin client). */
export interface SubscriptionView {
  profileId: number | null;
  orderEvents: boolean;
  positions: boolean;
  transactions: boolean;
  prices: string[];
  /** Engine.IO's transport now: `polling` until the client upgrades to `websocket`. */
  transport: string;
}

export interface Realtime {
  io: Server;
  namespace: Namespace;
  disconnectAll(): void;
  /** What every connected socket is subscribed to right now. */
  subscriptions(): SubscriptionView[];
  close(): Promise<void>;
}

/**
 * Socket.IO namespace `/markets` on the API's HTTP server, as docs/exchange-api.md describes:
 * handshake auth with the `svc-*` headers signed over the fixed socket path, `exception`
 * then disconnect on bad auth, public mode without headers, one subscription per channel
 * (a new one replaces the old), events routed from the core.
 */
export function attachRealtime(
  server: HttpServer,
  core: SandboxCore,
  authenticator: Authenticator,
  faults: FaultRegistry,
  origins: SocketOrigins,
  outage?: SandboxOutage,
): Realtime {
  // A page of another origin must not open a socket to the sandbox (nor a rebinding name
  // reach it): only our site, the extension and clients without an Origin.
  const io = new Server(server, {
    serveClient: false,
    allowRequest: (req, done) =>
      done(null, hostAllowed(req.headers.host) && origins.allows(req.headers.origin)),
    cors: { origin: (origin, done) => done(null, origins.allows(origin)) },
  });
  const nsp = io.of(SOCKET_NAMESPACE);

  // Authentication happens before `connection`, so no early subscription is missed.
  nsp.use((socket, next) => {
    // A hung server completes no handshake until it answers again (outage.ts).
    if (outage?.hung) void outage.answering().then(() => authenticate(socket, next));
    else authenticate(socket, next);
  });

  function authenticate(socket: Socket, next: (error?: Error) => void): void {
    const state: SocketState = {
      profile: null,
      authError: null,
      prices: new Set(),
      positions: null,
      orderEvents: false,
      transactions: false,
    };
    socket.data = state;
    const headers = socket.handshake.headers;
    if (!hasAuthHeaders(headers)) {
      next();
      return;
    }
    authenticator
      .verify(headers, 'GET', SOCKET_SIGNED_PATH, '')
      .then((outcome) => {
        if (outcome.ok) state.profile = outcome.auth.profile;
        else state.authError = outcome.message;
        next();
      })
      .catch(() => {
        state.authError = 'Authentication failed';
        next();
      });
  }

  nsp.on('connection', (socket) => {
    const state = stateOf(socket);
    if (state.authError) {
      socket.emit('exception', { message: `Authentication failed: ${state.authError}` });
      socket.disconnect(true);
      return;
    }
    // A hung server takes no event (outage.ts).
    socket.use((_packet, next) => {
      if (!outage?.hung) next();
      else outage.ignoredEvents++;
    });
    for (const channel of Object.keys(SUBSCRIPTIONS) as (keyof typeof SUBSCRIPTIONS)[]) {
      socket.on(channel, (...args: unknown[]) => {
        const last = args[args.length - 1];
        const ack = typeof last === 'function' ? (last as Ack) : undefined;
        const payload = args[0] === ack ? {} : (args[0] ?? {});
        const refuse = (message: string) => {
          socket.emit('exception', { message });
          ack?.({ ok: false, message });
        };
        const spec = SUBSCRIPTIONS[channel];
        if (spec.auth && !state.profile) {
          refuse(`${channel} needs an authenticated connection`);
          return;
        }
        const parsed = spec.payload.safeParse(payload);
        if (!parsed.success) {
          refuse(
            `${channel}: ${zodIssues(parsed.error)
              .map((i) => `${i.field}: ${i.message}`)
              .join('; ')}`,
          );
          return;
        }
        switch (channel) {
          case 'subscribe_market_prices': {
            const { marketSlugs } = parsed.data as { marketSlugs: string[] };
            state.prices = new Set(marketSlugs);
            for (const slug of marketSlugs) {
              const orderbook = core.orderbook(slug);
              const market = core.markets.bySlug(slug);
              if (orderbook && market?.tradeType === 'clob') {
                socket.emit('orderbookUpdate', {
                  marketSlug: slug,
                  orderbook,
                  timestamp: core.clock.iso(),
                });
              }
              const ammPrice = core.amm.priceData(slug);
              if (ammPrice) socket.emit('newPriceData', ammPrice);
            }
            break;
          }
          case 'subscribe_positions': {
            const { marketSlugs } = parsed.data as { marketSlugs?: string[] };
            state.positions = { slugs: marketSlugs ? new Set(marketSlugs) : null };
            break;
          }
          case 'subscribe_order_events':
            state.orderEvents = true;
            break;
          case 'subscribe_transactions':
            state.transactions = true;
            break;
        }
        ack?.({ ok: true });
      });
    }
  });

  // A hung server sends nothing (outage.ts).
  const sockets = () => (outage?.hung ? [] : [...nsp.sockets.values()]);
  /** The owner of the data, or its partner, sees it. */
  const sees = (state: SocketState, profileId: number) => {
    if (!state.profile) return false;
    if (state.profile.profileId === profileId) return true;
    return core.accounts.isPartnerOf(state.profile.profileId, profileId);
  };

  const onOrderbook = (e: { marketSlug: string; orderbook: unknown; timestamp: string }) => {
    for (const s of sockets()) {
      if (stateOf(s).prices.has(e.marketSlug)) s.emit('orderbookUpdate', e);
    }
  };
  const onAmmPrice = (e: { marketSlug: string }) => {
    for (const s of sockets()) {
      if (stateOf(s).prices.has(e.marketSlug)) s.emit('newPriceData', e);
    }
  };
  const onOrderEvent = (e: { profileId: number; event: unknown }) => {
    const times = faults.duplicateOrderEvents ? 2 : 1;
    for (const s of sockets()) {
      const st = stateOf(s);
      if (!st.orderEvents || !sees(st, e.profileId)) continue;
      for (let i = 0; i < times; i++) s.emit('orderEvent', e.event);
    }
  };
  const onPositions = (e: { profileId: number; event: { marketSlug: string } }) => {
    for (const s of sockets()) {
      const st = stateOf(s);
      if (!st.positions || !sees(st, e.profileId)) continue;
      if (st.positions.slugs && !st.positions.slugs.has(e.event.marketSlug)) continue;
      s.emit('positions', e.event);
    }
  };
  const onTx = (e: { profileId: number; event: unknown }) => {
    for (const s of sockets()) {
      const st = stateOf(s);
      if (st.transactions && sees(st, e.profileId)) s.emit('tx', e.event);
    }
  };
  core.events.on('orderbook', onOrderbook);
  core.events.on('ammPrice', onAmmPrice);
  core.events.on('orderEvent', onOrderEvent);
  core.events.on('positions', onPositions);
  core.events.on('tx', onTx);

  return {
    io,
    namespace: nsp,
    subscriptions: () =>
      [...nsp.sockets.values()].map((socket) => {
        const st = stateOf(socket);
        return {
          profileId: st.profile?.profileId ?? null,
          orderEvents: st.orderEvents,
          positions: st.positions !== null,
          transactions: st.transactions,
          prices: [...st.prices],
          transport: socket.conn.transport.name,
        };
      }),
    disconnectAll: () => {
      nsp.disconnectSockets(true);
    },
    close: () =>
      new Promise<void>((resolve) => {
        core.events.off('orderbook', onOrderbook);
        core.events.off('ammPrice', onAmmPrice);
        core.events.off('orderEvent', onOrderEvent);
        core.events.off('positions', onPositions);
        core.events.off('tx', onTx);
        nsp.disconnectSockets(true);
        // Closes engine.io only; the HTTP server belongs to Fastify and closes with it.
        io.engine.close();
        resolve();
      }),
  };
}
