import { isStatePortMessage } from '../../lib/protocol/shapes';
import { applyStatePatch } from '../../lib/protocol/state-patch';
import type { AppSnapshot, StatePortMessage } from '../../lib/protocol/views';
import { type ClientPort, createPortStore, type PortStore } from './port-store';
import { openStatePort, stateHello } from './state-port';

/** The state a page holds after one message of the state port. */
export function reduceAppState(
  current: AppSnapshot | null,
  message: StatePortMessage,
): AppSnapshot {
  if (message.topic === 'snapshot') return message.data;
  // The background sends each port its snapshot before any patch (ui-hub.ts).
  if (!current) throw new Error('state port: a patch came before the snapshot');
  return applyStatePatch(current, message.data);
}

/**
 * The popup's and options page's view of the background: the whole app state. `early` is
 * the port the page's first script opened already (`early-port.ts`), if any.
 */
export function connectAppState(early: ClientPort | null = null): PortStore<AppSnapshot> {
  return createPortStore({
    connect: openStatePort,
    adopt: early,
    accept: isStatePortMessage,
    reduce: reduceAppState,
    helloFor: stateHello,
  });
}
