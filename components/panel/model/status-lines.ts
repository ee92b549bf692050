import type { PanelState } from '../../../lib/protocol/panel-views';

/**
 * The orders the panel knows of on its market, as one key: it changes when an order is
 * placed, from this panel, a shortcut or the popup. A line the panel said before that
 * (a refused click, an alert set) is then about the past, and is cleared.
 */
export const ordersKey = (state: PanelState): string =>
  state.intents.map((i) => i.clientOrderId).join(' ');

/** Whether what the panel said last still stands in `state`, seen after `before`. */
export const linesStand = (before: PanelState | null, state: PanelState | null): boolean =>
  !state ||
  (state.vaultStatus === 'unlocked' && (before === null || ordersKey(before) === ordersKey(state)));
