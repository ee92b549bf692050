import { browser } from 'wxt/browser';
import { PORTS } from '../../../lib/protocol/panel-protocol';
import { PanelPortMessage, type PanelState } from '../../../lib/protocol/panel-views';
import { createPortStore, type PortStore } from '../../common/port-store';

/** The page panel's view: one market, nothing else. */
export function connectPanelState(marketSlug: string): PortStore<PanelState> {
  return createPortStore({
    connect: () => browser.runtime.connect({ name: PORTS.panel }),
    schema: PanelPortMessage,
    reduce: (_current, message) => message.data,
    hello: { marketSlug },
  });
}
