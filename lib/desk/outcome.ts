import type { OmeOrderEvent, SettlementOrderEvent } from '../core/api/events';
import type { Execution, OrderStatus } from '../core/api/orders';
import type { Side } from '../core/api/primitives';
import { errorSentence } from '../core/client/errors';
import { fillCollateral } from '../core/orders/fills';
import { fromRaw, priceToMillis, RAW_PER_UNIT } from '../core/orders/units';
import { type IntentState, type IntentView, isFinal } from '../protocol/intent';

/** Contracts asked for: the FOK BUY spends collateral, so it has no contract target. */
export function requestedContracts(view: IntentView): bigint | null {
  return view.orderType === 'FOK' && view.side === 'BUY' ? null : BigInt(view.requestedRaw);
}

/** A fill total that reached what was asked, or (FOK) any fill at all. */
function isComplete(view: IntentView, filledContracts: bigint): boolean {
  const target = requestedContracts(view);
  return target === null ? filledContracts > 0n : filledContracts >= target;
}

/** Final state for an order that stopped matching (FAK kill, cancel, kill of a released order). */
export function stoppedState(view: IntentView, filledContracts: bigint, stp: boolean): IntentState {
  if (filledContracts > 0n)
    return isComplete(view, filledContracts) ? 'filled' : 'partially-filled';
  if (stp) return 'stp-cancelled';
  return view.orderType === 'GTC' ? 'cancelled' : 'killed';
}

/**
 * Final state for an order cancelled (by its owner, by the exchange, or by self-trade
 * prevention) rather than killed by the engine: a cancelled FAK/FOK is not "not filled
 * for lack of liquidity".
 */
export function cancelledState(
  view: IntentView,
  filledContracts: bigint,
  stp: boolean,
): IntentState {
  if (filledContracts > 0n)
    return isComplete(view, filledContracts) ? 'filled' : 'partially-filled';
  return stp ? 'stp-cancelled' : 'cancelled';
}

const STP_REASONS: ReadonlySet<string> = new Set(['STP_MAKER_CANCELLED', 'STP_TAKER_REJECTED']);

/** After more fills arrive by event: a GTC keeps resting until complete; a released FAK/FOK is done. */
export function stateAfterFill(view: IntentView, filledContracts: bigint): IntentState {
  if (view.orderType === 'GTC') return isComplete(view, filledContracts) ? 'filled' : 'resting';
  if (view.state === 'delayed' || isFinal(view.state))
    return stoppedState(view, filledContracts, false);
  return view.state;
}

/**
 * The state a placement response puts an intent in. A settlement status this version does
 * not know says the order exists but not where it stands: ask the exchange (`reconciling`)
 * rather than guess a final state.
 */
export function stateFromExecution(
  view: IntentView,
  execution: Execution,
  filledContracts: bigint,
): IntentState {
  switch (execution.settlementStatus) {
    case 'UNRECOGNIZED':
      return 'reconciling';
    case 'DELAYED':
      return 'delayed';
    case 'CANCELED':
      return stoppedState(view, filledContracts, execution.reason === 'STP_TAKER_REJECTED');
    case 'FAILED':
      return 'failed';
    case 'UNMATCHED':
      return view.orderType === 'GTC' ? 'resting' : stoppedState(view, filledContracts, false);
    default:
      // MATCHED, MINED, CONFIRMED, RETRYING: something traded.
      if (isComplete(view, filledContracts)) return 'filled';
      return view.orderType === 'GTC' ? 'resting' : 'partially-filled';
  }
}

/**
 * The state a reconciliation status puts an intent in; null when the exchange does not know
 * the order. The order status decides (only a FAILED settlement overrides it), so an
 * unrecognized settlement status next to a known order status changes nothing; an order
 * status we cannot read keeps the intent `reconciling`, to be asked about again later.
 */
export function stateFromStatus(view: IntentView, status: OrderStatus): IntentState | null {
  const filled = BigInt(status.filledSize);
  if (status.settlementStatus === 'FAILED') return 'failed';
  switch (status.status) {
    case 'UNKNOWN':
      return null;
    case 'UNRECOGNIZED':
      return 'reconciling';
    case 'DELAYED':
      return 'delayed';
    case 'OPEN':
      return 'resting';
    case 'FILLED':
      return 'filled';
    case 'PARTIALLY_FILLED':
      return view.orderType === 'GTC' && BigInt(status.remainingSize ?? '0') > 0n
        ? 'resting'
        : 'partially-filled';
    case 'CANCELED':
      return stoppedState(view, filled, false);
  }
}

/** The state an OME event moves an intent to (null: no change of state). */
export function stateFromOmeEvent(
  view: IntentView,
  event: OmeOrderEvent,
  filledContracts: bigint,
): IntentState | null {
  switch (event.type) {
    // Only a GTC can rest; a released FAK/FOK's outcome follows in its EXECUTION.
    case 'PLACEMENT':
      return view.orderType === 'GTC' ? 'resting' : null;
    case 'UPDATE':
      return view.orderType === 'GTC' && view.state === 'delayed' ? 'resting' : null;
    case 'CANCELLATION':
      return cancelledState(view, filledContracts, STP_REASONS.has(event.reason ?? ''));
    case 'EXECUTION':
      if (event.status === 'FILLED') return 'filled';
      if (event.status === 'KILLED') return stoppedState(view, filledContracts, false);
      return view.orderType === 'GTC' ? 'resting' : 'partially-filled';
  }
}

