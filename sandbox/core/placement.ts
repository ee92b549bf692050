import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type ParsedPlaceOrderBody, PlaceOrderBody } from '../../lib/core/api/orders';
import { placeOrderIssues } from '../../lib/core/orders/rules';
import {
  hashOrder,
  type OrderStruct,
  orderDomain,
  orderTypedData,
  recoverOrderSigner,
} from '../../lib/core/orders/typed-data';
import { priceToMillis } from '../../lib/core/orders/units';
import { totalsToWire, ZERO_TOTALS } from '../engine/fees';
import type { SandboxProfile, Scope } from './accounts';
import { newId } from './ids';
import type { SandboxMarket } from './markets';
import type { OrderRecord } from './orders';
import {
  type ApiResult,
  fail,
  ok,
  tradingModeFailure,
  validationFailure,
  zodIssues,
} from './results';
import type { PlacementCore } from './surface';
import { placedOrderView } from './views';

export interface PlaceOrderRequest {
  /** The authenticated profile (the token's owner, or a bot). */
  callerProfileId: number;
  scopes: readonly Scope[];
  /** The parsed JSON body, unvalidated. */
  body: unknown;
  /** Sandbox-clock time the request arrived (receive window); now when omitted. */
  receivedAt?: number;
}

export const OWNER_MISMATCH = 'Profile ID does not match the order owner';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function structOf(order: ParsedPlaceOrderBody['order']): OrderStruct {
  return {
    salt: order.salt,
    maker: order.maker as Address,
    signer: order.signer as Address,
    taker: order.taker as Address,
    tokenId: BigInt(order.tokenId),
    makerAmount: order.makerAmount,
    takerAmount: order.takerAmount,
    expiration: order.expiration ?? 0n,
    nonce: order.nonce,
    feeRateBps: BigInt(order.feeRateBps),
    side: order.side,
    signatureType: order.signatureType ?? 0,
  };
}

/**
 * `POST /orders` from the parsed JSON body to the answer: scope, structure, rules 1–12,
 * signature, owner, fee, balances, then the engine (or the taker-delay hold). The HTTP
 * route and the bots both come through here.
 */
