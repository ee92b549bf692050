import { isBadgesPortMessage } from '../../lib/protocol/badge-shapes';
import type { BadgeEntry } from '../../lib/protocol/badge-views';
import { timerUnlessGone } from '../common/page-timer';

/** The parts of a runtime Port the feed uses. */
export interface BadgePort {
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
  disconnect(): void;
}

export interface BadgeFeedOptions {
  connect: () => BadgePort;
  onEntries: (entries: readonly BadgeEntry[]) => void;
  /** Whether the page is shown (a hidden page waits to reconnect until it is). */
  visible?: () => boolean;
  onVisible?: (listener: () => void) => () => void;
  reconnectMs?: number;
}

/**
 * What is held, pushed by the background on the badges port. The port closes when the
 * worker stops; it is opened again a moment later, and only while the page is shown: a tab
 * left in the background does not wake the worker for badges nobody sees. What was drawn
 * stays meanwhile. Every message is checked by its shape, field by field; one that fails is
 * dropped, never drawn.
 */
export function openBadgeFeed(options: BadgeFeedOptions): () => void {
  let closed = false;
  let port: BadgePort | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let unwatch: (() => void) | null = null;
  const visible = options.visible ?? (() => document.visibilityState !== 'hidden');

  const open = () => {
    timer = null;
    if (closed) return;
    if (!visible()) {
      unwatch ??=
        options.onVisible?.(() => {
          unwatch?.();
          unwatch = null;
          open();
        }) ?? null;
      return;
    }
    try {
      port = options.connect();
    } catch {
      // The extension was updated or removed under the page: nobody is there to answer.
      return;
    }
    port.onMessage.addListener((message) => {
      if (isBadgesPortMessage(message)) options.onEntries(message.data.entries);
    });
    port.onDisconnect.addListener(() => {
      port = null;
      if (!closed) timer = timerUnlessGone(open, options.reconnectMs ?? 1_000);
    });
  };
  open();

  return () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    unwatch?.();
    port?.disconnect();
    port = null;
  };
}
