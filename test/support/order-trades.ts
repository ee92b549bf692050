import type { ExchangeClient } from '../../lib/core/client/exchange-client';

/**
 * One order's trades as the exchange lists them to its owner, summed (raw units): the net
 * contracts the position moved by, the collateral paid or received, and the fee.
 */
export async function orderTrades(client: ExchangeClient, orderId: string) {
  const trades = (await client.getTrades({ limit: 100 })).data.filter((t) => t.orderId === orderId);
  const sum = (pick: (t: (typeof trades)[number]) => string) =>
    trades.reduce((total, t) => total + BigInt(pick(t)), 0n);
  return {
    contracts: sum((t) => t.contracts),
    collateral: sum((t) => t.collateral),
    fee: sum((t) => t.fee),
  };
}