export async function placeOrder(core: PlacementCore, req: PlaceOrderRequest): Promise<ApiResult> {
  const receivedAt = req.receivedAt ?? core.clock.now();
  const caller = core.accounts.byId(req.callerProfileId);
  if (!caller) return fail(401, 'Unknown profile');
  if (!req.scopes.includes('trading')) {
    return fail(403, 'This API token lacks the trading scope');
  }
  const parsed = PlaceOrderBody.safeParse(req.body);
  if (!parsed.success) return validationFailure(zodIssues(parsed.error));
  const body = parsed.data;
  const { order } = body;
  const unsigned = order.signature === undefined && order.signatureType === undefined;

  // Who the order is for (rule 8, partner side).
  let owner: SandboxProfile = caller;
  if (body.onBehalfOf !== undefined) {
    const target = core.accounts.byId(body.onBehalfOf);
    if (!target || !core.accounts.isPartnerOf(caller.profileId, body.onBehalfOf)) {
      return fail(403, `Profile ${body.onBehalfOf} is not a sub-account of this partner`);
    }
    if (unsigned && !req.scopes.includes('delegated_signing')) {
      return fail(403, 'Delegated signing needs a token with the delegated_signing scope');
    }
    owner = target;
  }
  const delegated = unsigned && body.onBehalfOf !== undefined;
  const issues = placeOrderIssues(body, delegated);
  if (issues.length > 0) return validationFailure(issues);

  const market = core.markets.bySlug(body.marketSlug);
  if (!market) return fail(400, `Market ${body.marketSlug} not found`);
  if (market.tradeType !== 'clob' || !market.tokens || !market.venue) {
    return fail(400, `Market ${market.slug} is an AMM market: it takes no CLOB orders`);
  }
  const outcome =
    order.tokenId === market.tokens.yes ? 'YES' : order.tokenId === market.tokens.no ? 'NO' : null;
  if (!outcome) {
    return fail(400, `tokenId ${order.tokenId} is not a token of market ${market.slug}`);
  }

  // Delegated: the server names the sub-account's server wallet and signs for it.
  let struct = structOf(order);
  let signature: Hex | null = (order.signature as Hex | undefined) ?? null;
  const domain = orderDomain(core.exchangeName, market.venue.exchange);
  let signatureValid: boolean | null = null;
  if (delegated) {
    const wallet = privateKeyToAccount(owner.privateKey);
    struct = { ...struct, maker: wallet.address, signer: wallet.address, signatureType: 0 };
    signature = await wallet.signTypedData(orderTypedData(domain, struct));
    signatureValid = true;
  } else if (signature) {
    try {
      const recovered = await recoverOrderSigner(domain, struct, signature);
      signatureValid = same(recovered, struct.signer) && same(struct.signer, struct.maker);
    } catch {
      signatureValid = false;
    }
  }
  const orderHash = hashOrder(domain, struct);

  const priceMillis = order.price === undefined ? null : priceToMillis(order.price);
  const side = order.side === 0 ? 'BUY' : 'SELL';
  const fokBuy = body.orderType === 'FOK' && side === 'BUY';
  const contracts = side === 'BUY' ? order.takerAmount : order.makerAmount;
  const size = fokBuy ? order.makerAmount : contracts;
  const clientOrderId = body.clientOrderId?.trim() ?? null;
  const record: OrderRecord = {
    id: newId(),
    clientOrderId,
    ownerId: owner.profileId,
    callerProfileId: caller.profileId,
    marketSlug: market.slug,
    marketId: market.id,
    orderType: body.orderType,
    side,
    outcome,
    tokenId: order.tokenId,
    priceMillis,
    price: order.price ?? null,
    makerAmount: order.makerAmount,
    takerAmount: order.takerAmount,
    salt: order.salt,
    maker: struct.maker,
    signer: struct.signer,
    taker: struct.taker,
    signature,
    signatureType: delegated ? 0 : (order.signatureType ?? null),
    signatureValid,
    delegated,
    feeRateBps: order.feeRateBps,
    postOnly: body.postOnly ?? false,
    stpPolicy: body.stpPolicy ?? 'cancel_maker',
    orderHash,
    size,
    remaining: size,
    filledContracts: 0n,
    consumed: 0n,
    state: 'REJECTED',
    settlementStatus: null,
    reason: null,
    eligibleAt: null,
    createdAt: receivedAt,
    reservedAsset: null,
    reservedAmount: 0n,
    collateralSpent: 0n,
    tradeEventIds: [],
  };
  const reject = (result: ApiResult): ApiResult => {
    const b = result.body as { message?: unknown };
    record.reason =
      typeof b.message === 'string' ? b.message : `${result.status} ${JSON.stringify(b.message)}`;
    core.orders.recordRejected(record);
    return result;
  };

  // From here on nothing awaits: checks and booking happen atomically.
  if (clientOrderId !== null && core.orders.clientIdTaken(owner.profileId, clientOrderId)) {
    return reject(
      fail(409, `clientOrderId ${clientOrderId} has already been used by this profile`),
    );
  }
  if (core.orders.hashTaken(orderHash)) {
    return reject(fail(409, 'This signed order has already been submitted (same order hash)'));
  }

  const { mode, resumeAt } = core.tradingMode;
  if (mode === 'cancel_only' || mode === 'disabled')
    return reject(tradingModeFailure(mode, resumeAt));
  if (mode === 'post_only' && body.postOnly !== true) {
    return reject(tradingModeFailure('post_only', resumeAt));
  }

  const now = core.clock.now();
  const window = body.recvWindow ?? 0;
  if (window > 0) {
    const effective = body.timestamp ?? receivedAt;
    const age = now - effective;
    if (age > window) {
      return reject(
        fail(
          425,
          `Order outside its receive window: it is ${age} ms old, the window is ${window} ms; sign a fresh order`,
        ),
      );
    }
  }

  const marketProblem = marketStateProblem(core, market, now);
  if (marketProblem) return reject(fail(400, marketProblem));

  if (!delegated) {
    if (
      body.onBehalfOf !== undefined
        ? body.ownerId !== body.onBehalfOf
        : body.ownerId !== caller.profileId
    ) {
      return reject(fail(400, OWNER_MISMATCH));
    }
    if (owner.tradeWalletOption === 'smart_wallet') {
      return reject(
        fail(
          400,
          'Signer mismatch: this profile trades through its smart wallet; self-signed API orders need the EOA trading mode',
        ),
      );
    }
    if (!same(order.maker, owner.account) || !same(order.signer, owner.account)) {
      return reject(
        fail(400, `Order maker and signer must be the owner's account ${owner.account}`),
      );
    }
    if (!signatureValid) {
      return reject(fail(400, 'Invalid order signature: it does not recover to the order signer'));
    }
  }

  const feeOk =
    order.feeRateBps === owner.feeRateBps || (order.feeRateBps === 0 && !market.feesEnabled);
  if (!feeOk) {
    return reject(
      fail(
        400,
        `feeRateBps must be ${owner.feeRateBps} (the profile's rank fee rate)${market.feesEnabled ? '' : ' or 0 on this zero-fee market'}`,
      ),
    );
  }

  const allowance = allowanceProblem(core, owner, market, side);
  if (allowance) return reject(fail(400, allowance));
  const shortfall = core.fundingShortfall(record);
  if (shortfall) return reject(fail(400, shortfall));

  if (core.takerDelay.mustDelay(record, market)) {
    core.takerDelay.hold(record, market);
    return ok({
      order: placedOrderView(record, market, owner),
      execution: {
        matched: false,
        settlementStatus: 'DELAYED',
        eligibleAt: new Date(record.eligibleAt ?? now).toISOString(),
        ...(clientOrderId !== null ? { clientOrderId } : {}),
        feeRateBps: record.feeRateBps,
        effectiveFeeBps: market.feesEnabled ? record.feeRateBps : 0,
        totalsRaw: totalsToWire(ZERO_TOTALS),
      },
      makerMatches: [],
    });
  }

  const report = core.executeNew(record, market);
  if ('rejected' in report) return reject(fail(400, report.rejected));
  const matched = report.tradeEventId !== null;
  return ok({
    order: placedOrderView(record, market, owner),
    execution: {
      matched,
      settlementStatus: record.settlementStatus ?? 'UNMATCHED',
      // A cancel_maker taker that ends UNMATCHED carries no reason (spec: States).
      ...(record.reason && (record.state === 'CANCELED' || (record.state === 'KILLED' && matched))
        ? { reason: record.reason }
        : {}),
      ...(report.tradeEventId ? { tradeEventId: report.tradeEventId } : {}),
      ...(clientOrderId !== null ? { clientOrderId } : {}),
      ...(report.stpMakerCancels.length > 0 ? { stpMakerCancels: report.stpMakerCancels } : {}),
      feeRateBps: record.feeRateBps,
      effectiveFeeBps: market.feesEnabled ? record.feeRateBps : 0,
      totalsRaw: totalsToWire(report.totals),
    },
    makerMatches: report.makerMatches,
  });
}

