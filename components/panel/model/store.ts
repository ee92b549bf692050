import { browser } from 'wxt/browser';
import { PORTS } from '../../../lib/protocol/names';
import type { PanelState } from '../../../lib/protocol/panel-views';
import { isPanelPortMessage } from '../../../lib/protocol/shapes';
import { createPortStore, type PortStore } from '../../common/port-store';

/** The page panel's view: one market, nothing else. */
export function connectPanelState(marketSlug: string): PortStore<PanelState> {
  return createPortStore({
    connect: () => browser.runtime.connect({ name: PORTS.panel }),
    accept: isPanelPortMessage,
    reduce: (_current, message) => message.data,
    hello: { marketSlug },
  });
}
