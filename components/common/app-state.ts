import { browser } from 'wxt/browser';
import { PORTS } from '../../lib/protocol/names';
import type { StatePortHello } from '../../lib/protocol/panel-protocol';
import { isStatePortMessage } from '../../lib/protocol/shapes';
import type { AppSnapshot } from '../../lib/protocol/views';
import { createPortStore, type PortStore } from './port-store';

/** The popup's and options page's view of the background: the whole app state. */
export function connectAppState(): PortStore<AppSnapshot> {
  return createPortStore({
    connect: () => browser.runtime.connect({ name: PORTS.state }),
    accept: isStatePortMessage,
    reduce: (current, message) =>
      message.topic === 'snapshot'
        ? message.data
        : ({ ...(current ?? {}), ...message.data } as AppSnapshot),
    helloFor: (connects) => ({ opened: connects === 0 }) satisfies StatePortHello,
  });
}