/** Why a market takes no orders now (resolved, expired, not funded), or null. */
export function marketStateProblem(core: PlacementCore, market: SandboxMarket, now: number) {
  if (market.status === 'RESOLVED') return `Market ${market.slug} is resolved: it takes no orders`;
  if (market.status !== 'FUNDED') return `Market ${market.slug} is not open for trading`;
  if (Date.parse(market.deadline) <= now) {
    return `Market ${market.slug} has expired: its deadline ${market.deadline} has passed`;
  }
  if (!core.book(market.slug)) return `Market ${market.slug} has no order book`;
  return null;
}

function allowanceProblem(
  core: PlacementCore,
  owner: SandboxProfile,
  market: SandboxMarket,
  side: 'BUY' | 'SELL',
): string | null {
  if (!market.venue) return null;
  const { exchange, adapter } = market.venue;
  if (side === 'BUY') {
    return core.ledger.isApproved(owner.profileId, 'collateral', exchange)
      ? null
      : `Insufficient allowance: approve the collateral token to venue.exchange ${exchange}`;
  }
  if (!core.ledger.isApproved(owner.profileId, 'conditional', exchange)) {
    return `Insufficient allowance: approve the conditional token to venue.exchange ${exchange}`;
  }
  if (market.negRisk && !core.ledger.isApproved(owner.profileId, 'conditional', adapter)) {
    return `Insufficient allowance: on a NegRisk market, also approve the conditional token to venue.adapter ${adapter}`;
  }
  return null;
}
