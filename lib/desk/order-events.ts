import type { OmeOrderEvent, OrderEvent, SettlementOrderEvent } from '../core/api/events';
import { type IntentState, isFinal } from '../protocol/intent';
import type { IntentStore } from './intent-store';
import type { IntentRecord } from './journal';
import { settlementTrade, stateAfterFill, stateFromOmeEvent } from './outcome';

/**
 * What an order event may do to an intent: the machine's own moves, so the waiters, the UIs
 * and the journal hear of it as they would of any answer.
 */
export type EventMoves = Pick<
  IntentStore,
  'find' | 'linkOrder' | 'count' | 'touch' | 'transition' | 'finish' | 'save'
>;

/** Order events from the socket (already de-duplicated by `eventId`) → the intents they concern. */
export function applyOrderEvent(moves: EventMoves, event: OrderEvent): void {
  if (event.source === 'OME') onOme(moves, event);
  else onSettlement(moves, event);
}

function onOme(moves: EventMoves, event: OmeOrderEvent): void {
  const record = moves.find(event.clientOrderId, event.orderId);
  if (!record) return;
  moves.linkOrder(record, event.orderId);
  const next = stateFromOmeEvent(record.view, event, BigInt(record.view.filledContractsRaw));
  if (next === null) return;
  moveByEvent(moves, record, next);
}

function onSettlement(moves: EventMoves, event: SettlementOrderEvent): void {
  const candidates = new Set<IntentRecord>();
  const taker = moves.find(event.clientOrderId, event.takerOrderId);
  if (taker) candidates.add(taker);
  for (const match of event.makerMatches) {
    const maker = moves.find(null, match.orderId);
    if (maker) candidates.add(maker);
  }
  for (const record of candidates) {
    if (event.type === 'FAILED') {
      moves.finish(record, 'failed', {
        kind: 'rejected',
        status: 200,
        message: `settlement failed${event.reason ? ` (${event.reason})` : ''}; the trade was undone`,
      });
      void moves.save(record);
      continue;
    }
    const trade = settlementTrade(record.view, record.countedTrades, event);
    if (!trade) continue;
    moves.count(record, trade);
    moveByEvent(moves, record, stateAfterFill(record.view, trade.filled.contractsRaw));
  }
}

/** Event-driven moves: final states only change to record more fills or a failed settlement. */
function moveByEvent(moves: EventMoves, record: IntentRecord, next: IntentState): void {
  const current = record.view.state;
  if (isFinal(current)) {
    const refinable =
      current === 'killed' ||
      current === 'partially-filled' ||
      current === 'filled' ||
      current === 'cancelled';
    if (!refinable || !isFinal(next) || next === current) {
      moves.touch(record);
      void moves.save(record);
      return;
    }
    moves.finish(record, next, record.view.error);
  } else if (current === 'sending' || current === 'reconciling' || current === 'preparing') {
    // The answer to our own request decides; events only fill in amounts until then.
    moves.touch(record);
  } else if (isFinal(next)) {
    moves.finish(record, next, null);
  } else {
    moves.transition(record, next);
  }
  void moves.save(record);
}
