import { isStatePortMessage } from '../../lib/protocol/shapes';
import { applyStatePatch } from '../../lib/protocol/state-patch';
import type { AppSnapshot } from '../../lib/protocol/views';
import { type ClientPort, createPortStore, type PortStore } from './port-store';
import { openStatePort, stateHello } from './state-port';

/**
 * The popup's and options page's view of the background: the whole app state. `early` is
 * the port the page's first script opened already (`early-port.ts`), if any.
 */
export function connectAppState(early: ClientPort | null = null): PortStore<AppSnapshot> {
  return createPortStore({
    connect: openStatePort,
    adopt: early,
    accept: isStatePortMessage,
    reduce: (current, message) => {
      if (message.topic === 'snapshot') return message.data;
      // The background sends each port its snapshot before any patch (ui-hub.ts).
      if (!current) throw new Error('state port: a patch came before the snapshot');
      return applyStatePatch(current, message.data);
    },
    helloFor: stateHello,
  });
}
