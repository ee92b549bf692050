import { privateKeyToAccount } from 'viem/accounts';
import { OrderPlacementResponse } from '../../lib/core/api/orders';
import type { AmountIntent } from '../../lib/core/orders/amounts';
import { buildOrderRequest } from '../../lib/core/orders/build';
import type { SandboxProfile } from '../core/accounts';
import type { SandboxCore } from '../core/core';
import type { SandboxMarket } from '../core/markets';
import type { Rng } from '../core/rng';

export interface BotOrder {
  amounts: AmountIntent;
  outcome: 'YES' | 'NO';
  postOnly?: boolean;
}

/** What a placement did for the bot's own bookkeeping: contracts bought or sold. */
export interface BotFill {
  accepted: boolean;
  contractsNet: bigint;
  contractsGross: bigint;
}

/**
 * One bot profile placing orders exactly as a client does: amounts and an EIP-712
 * signature from `lib/orders` with the profile's key, then `core.placeOrder` (the
 * `POST /orders` path). Salts come from the seeded generator, so a seed replays the
 * same signed orders.
 */
export class BotTrader {
  private count = 0;
  private readonly signer;

  constructor(
    private readonly core: SandboxCore,
    readonly profile: SandboxProfile,
    private readonly rng: Rng,
  ) {
    this.signer = privateKeyToAccount(profile.privateKey);
  }

  private salt(): bigint {
    return (BigInt(this.rng.int(0, 0x7fffffff)) << 32n) | BigInt(this.rng.int(0, 0xffffffff));
  }

  async place(market: SandboxMarket, order: BotOrder): Promise<BotFill> {
    const none = { accepted: false, contractsNet: 0n, contractsGross: 0n };
    if (!market.tokens || !market.venue) return none;
    const built = await buildOrderRequest(
      {
        amounts: order.amounts,
        outcome: order.outcome,
        clientOrderId: `bot-${this.profile.label}-${++this.count}`,
        salt: this.salt(),
        ...(order.postOnly ? { postOnly: true } : {}),
      },
      {
        exchangeName: this.core.exchangeName,
        market: { slug: market.slug, tokens: market.tokens, venue: market.venue },
        feeRateBps: this.profile.feeRateBps,
        owner: { mode: 'own', profileId: this.profile.profileId, account: this.profile.account },
        signer: this.signer,
      },
    );
    const result = await this.core.placeOrder({
      callerProfileId: this.profile.profileId,
      scopes: ['trading'],
      body: JSON.parse(built.json),
    });
    if (result.status !== 200) return none;
    const parsed = OrderPlacementResponse.safeParse(result.body);
    if (!parsed.success) return { ...none, accepted: true };
    const totals = parsed.data.execution.totalsRaw;
    return {
      accepted: true,
      contractsNet: BigInt(totals.contractsNet),
      contractsGross: BigInt(totals.contractsGross),
    };
  }

  /** Cancels every open order of this bot on a market. */
  cancelAll(slug: string): void {
    for (const o of this.core.orders.openOf(this.profile.profileId, slug)) this.core.cancel(o);
  }
}
