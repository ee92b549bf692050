import { Fetch, io, type Socket, WebSocket } from 'socket.io-client';
import type { z } from 'zod';
import {
  SERVER_EVENTS,
  type ServerEventName,
  SOCKET_NAMESPACE,
  type SUBSCRIPTIONS,
  type SubscriptionChannel,
} from '../core/api/events';
import { DEFAULT_RECONNECT, type ReconnectPolicy, reconnectDelay } from '../core/backoff';
import type { ConnectionState } from '../protocol/views';
import { FrameOrder, readBookFrame, withBookFrames } from './book-frames';
import { RecentKeys } from './dedupe';
import { parseOrderbookUpdate } from './orderbook-parse';

export type ServerEvents = { [K in ServerEventName]: z.output<(typeof SERVER_EVENTS)[K]> };
export type SubscriptionPayload<C extends SubscriptionChannel> = z.input<
  (typeof SUBSCRIPTIONS)[C]['payload']
>;

type Transport = typeof Fetch | typeof WebSocket;

const isWebSocket = (t: Transport): t is typeof WebSocket => t.prototype.name === 'websocket';

export interface LiveOptions {
  /** Base of the real-time service, e.g. `http://127.0.0.1:4010`. */
  wsUrl: string;
  /**
   * Signed handshake headers, asked for before every attempt (a timestamp older than
   * 30 s is refused, so they are never reused); null connects in public mode.
   */
  authHeaders: () => Promise<Record<string, string> | null>;
  /** Default `[Fetch, WebSocket]`: a service worker has no XMLHttpRequest and a WebSocket carries no headers. */
  transports?: Transport[];
  reconnect?: Partial<ReconnectPolicy>;
  random?: () => number;
  /** An attempt that neither connects nor fails within this is abandoned. */
  connectTimeoutMs?: number;
}

/** Distinct refusal reasons kept; the rest are counted together. */
const MAX_REASONS = 32;

type Listener<K extends ServerEventName> = (event: ServerEvents[K]) => void;

/** Key for at-least-once events; null means "no de-duplication" (order books are idempotent). */
function dedupeKey<K extends ServerEventName>(name: K, event: ServerEvents[K]): string | null {
  if (name === 'orderEvent') return `oe:${(event as ServerEvents['orderEvent']).eventId}`;
  if (name === 'tx') {
    const tx = event as ServerEvents['tx'];
    return `tx:${tx.txHash}:${tx.status}:${tx.orderId}`;
  }
  return null;
}

/**
 * The one Socket.IO connection to `/markets`: signs every handshake afresh, reconnects
 * with backoff and jitter (its own loop, so each attempt carries new headers), replays
 * subscriptions after every connect, parses every event with its schema and drops
 * repeats.
 */
export class LiveConnection {
  private socket: Socket | null = null;
  private frameOrder: FrameOrder | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private generation = 0;
  private authenticated = false;
  private readonly subscriptions = new Map<SubscriptionChannel, unknown>();
  private readonly listeners = new Map<ServerEventName, Set<(event: never) => void>>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly connectListeners = new Set<
    (info: { authenticated: boolean; reconnect: boolean }) => void
  >();
  private readonly policy: ReconnectPolicy;
  private everConnected = false;
  readonly recent = new RecentKeys();
  /** Payloads that failed their schema (counted, never thrown). */
  invalidEvents = 0;
  /** The same, by event and first fault (`orderbookUpdate: orderbook.asks[2].size: …`). */
  readonly invalidReasons = new Map<string, number>();
  state: ConnectionState = { status: 'idle' };

  private wsUrl: string;

  constructor(private readonly options: LiveOptions) {
    this.wsUrl = options.wsUrl;
    this.policy = { ...DEFAULT_RECONNECT, ...options.reconnect };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    void this.open();
  }

  stop(): void {
    this.running = false;
    this.generation++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.closeSocket();
    this.setState({ status: 'idle' });
  }

  /** Points the connection at another deployment and reconnects. */
  retarget(wsUrl: string): void {
    this.wsUrl = wsUrl;
    this.everConnected = false;
    this.restart();
  }

  /** Reconnects now, with fresh headers (after unlock, lock or a settings change). */
  restart(): void {
    this.stop();
    this.start();
  }

  /**
   * The exchange stopped answering while the socket looks open (it hangs): the socket is
   * given up, so no book counts as live, and a new one replays the subscriptions (fresh
   * snapshots) once the exchange answers.
   */
  abandon(reason: string): void {
    if (this.state.status === 'live') this.scheduleReconnect(reason);
  }

