import { type Signal, signal } from '@preact/signals';
import { KEEPALIVE, KEEPALIVE_MS } from '../../lib/protocol/keepalive';
import { sameFrame } from './next-frame';
import { timerUnlessGone } from './page-timer';

/** The parts of a runtime Port a UI store uses. */
export interface ClientPort {
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
  disconnect(): void;
}

export interface PortStore<T> {
  value: Signal<T | null>;
  /** False between a stopped worker and the reconnect. */
  connected: Signal<boolean>;
  /** Count of messages that failed `accept` (kept for diagnostics, never shown raw). */
  rejected: Signal<number>;
  close(): void;
}

export interface PortStoreOptions<T, M> {
  connect: () => ClientPort;
  /**
   * A port the page's first script already opened and greeted (`early-port.ts`): the first
   * connection, with no hello of its own. Reconnects use `connect`.
   */
  adopt?: ClientPort | null;
  /**
   * Tells the port's messages by their shape. Only our background can post on a port the UI
   * opened, and it builds every message from data its schemas parsed, so a UI checks the
   * shape, not every field again: parsing a whole snapshot per update cost a frame.
   */
  accept: (raw: unknown) => raw is M;
  /** Folds one message into the current value. */
  reduce: (current: T | null, message: M) => T;
  /** Sent right after each connect (e.g. which market a panel shows). */
  hello?: unknown;
  /** Or computed per connect: 0 for the first, 1 for the first reconnect, … */
  helloFor?: (connects: number) => unknown;
  /**
   * One render per frame at most: updates arriving faster are merged, and every store's
   * merged update of a frame is applied in one callback (`sameFrame`).
   */
  schedule?: (flush: () => void) => void;
  reconnectMs?: number;
  /** Posts KEEPALIVE this often while connected (see panel-protocol.ts); 0: never. */
  keepAliveMs?: number;
}

/**
 * A signal fed by a background port: tells every message by its shape, coalesces bursts to one
 * update per animation frame, and reconnects when the service worker restarts.
 */
export function createPortStore<T, M>(options: PortStoreOptions<T, M>): PortStore<T> {
  const value = signal<T | null>(null);
  const connected = signal(false);
  const rejected = signal(0);
  const schedule = options.schedule ?? sameFrame;
  let pending: T | null = null;
  let scheduled = false;
  let closed = false;
  let port: ClientPort | null = null;
  let connects = 0;
  const keepAliveMs = options.keepAliveMs ?? KEEPALIVE_MS;
  const keepAlive =
    keepAliveMs > 0
      ? setInterval(() => {
          try {
            port?.postMessage(KEEPALIVE);
          } catch {
            // A port dying under the post: onDisconnect reconnects.
          }
        }, keepAliveMs)
      : null;

  const flush = () => {
    scheduled = false;
    if (pending !== null) value.value = pending;
  };

  const open = () => {
    if (closed) return;
    const adopted = connects === 0 ? (options.adopt ?? null) : null;
    try {
      port = adopted ?? options.connect();
    } catch {
      timerUnlessGone(open, options.reconnectMs ?? 300);
      return;
    }
    connected.value = true;
    port.onMessage.addListener((raw) => {
      if (!options.accept(raw)) {
        rejected.value++;
        return;
      }
      pending = options.reduce(pending ?? value.value, raw);
      // The first state has nothing on screen to be merged with: shown now, not a frame on.
      if (value.value === null && !scheduled) {
        flush();
        return;
      }
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    });
    port.onDisconnect.addListener(() => {
      connected.value = false;
      port = null;
      if (!closed) timerUnlessGone(open, options.reconnectMs ?? 300);
    });
    const hello = options.helloFor ? options.helloFor(connects) : options.hello;
    connects++;
    if (hello !== undefined && adopted === null) port.postMessage(hello);
  };
  open();

  return {
    value,
    connected,
    rejected,
    close() {
      closed = true;
      if (keepAlive !== null) clearInterval(keepAlive);
      port?.disconnect();
    },
  };
}
