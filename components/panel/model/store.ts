import { browser } from 'wxt/browser';
import { PORTS } from '../../../lib/protocol/names';
import type { PanelPortRequest } from '../../../lib/protocol/panel-protocol';
import type { PanelState } from '../../../lib/protocol/panel-views';
import { isPanelPortMessage } from '../../../lib/protocol/shapes';
import { createPortStore, type PortStore } from '../../common/port-store';

/**
 * The page panel's view: one market, nothing else. Null asks for the market of this page
 * as the background reads its URL: what a content script can ask before it knows itself.
 */
export function connectPanelState(marketSlug: string | null): PortStore<PanelState> {
  const hello: PanelPortRequest = marketSlug === null ? { thisPage: true } : { marketSlug };
  return createPortStore({
    connect: () => browser.runtime.connect({ name: PORTS.panel }),
    accept: isPanelPortMessage,
    reduce: (_current, message) => message.data,
    hello,
  });
}
