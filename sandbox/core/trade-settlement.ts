import type { OrderEventInput } from '../../lib/core/api/events';
import type { SettlementResult } from '../engine/settlement';
import type { SandboxClock } from './clock';
import type { CoreEmitter } from './events';
import { fakeTxHash, newId } from './ids';
import type { Ledger } from './ledger';
import type { MarketRegistry, SandboxMarket } from './markets';
import type { OrderStore } from './orders';
import { settlementOrderEvents, transactionEvents } from './settlement-events';

/** What settling a trade needs of the core: its registries and its announcements. */
export interface SettlementCore {
  readonly clock: SandboxClock;
  readonly ledger: Ledger;
  readonly orders: OrderStore;
  readonly markets: MarketRegistry;
  readonly events: CoreEmitter;
  emitOrderEvent(profileId: number, event: OrderEventInput): void;
  /** Sends a party its positions in a market. */
  emitPositions(profileId: number, market: SandboxMarket): void;
}

/** Order events of the SETTLEMENT source, to the taker and to each maker owner. */
export function announceSettlement(
  core: SettlementCore,
  tradeEventId: string,
  type: 'MATCHED' | 'MINED' | 'FAILED',
): void {
  const trade = core.ledger.trade(tradeEventId);
  if (!trade) return;
  const events = settlementOrderEvents(
    trade,
    type,
    (id) => core.orders.get(id),
    core.clock.iso(),
    newId,
  );
  for (const { profileId, event } of events) core.emitOrderEvent(profileId, event);
}

/** Settlement result for one trade: MINED, or FAILED with the trade rolled back. */
export function settleTrade(
  core: SettlementCore,
  tradeEventId: string,
  result: SettlementResult,
): void {
  const trade =
    result === 'MINED'
      ? core.ledger.markMined(tradeEventId, fakeTxHash(tradeEventId))
      : core.ledger.rollbackTrade(tradeEventId);
  if (!trade) return;
  const orderIds = new Set(trade.legs.map((l) => l.orderId).filter((id) => id !== null));
  for (const id of orderIds) {
    const order = core.orders.get(id);
    if (order) order.settlementStatus = result;
  }
  announceSettlement(core, tradeEventId, result);
  const market = core.markets.bySlug(trade.marketSlug);
  const txs = transactionEvents(
    trade,
    result,
    fakeTxHash(tradeEventId),
    (id) => core.orders.get(id),
    core.clock.iso(),
  );
  for (const tx of txs) core.events.emit('tx', tx);
  if (result === 'FAILED' && market) {
    for (const id of new Set(trade.legs.map((l) => l.profileId))) core.emitPositions(id, market);
  }
}
