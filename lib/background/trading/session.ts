import type { ExchangeProfile } from '../../core/api/exchange';
import type { Outcome } from '../../core/api/primitives';
import type { ServerClock } from '../../core/client/clock';
import { ExchangeError } from '../../core/client/errors';
import { type ActAs, ExchangeClient } from '../../core/client/exchange-client';
import { RequestSigner } from '../../core/client/hmac';
import type { TransportOptions } from '../../core/client/http';
import type { AmountIntent } from '../../core/orders/amounts';
import {
  type OrderContext,
  stockOrderSignature,
  type TypedDataSigner,
} from '../../core/orders/build';
import { localOrderSigner } from '../../core/orders/fast-typed-data';
import type { OwnerContext } from '../../core/orders/rules';
import { SignatureStock } from '../../core/orders/signature-stock';
import type { VaultSecrets } from '../../protocol/secrets';
import { type AccountInfo, activeSubAccount } from '../account/account';

export type TransportTweaks = Pick<
  TransportOptions,
  'fetch' | 'onAttempt' | 'onRefused' | 'timeoutMs' | 'retry'
>;

/** A public client: feed (all, featured), markets, order books, maintenance. */
export function publicClient(
  exchange: ExchangeProfile,
  clock: ServerClock,
  tweaks: TransportTweaks = {},
): ExchangeClient {
  return new ExchangeClient({ baseUrl: exchange.apiUrl, clock, ...tweaks });
}

/**
 * Everything that exists only while the vault is unlocked: the signed client and the
 * order signer. Built from the secrets once per unlock; dropped on lock.
 */
export class TradingSession {
  /** Orders signed ahead with this session's key; dropped with it on lock. */
  private readonly signatures = new SignatureStock();

  private constructor(
    readonly client: ExchangeClient,
    private readonly signer: TypedDataSigner | null,
    private readonly account: AccountInfo,
  ) {}

  static async open(
    secrets: VaultSecrets,
    account: AccountInfo,
    clock: ServerClock,
    tweaks: TransportTweaks = {},
  ): Promise<TradingSession> {
    const requestSigner = await RequestSigner.create(
      secrets.apiToken.tokenId,
      secrets.apiToken.secret,
    );
    const client = new ExchangeClient({
      baseUrl: account.exchange.apiUrl,
      signer: requestSigner,
      clock,
      ...tweaks,
    });
    const signer =
      secrets.signing.kind === 'eoa'
        ? localOrderSigner(secrets.signing.privateKey as `0x${string}`)
        : null;
    return new TradingSession(client, signer, account);
  }

  get info(): AccountInfo {
    return this.account;
  }

  actAs(): ActAs {
    const sub = activeSubAccount(this.account);
    return sub ? { onBehalfOf: sub.id } : {};
  }

  owner(): OwnerContext {
    const { profile } = this.account;
    if (this.account.signingKind === 'eoa')
      return { mode: 'own', profileId: profile.id, account: profile.account };
    const sub = activeSubAccount(this.account);
    if (!sub) {
      throw new ExchangeError({
        kind: 'unavailable',
        message: 'Choose the sub-account to trade for in the options page.',
      });
    }
    return { mode: 'delegated', subAccountId: sub.id, wallet: sub.account };
  }

  /** The profile's taker fee rate, the one its orders carry on fee-bearing markets. */
  get feeRateBps(): number {
    return this.account.profile.rank.feeRateBps;
  }

  async orderContext(marketSlug: string): Promise<OrderContext> {
    const market = await this.client.getOrderMarket(marketSlug);
    const owner = this.owner();
    if (owner.mode === 'own' && this.account.profile.tradeWalletOption === 'smart_wallet') {
      throw new ExchangeError({
        kind: 'unavailable',
        message:
          'This profile trades through a smart wallet: self-signed orders need EOA mode. Switch the profile to EOA trading on the exchange.',
      });
    }
    return {
      exchangeName: this.account.exchange.name,
      market,
      feeRateBps: this.account.profile.rank.feeRateBps,
      owner,
      ...(this.signer ? { signer: this.signer, signatures: this.signatures } : {}),
    };
  }

  /**
   * Signs these orders of a market ahead (a panel's preset buys, as it opens), one per
   * task so a click meanwhile waits for one signature at most. Best effort: whatever
   * cannot be stocked is signed at its press.
   */
  async stockOrders(
    marketSlug: string,
    orders: { outcome: Outcome; amounts: AmountIntent }[],
  ): Promise<void> {
    if (!this.signer) return;
    let ctx: OrderContext;
    try {
      ctx = await this.orderContext(marketSlug);
    } catch {
      return;
    }
    for (const order of orders) {
      await nextTask();
      await stockOrderSignature(order, ctx);
    }
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
