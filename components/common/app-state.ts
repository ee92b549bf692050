import { isStatePortMessage } from '../../lib/protocol/shapes';
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
    reduce: (current, message) =>
      message.topic === 'snapshot'
        ? message.data
        : ({ ...(current ?? {}), ...message.data } as AppSnapshot),
    helloFor: stateHello,
  });
}
