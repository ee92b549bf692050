import type { UserOrder } from '../../../lib/core/api/orders';
import type { Outcome } from '../../../lib/core/api/primitives';
import { formatContracts } from '../../../lib/core/format/money';
import { formatCents } from '../../../lib/core/format/price';
import type { IntentView } from '../../../lib/protocol/intent';
import { isFinal } from '../../../lib/protocol/intent-states';
import type { PanelState } from '../../../lib/protocol/views';

/** One of the user's open orders on this market, as the panel lists it. */
export interface OpenOrderRow {
  id: string;
  outcome: Outcome | null;
  side: UserOrder['side'];
  /** `BUY YES 10 @ 55¢`. */
  label: string;
  /** Held by the taker delay until then (ISO), or null. */
  delayedUntil: string | null;
  /** The desk's intent for this order, when this extension placed it. */
  clientOrderId: string | null;
}

/** Which outcome an order trades: by token id, else by the desk's intent that placed it. */
export function orderOutcome(order: UserOrder, state: PanelState): Outcome | null {
  const tokens = state.market?.tokens;
  if (tokens) {
    if (order.tokenId === tokens.yes) return 'YES';
    if (order.tokenId === tokens.no) return 'NO';
  }
  const intent = order.clientOrderId
    ? state.intents.find((i) => i.clientOrderId === order.clientOrderId)
    : undefined;
  return intent?.outcome ?? null;
}

export function openOrderRows(state: PanelState, now: number): OpenOrderRow[] {
  return state.openOrders.map((order) => {
    const outcome = orderOutcome(order, state);
    const delayed =
      order.eligibleAt !== null &&
      (order.settlementStatus === 'DELAYED' || Date.parse(order.eligibleAt) > now)
        ? order.eligibleAt
        : null;
    const price = order.price === null ? 'market' : formatCents(order.price);
    return {
      id: order.id,
      outcome,
      side: order.side,
      label: `${order.side} ${outcome ?? '?'} ${formatContracts(order.remainingSize)} @ ${price}`,
      delayedUntil: delayed,
      clientOrderId: order.clientOrderId,
    };
  });
}

/** The desk's intents on this market that still wait on the exchange (delayed first). */
export function pendingIntents(intents: readonly IntentView[]): IntentView[] {
  return intents
    .filter((i) => !isFinal(i.state))
    .sort((a, b) => (a.state === 'delayed' ? 0 : 1) - (b.state === 'delayed' ? 0 : 1));
}

/** `Buy YES $10`, `Sell NO 50%` — what a press asked for, in the words of its button. */
export const pressTitle = (side: 'BUY' | 'SELL', outcome: Outcome, label: string): string =>
  `${side === 'BUY' ? 'Buy' : 'Sell'} ${outcome} ${label}`;