  /**
   * The exchange answers again: a reconnect waiting out its backoff goes now, and a socket
   * that connected while it hung says its subscriptions again (a hung server may have
   * dropped them; each is a whole wish, so saying it twice changes nothing else).
   */
  retryNow(): void {
    if (this.socket?.connected) {
      for (const [channel, payload] of this.subscriptions) this.socket.emit(channel, payload);
      return;
    }
    if (!this.running || !this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.attempt = 0;
    void this.open();
  }

  get isLive(): boolean {
    return this.state.status === 'live';
  }

  onState(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Called after every successful connect; `reconnect` is true after the first. */
  onConnect(listener: (info: { authenticated: boolean; reconnect: boolean }) => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  on<K extends ServerEventName>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener as (event: never) => void);
    return () => set?.delete(listener as (event: never) => void);
  }

  /**
   * Sets (or with null, forgets) the subscription of a channel. A new subscription
   * replaces the previous one on the server, so this is the whole wish for the channel.
   */
  subscribe<C extends SubscriptionChannel>(
    channel: C,
    payload: SubscriptionPayload<C> | null,
  ): void {
    if (payload === null) {
      this.subscriptions.delete(channel);
      return;
    }
    const before = JSON.stringify(this.subscriptions.get(channel));
    this.subscriptions.set(channel, payload);
    if (this.socket?.connected && before !== JSON.stringify(payload))
      this.socket.emit(channel, payload);
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.frameOrder?.drop();
    this.frameOrder = null;
    if (socket) {
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
    }
  }

  private async open(): Promise<void> {
    const generation = ++this.generation;
    this.closeSocket();
    let headers: Record<string, string> | null;
    try {
      headers = await this.options.authHeaders();
    } catch (error) {
      if (generation !== this.generation) return;
      this.scheduleReconnect(
        error instanceof Error ? error.message : 'could not sign the handshake',
      );
      return;
    }
    if (generation !== this.generation || !this.running) return;
    this.authenticated = headers !== null;
    this.setState({ status: 'connecting', authenticated: this.authenticated });

    // Book frames skip Socket.IO's decoding, not their place among the other events.
    const order = new FrameOrder((frame) => {
      if (generation === this.generation) this.bookFrame(frame);
    });
    const transports = (this.options.transports ?? [Fetch, WebSocket]).map(
      (t): Transport => (isWebSocket(t) ? withBookFrames(t, order, () => socket.connected) : t),
    );
    const socket: Socket = io(`${this.wsUrl.replace(/\/+$/, '')}${SOCKET_NAMESPACE}`, {
      transports,
      ...(headers ? { extraHeaders: headers } : {}),
      reconnection: false,
      forceNew: true,
      timeout: this.options.connectTimeoutMs ?? 10_000,
    });
    this.socket = socket;
    this.frameOrder = order;
    // After the socket's own listener: a packet's events are out when this runs.
    socket.io.on('packet', () => order.decoded());

    let connected = false;
    let refusal: string | null = null;
    socket.on('connect', () => {
      if (generation !== this.generation) return;
      connected = true;
      const reconnect = this.everConnected;
      this.everConnected = true;
      this.setState({ status: 'live', authenticated: this.authenticated, since: Date.now() });
      for (const [channel, payload] of this.subscriptions) socket.emit(channel, payload);
      for (const listener of this.connectListeners)
        listener({ authenticated: this.authenticated, reconnect });
    });
    socket.on('connect_error', (error: Error) => {
      if (generation !== this.generation) return;
      this.scheduleReconnect(error.message || 'connection refused');
    });
    // A refused handshake still connects, then gets `exception` and a server disconnect.
    socket.on('exception', (payload: unknown) => {
      const parsed = SERVER_EVENTS.exception.safeParse(payload);
      refusal = parsed.success ? parsed.data.message : 'no reason given';
    });
    socket.on('disconnect', (reason: string) => {
      if (generation !== this.generation) return;
      // Only a connection the server kept restarts the backoff; refusals keep it growing.
      if (connected && refusal === null) this.attempt = 0;
      this.scheduleReconnect(
        reason,
        refusal === null ? null : `The exchange refused the connection: ${refusal}`,
      );
    });
    for (const name of Object.keys(SERVER_EVENTS) as ServerEventName[]) {
      socket.on(name as string, (payload: unknown) => {
        if (generation === this.generation) this.dispatch(name, payload);
      });
    }
  }

  /** `refusal`: the exchange said no (not a network failure); the UIs show it as an error. */
  private scheduleReconnect(reason: string, refusal: string | null = null): void {
    if (!this.running) return;
    this.generation++;
    this.closeSocket();
    if (this.timer) clearTimeout(this.timer);
    const delay = reconnectDelay(this.attempt, this.policy, this.options.random ?? Math.random);
    this.attempt++;
    const nextAttemptAt = Date.now() + delay;
    this.setState(
      refusal === null
        ? {
            status: 'reconnecting',
            authenticated: this.authenticated,
            attempt: this.attempt,
            nextAttemptAt,
            reason,
          }
        : { status: 'error', reason: refusal, attempt: this.attempt, nextAttemptAt },
    );
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.open();
    }, delay);
  }

  private refuse(name: ServerEventName, reason: string): void {
    this.invalidEvents++;
    let key = `${name}: ${reason}`;
    // A server sending garbage must not grow this without bound.
    if (!this.invalidReasons.has(key) && this.invalidReasons.size >= MAX_REASONS)
      key = `${name}: other`;
    this.invalidReasons.set(key, (this.invalidReasons.get(key) ?? 0) + 1);
  }

  private bookFrame(frame: string): void {
    const read = readBookFrame(frame);
    if (read.ok) this.dispatch('orderbookUpdate', read.payload);
    else this.refuse('orderbookUpdate', read.reason);
  }

  private dispatch(name: ServerEventName, payload: unknown): void {
    if (name === 'orderbookUpdate') {
      // The busy event: checked by hand (orderbook-parse.ts), no schema walk per update.
      const parsed = parseOrderbookUpdate(payload);
      if (parsed.ok) this.deliver('orderbookUpdate', parsed.event);
      else this.refuse(name, parsed.reason);
      return;
    }
    const parsed = SERVER_EVENTS[name].safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.refuse(name, issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid');
      return;
    }
    const event = parsed.data as ServerEvents[typeof name];
    const key = dedupeKey(name, event);
    if (key !== null && !this.recent.firstTime(key)) return;
    this.deliver(name, event);
  }

  private deliver<K extends ServerEventName>(name: K, event: ServerEvents[K]): void {
    const listeners = this.listeners.get(name);
    if (!listeners) return;
    for (const listener of listeners) {
      try {
        (listener as Listener<K>)(event);
      } catch {
        // One failing consumer must not starve the others of the event.
      }
    }
  }
}
