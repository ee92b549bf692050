import type { PanelState } from '../../../lib/protocol/panel-views';
import { isPanelPortMessage } from '../../../lib/protocol/shapes';
import { type ClientPort, createPortStore, type PortStore } from '../../common/port-store';
import { openPanelPort, panelHello } from './panel-port';

/**
 * The page panel's view: one market, nothing else (`panelHello` says which). `early` is the
 * port the frame's first script opened already, greeted for this slug (`early-port.ts`).
 */
export function connectPanelState(
  marketSlug: string | null,
  early: ClientPort | null = null,
): PortStore<PanelState> {
  return createPortStore({
    connect: openPanelPort,
    adopt: early,
    accept: isPanelPortMessage,
    reduce: (_current, message) => message.data,
    hello: panelHello(marketSlug),
  });
}
