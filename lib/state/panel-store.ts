import { browser } from 'wxt/browser';
import { PORTS } from '../messaging/panel-protocol';
import { PanelPortMessage, type PanelState } from './panel-views';
import { createPortStore, type PortStore } from './port-store';

/** The page panel's view: one market, nothing else. */
export function connectPanelState(marketSlug: string): PortStore<PanelState> {
  return createPortStore({
    connect: () => browser.runtime.connect({ name: PORTS.panel }),
    schema: PanelPortMessage,
    reduce: (_current, message) => message.data,
    hello: { marketSlug },
  });
}
