import type { ClientErrorInfo } from '../core/client/errors';
import { type IntentState, type IntentView, isFinal } from '../protocol/intent';
import type { IntentIndex } from './intent-index';
import type { IntentRecord } from './journal';
import { type CountedTrade, type Filled, summarize } from './outcome';
import type { OutcomeWaiters } from './outcome-waiters';

/**
 * The order state machine's moves of one intent, and whom each tells: the UIs (`onChange`),
 * the callers waiting for its first outcome, and (on `save`) the journal.
 */
export class IntentMoves {
  constructor(
    private readonly intents: IntentIndex,
    private readonly waiters: OutcomeWaiters,
    private readonly now: () => number,
    private readonly onChange: (view: IntentView) => void,
  ) {}

  /** By client order id first (ours), else by the exchange's order id. */
  find(clientOrderId: string | null, orderId: string | null): IntentRecord | undefined {
    return this.intents.find(clientOrderId, orderId);
  }

  linkOrder(record: IntentRecord, orderId: string): void {
    this.intents.linkOrder(record, orderId);
  }

  setFilled(record: IntentRecord, filled: Filled): void {
    record.view.filledContractsRaw = filled.contractsRaw.toString();
    record.view.filledCollateralRaw = filled.collateralRaw.toString();
    record.view.filledFeeRaw = filled.feeRaw.toString();
    record.view.feeBps = filled.feeBps;
  }

  /** Adds a trade not counted yet (or the fee an answer reports) to the intent's filled totals. */
  count(record: IntentRecord, trade: CountedTrade | null): void {
    if (!trade) return;
    if (trade.tradeEventId !== null) record.countedTrades.push(trade.tradeEventId);
    this.setFilled(record, trade.filled);
  }

  /** The view's time and summary for its current state (what is journaled with it). */
  refresh(record: IntentRecord): void {
    record.view.updatedAt = this.now();
    record.view.summary = summarize(record.view);
  }

  /** Tells the UIs of a change that keeps the state. */
  touch(record: IntentRecord): void {
    this.refresh(record);
    this.onChange(record.view);
  }

  transition(record: IntentRecord, state: IntentState): void {
    record.view.state = state;
    this.touch(record);
    if (state !== 'preparing' && state !== 'sending' && state !== 'reconciling')
      this.waiters.wake(record.view.clientOrderId);
  }

  finish(record: IntentRecord, state: IntentState, error: ClientErrorInfo | null): void {
    record.view.state = state;
    record.view.error = error;
    record.body = isFinal(state) ? null : record.body;
    this.touch(record);
    this.waiters.wake(record.view.clientOrderId);
  }

  save(record: IntentRecord): Promise<boolean> {
    return this.intents.save(record);
  }
}
