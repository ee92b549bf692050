import { privateKeyToAccount } from 'viem/accounts';
import { buildOrderRequest } from '../../../lib/core/orders/build';
import type { RunningSandbox } from '../../../sandbox/index';
import type { SandboxAdmin } from './sandbox-admin';

/**
 * A resting GTC buy of YES for a demo account, signed with its key and placed through the
 * sandbox's core: an open order as another app would leave it, for builds that have no
 * way in to the extension's desk (the store build Firefox runs). Returns the order id.
 */
export async function placeRestingOrderAtSandbox(
  sandbox: RunningSandbox,
  admin: SandboxAdmin,
  order: { label: string; slug: string; price: string; contracts: bigint },
): Promise<string> {
  const account = await admin.account(order.label);
  const market = sandbox.core.markets.bySlug(order.slug);
  if (!market?.tokens || !market.venue || !account.privateKey) {
    throw new Error(`no tradable market ${order.slug} or no key for ${order.label}`);
  }
  const built = await buildOrderRequest(
    {
      amounts: { orderType: 'GTC', side: 'BUY', price: order.price, contracts: order.contracts },
      outcome: 'YES',
      clientOrderId: `e2e-resting-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    },
    {
      exchangeName: sandbox.core.exchangeName,
      market: { slug: market.slug, tokens: market.tokens, venue: market.venue },
      feeRateBps: account.feeRateBps ?? 0,
      owner: { mode: 'own', profileId: account.profileId, account: account.account },
      signer: privateKeyToAccount(account.privateKey as `0x${string}`),
    },
  );
  const result = await sandbox.core.placeOrder({
    callerProfileId: account.profileId,
    scopes: ['trading'],
    body: JSON.parse(built.json),
  });
  if (result.status !== 200) {
    throw new Error(`the sandbox refused the resting order: ${JSON.stringify(result.body)}`);
  }
  return (result.body as { order: { id: string } }).order.id;
}

/** Cancels an open order at the sandbox, as the owner would from another app. */
export function cancelAtSandbox(sandbox: RunningSandbox, orderId: string): void {
  const order = sandbox.core.orders.get(orderId);
  if (!order || sandbox.core.cancel(order) === null) {
    throw new Error(`the sandbox could not cancel order ${orderId}`);
  }
}
