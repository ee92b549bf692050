import type { OrderEventInput, TxEvent } from '../../lib/core/api/events';
import type { Leg, TradeRecord } from './ledger';
import type { OrderRecord } from './orders';

type SettlementType = 'MATCHED' | 'MINED' | 'FAILED';

/**
 * The SETTLEMENT order events of one trade: one to the taker, one to each maker owner.
 * Each copy speaks its recipient's terms: a maker sees its own price; the taker sees what
 * it paid per contract, which mirrors a maker holding the other outcome (mint/merge).
 */
export function settlementOrderEvents(
  trade: TradeRecord,
  type: SettlementType,
  order: (id: string) => OrderRecord | undefined,
  at: string,
  newId: () => string,
): { profileId: number; event: OrderEventInput }[] {
  const taker = order(trade.takerOrderId);
  if (!taker || taker.ownerId === null) return [];
  const makerLegs = trade.legs.filter((l) => l.role === 'MAKER');
  const takerOutcome = trade.legs.find((l) => l.role === 'TAKER')?.outcome;
  const matchOf = (l: Leg, forTaker: boolean) => ({
    orderId: l.orderId ?? '',
    matchedSize: l.contracts.toString(),
    price:
      Number(
        forTaker && takerOutcome !== undefined && l.outcome !== takerOutcome
          ? 1000n - l.priceMillis
          : l.priceMillis,
      ) / 1000,
  });
  const base = {
    source: 'SETTLEMENT' as const,
    type,
    ...(type === 'MATCHED' ? { isEstimate: true } : {}),
    tradeEventId: trade.tradeEventId,
    takerOrderId: trade.takerOrderId,
    marketSlug: trade.marketSlug,
    txHash: type === 'MINED' ? trade.txHash : null,
    reason: type === 'FAILED' ? 'Settlement failed: the trade was rolled back' : null,
    occurredAt: at,
  };
  const events: { profileId: number; event: OrderEventInput }[] = [
    {
      profileId: taker.ownerId,
      event: {
        ...base,
        eventId: newId(),
        clientOrderId: taker.clientOrderId,
        makerMatches: makerLegs.map((l) => matchOf(l, true)),
      },
    },
  ];
  const byOwner = new Map<number, Leg[]>();
  for (const l of makerLegs) byOwner.set(l.profileId, [...(byOwner.get(l.profileId) ?? []), l]);
  for (const [profileId, own] of byOwner) {
    const first = own[0]?.orderId ? order(own[0].orderId) : undefined;
    events.push({
      profileId,
      event: {
        ...base,
        eventId: newId(),
        clientOrderId: first?.clientOrderId ?? null,
        makerMatches: own.map((l) => matchOf(l, false)),
      },
    });
  }
  return events;
}

/** The `tx` events of a settled trade, one per leg, to each leg's owner. */
export function transactionEvents(
  trade: TradeRecord,
  result: 'MINED' | 'FAILED',
  txHash: string,
  order: (id: string) => OrderRecord | undefined,
  at: string,
): { profileId: number; event: TxEvent }[] {
  return trade.legs.map((leg) => ({
    profileId: leg.profileId,
    event: {
      txHash,
      status: result === 'MINED' ? 'CONFIRMED' : 'FAILED',
      marketSlug: trade.marketSlug,
      tokenId: leg.tokenId,
      side: leg.side,
      price: Number(leg.priceMillis) / 1000,
      amountContracts: leg.contracts.toString(),
      amountCollateral: leg.collateral.toString(),
      orderId: leg.orderId ?? '',
      clientOrderId: (leg.orderId ? order(leg.orderId) : undefined)?.clientOrderId ?? null,
      tradeEventId: trade.tradeEventId,
      timestamp: at,
    },
  }));
}
