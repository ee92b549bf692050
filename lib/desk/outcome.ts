import type { OmeOrderEvent, SettlementOrderEvent } from '../core/api/events';
import type { Execution, OrderStatus } from '../core/api/orders';
import type { Side } from '../core/api/primitives';
import { errorSentence } from '../core/client/errors';
import { takerFeeOf } from '../core/orders/fees';
import { fillCollateral } from '../core/orders/fills';
import { priceToMillis } from '../core/orders/units';
import { type IntentState, type IntentView, isFinal } from '../protocol/intent';
import { fillWords } from '../protocol/intent-fill';

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
 * Contracts and collateral that one settlement event gives an order of ours, and the
 * taker fee on them (the event does not carry it: each match is charged by the fee rule,
 * `takerFeeOf`, at the rate the exchange reported for the order). As the taker, match
 * prices are in our outcome's terms (conventions); as a maker, every fill happens at our
 * own limit, which is exact, and no fee is paid.
 */
export function fillFromSettlement(
  event: SettlementOrderEvent,
  orderId: string | null,
  clientOrderId: string,
  ownLimitMillis: bigint | null,
  side: Side,
  feeBps = 0,
): { contracts: bigint; collateral: bigint; fee: bigint } | null {
  const asTaker =
    event.clientOrderId === clientOrderId || (orderId !== null && event.takerOrderId === orderId);
  const matches = asTaker
    ? event.makerMatches
    : event.makerMatches.filter((m) => m.orderId === orderId);
  if (matches.length === 0) return null;
  let contracts = 0n;
  let collateral = 0n;
  let fee = 0n;
  for (const match of matches) {
    const size = BigInt(match.matchedSize);
    const priceMillis =
      !asTaker && ownLimitMillis !== null
        ? ownLimitMillis
        : BigInt(Math.round(Number(match.price) * 1000));
    const paid = fillCollateral(priceMillis, size, side, asTaker ? 'taker' : 'maker');
    contracts += size;
    collateral += paid;
    if (asTaker) fee += takerFeeOf(side, size, paid, feeBps);
  }
  return { contracts, collateral, fee };
}

/** What an intent has filled so far (raw units), its fee, and the fee rate it pays. */
export interface Filled {
  contractsRaw: bigint;
  collateralRaw: bigint;
  /** Contracts (BUY) or collateral (SELL) paid as taker fee. */
  feeRaw: bigint;
  feeBps: number | null;
}

export const filledOf = (view: IntentView): Filled => ({
  contractsRaw: BigInt(view.filledContractsRaw),
  collateralRaw: BigInt(view.filledCollateralRaw),
  feeRaw: BigInt(view.filledFeeRaw ?? '0'),
  feeBps: view.feeBps ?? null,
});

/**
 * What an answer or event adds to an intent's fills: the trade's id (so it is never counted
 * twice; null when it only tells the fee) and the new totals.
 */
export interface CountedTrade {
  tradeEventId: string | null;
  filled: Filled;
}

const plus = (before: Filled, contracts: bigint, collateral: bigint, fee: bigint): Filled => ({
  ...before,
  contractsRaw: before.contractsRaw + contracts,
  collateralRaw: before.collateralRaw + collateral,
  feeRaw: before.feeRaw + fee,
});

/**
 * The fills our own placement answer reports, with their fee as the exchange counted it,
 * and the order's fee rate (a delayed order's fills come later, by events, and are charged
 * at it). The same trade may also arrive as a settlement event, before or after: whichever
 * comes first counts it, once; an event that came first, before the rate was known,
 * counted no fee, so the answer adds the fee it reports.
 */
export function placementTrade(
  view: IntentView,
  counted: readonly string[],
  execution: Execution,
): CountedTrade | null {
  const id = execution.tradeEventId;
  const totals = execution.totalsRaw;
  const before = { ...filledOf(view), feeBps: execution.effectiveFeeBps };
  const fee = BigInt(view.side === 'BUY' ? totals.contractsFee : totals.usdFee);
  if (id && !counted.includes(id)) {
    return {
      tradeEventId: id,
      filled: plus(before, BigInt(totals.contractsGross), BigInt(totals.usdGross), fee),
    };
  }
  if (view.feeBps !== undefined && view.feeBps !== null) return null;
  return { tradeEventId: null, filled: plus(before, 0n, 0n, id ? fee : 0n) };
}

/** The fills a MATCHED settlement event adds to an intent (as taker or as a resting maker). */
export function settlementTrade(
  view: IntentView,
  counted: readonly string[],
  event: SettlementOrderEvent,
): CountedTrade | null {
  if (event.type !== 'MATCHED' || counted.includes(event.tradeEventId)) return null;
  const limit = view.price === null ? null : priceToMillis(view.price);
  const fill = fillFromSettlement(
    event,
    view.orderId,
    view.clientOrderId,
    limit,
    view.side,
    view.feeBps ?? 0,
  );
  if (!fill) return null;
  return {
    tradeEventId: event.tradeEventId,
    filled: plus(filledOf(view), fill.contracts, fill.collateral, fill.fee),
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
  const collateralRaw =
    view.price === null ? before.collateralRaw : (filledSize * priceToMillis(view.price)) / 1000n;
  // A FAK/FOK always takes; a GTC's role is not told, and a resting one pays nothing. A
  // total says nothing of the fills it sums: charged as one, the fee may read up to a raw
  // unit per fill above the exchange's.
  const fee =
    view.orderType === 'GTC'
      ? 0n
      : takerFeeOf(
          view.side,
          filledSize - before.contractsRaw,
          collateralRaw - before.collateralRaw,
          view.feeBps ?? 0,
        );
  return { ...before, contractsRaw: filledSize, collateralRaw, feeRaw: before.feeRaw + fee };
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

/** The one line a panel or the popup shows under a button or in a list: fills net of fee. */
export function summarize(view: IntentView): string {
  const fillText = fillWords(view).text;
  switch (view.state) {
    case 'filled':
    case 'partially-filled':
      return `${STATE_WORDS[view.state]}${fillText ? ` ${fillText}` : ''}`;
    case 'resting':
      return fillText ? `resting, ${fillText} filled so far` : STATE_WORDS.resting;
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
