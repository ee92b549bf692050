import { browser } from 'wxt/browser';
import { PORTS } from '../messaging/protocol';
import { createPortStore, type PortStore } from './port-store';
import { type AppSnapshot, PanelPortMessage, type PanelState, StatePortMessage } from './views';

/** The popup's and options page's view of the background: the whole app state. */
export function connectAppState(): PortStore<AppSnapshot> {
  return createPortStore({
    connect: () => browser.runtime.connect({ name: PORTS.state }),
    schema: StatePortMessage,
    reduce: (current, message) =>
      message.topic === 'snapshot'
        ? message.data
        : ({ ...(current ?? {}), ...message.data } as AppSnapshot),
  });
}

/** The page panel's view: one market, nothing else. */
export function connectPanelState(marketSlug: string): PortStore<PanelState> {
  return createPortStore({
    connect: () => browser.runtime.connect({ name: PORTS.panel }),
    schema: PanelPortMessage,
    reduce: (_current, message) => message.data,
    hello: { marketSlug },
  });
}