/**
 * Contracts and collateral that one settlement event gives an order of ours. As the
 * taker, match prices are in our outcome's terms (conventions); as a maker, every fill
 * happens at our own limit, which is exact.
 */
export function fillFromSettlement(
  event: SettlementOrderEvent,
  orderId: string | null,
  clientOrderId: string,
  ownLimitMillis: bigint | null,
  side: Side,
): { contracts: bigint; collateral: bigint } | null {
  const asTaker =
    event.clientOrderId === clientOrderId || (orderId !== null && event.takerOrderId === orderId);
  const matches = asTaker
    ? event.makerMatches
    : event.makerMatches.filter((m) => m.orderId === orderId);
  if (matches.length === 0) return null;
  let contracts = 0n;
  let collateral = 0n;
  for (const match of matches) {
    const size = BigInt(match.matchedSize);
    const priceMillis =
      !asTaker && ownLimitMillis !== null
        ? ownLimitMillis
        : BigInt(Math.round(Number(match.price) * 1000));
    contracts += size;
    collateral += fillCollateral(priceMillis, size, side, asTaker ? 'taker' : 'maker');
  }
  return { contracts, collateral };
}

/** What an intent has filled so far (raw units). */
export interface Filled {
  contractsRaw: bigint;
  collateralRaw: bigint;
}

export const filledOf = (view: IntentView): Filled => ({
  contractsRaw: BigInt(view.filledContractsRaw),
  collateralRaw: BigInt(view.filledCollateralRaw),
});

/** A trade counted into an intent's fills: its id (so it is never counted twice) and the new totals. */
export interface CountedTrade {
  tradeEventId: string;
  filled: Filled;
}

const plus = (before: Filled, contracts: bigint, collateral: bigint): Filled => ({
  contractsRaw: before.contractsRaw + contracts,
  collateralRaw: before.collateralRaw + collateral,
});

/**
 * The fills our own placement answer reports. The same trade may also arrive as a
 * settlement event, before or after: whichever comes first counts it, once.
 */
export function placementTrade(
  view: IntentView,
  counted: readonly string[],
  execution: Execution,
): CountedTrade | null {
  const id = execution.tradeEventId;
  if (!id || counted.includes(id)) return null;
  const totals = execution.totalsRaw;
  return {
    tradeEventId: id,
    filled: plus(filledOf(view), BigInt(totals.contractsGross), BigInt(totals.usdGross)),
  };
}

/** The fills a MATCHED settlement event adds to an intent (as taker or as a resting maker). */
export function settlementTrade(
  view: IntentView,
  counted: readonly string[],
  event: SettlementOrderEvent,
): CountedTrade | null {
  if (event.type !== 'MATCHED' || counted.includes(event.tradeEventId)) return null;
  const limit = view.price === null ? null : priceToMillis(view.price);
  const fill = fillFromSettlement(event, view.orderId, view.clientOrderId, limit, view.side);
  if (!fill) return null;
  return {
    tradeEventId: event.tradeEventId,
    filled: plus(filledOf(view), fill.contracts, fill.collateral),
  };
}

/**
 * The fills a status answer reports, when it knows of more than we counted (it reports a
 * total, not trades, so it only ever raises ours). A FOK BUY is sized in money: its
 * filled size is the collateral spent; otherwise it is contracts, valued at the limit.
 */
export function statusFilled(view: IntentView, filledSize: bigint): Filled | null {
  const before = filledOf(view);
  if (view.orderType === 'FOK' && view.side === 'BUY') {
    return filledSize > before.collateralRaw ? { ...before, collateralRaw: filledSize } : null;
  }
  if (filledSize <= before.contractsRaw) return null;
  return {
    contractsRaw: filledSize,
    collateralRaw:
      view.price === null ? before.collateralRaw : (filledSize * priceToMillis(view.price)) / 1000n,
  };
}

const STATE_WORDS: Record<IntentState, string> = {
  preparing: 'preparing',
  sending: 'sending',
  reconciling: 'checking with the exchange',
  delayed: 'delayed',
  resting: 'resting on the book',
  filled: 'filled',
  'partially-filled': 'partially filled',
  cancelled: 'cancelled',
  'stp-cancelled': 'cancelled by self-trade prevention',
  killed: 'not filled (no liquidity within the limit)',
  rejected: 'rejected',
  failed: 'failed',
};

/** The one line a panel or the popup shows under a button or in a list. */
export function summarize(view: IntentView): string {
  const filled = BigInt(view.filledContractsRaw);
  const paid = BigInt(view.filledCollateralRaw);
  // No price when the collateral is not known (a FOK adopted from a status check).
  const avg = filled > 0n && paid > 0n ? Number((paid * RAW_PER_UNIT) / filled) / 1e6 : null;
  const fillText =
    filled > 0n
      ? `${fromRaw(filled)} ${view.outcome}${avg !== null ? ` at ${avg.toFixed(3).replace(/0+$/, '').replace(/\.$/, '')}` : ''}`
      : '';
  switch (view.state) {
    case 'filled':
    case 'partially-filled':
      return `${STATE_WORDS[view.state]}${fillText ? ` ${fillText}` : ''}`;
    case 'resting':
      return filled > 0n ? `resting, ${fillText} filled so far` : STATE_WORDS.resting;
    case 'delayed':
      return view.eligibleAt
        ? `delayed until ${new Date(view.eligibleAt).toLocaleTimeString()}`
        : 'delayed';
    case 'rejected':
    case 'failed':
      return `${STATE_WORDS[view.state]}: ${view.error ? errorSentence(view.error) : 'no reason given'}`;
    default:
      return STATE_WORDS[view.state];
  }
}
