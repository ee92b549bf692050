import type { ClientPort } from './port-store';

/*
 * A port an extension page opens from a small script in its <head>, before its main script
 * has loaded and compiled (5–25 ms here): the background's first state is on its way
 * meanwhile, and often here when the page first renders, which then draws it at once. The
 * main script takes the port and is handed, in order, whatever came before it listened.
 * The popup (`popup-port.js`) and the panel's frame (`panel-frame-port.js`) open theirs so.
 */

// Symbol.for: the page's two classic scripts are separate bundles sharing one window.
const SLOT: unique symbol = Symbol.for('market-companion.early-port');

interface Slot {
  name: string;
  port: ClientPort;
}
type WithSlot = { [SLOT]?: Slot };

/** Wraps a port so that messages and a close before the first listener are replayed to it. */
export function holdingPort(port: ClientPort): ClientPort {
  const held: unknown[] = [];
  let closed = false;
  const messageListeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  port.onMessage.addListener((message) => {
    if (messageListeners.length === 0) held.push(message);
    for (const listener of messageListeners) listener(message);
  });
  port.onDisconnect.addListener(() => {
    closed = true;
    for (const listener of disconnectListeners) listener();
  });
  return {
    postMessage: (message) => port.postMessage(message),
    disconnect: () => port.disconnect(),
    onMessage: {
      addListener(listener) {
        messageListeners.push(listener);
        for (const message of held.splice(0)) listener(message);
      },
    },
    onDisconnect: {
      addListener(listener) {
        disconnectListeners.push(listener);
        if (closed) listener();
      },
    },
  };
}

/**
 * Opens the page's port named `name` and sends its greeting at once; `takeEarlyPort` hands
 * it to the store. A failure (the extension reloaded under the page) leaves the store to
 * connect itself, as it would have without this.
 */
export function openEarlyPort(
  name: string,
  connect: () => ClientPort,
  hello: unknown,
  global: object = globalThis,
): void {
  try {
    const port = holdingPort(connect());
    port.postMessage(hello);
    (global as WithSlot)[SLOT] = { name, port };
  } catch {
    // Nothing opened: the main script connects as usual.
  }
}

/** The early port named `name`, greeted already, once; null when none was opened. */
export function takeEarlyPort(name: string, global: object = globalThis): ClientPort | null {
  const slots = global as WithSlot;
  const slot = slots[SLOT];
  if (!slot || slot.name !== name) return null;
  delete slots[SLOT];
  return slot.port;
}
