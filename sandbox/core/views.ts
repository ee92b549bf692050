import type { OrderEventInput } from '../../lib/core/api/events';
import type { Orderbook } from '../../lib/core/api/markets';
import type { MakerMatch, OrderStatus, UserOrder } from '../../lib/core/api/orders';
import type { SandboxOrder } from '../../lib/core/api/sandbox';
import { formatScaled } from '../../lib/core/orders/units';
import type { OrderBook } from '../engine/book';
import type { SandboxProfile } from './accounts';
import type { SandboxMarket } from './markets';
import type { OrderRecord } from './orders';

export const millisToNumber = (millis: bigint): number => Number(formatScaled(millis, 3));
export const millisToString = (millis: bigint): string => formatScaled(millis, 3);

export function orderbookView(market: SandboxMarket, book: OrderBook | undefined): Orderbook {
  const levels = book?.levels() ?? { bids: [], asks: [] };
  const mid = book?.midpoint() ?? null;
  return {
    tokenId: market.tokens?.yes ?? '0',
    bids: levels.bids.map((l) => ({
      price: millisToNumber(l.priceMillis),
      size: l.size.toString(),
    })),
    asks: levels.asks.map((l) => ({
      price: millisToNumber(l.priceMillis),
      size: l.size.toString(),
    })),
    adjustedMidpoint: mid === null ? null : millisToNumber(mid),
    minSize: '100',
  };
}

/** The owner profile as embedded in orders and maker matches. */
export function ownerView(p: SandboxProfile) {
  return {
    id: p.profileId,
    account: p.account,
    client: null,
    tradeWalletOption: p.tradeWalletOption,
    smartWallet: p.smartWallet,
    username: p.username,
    displayName: p.displayName,
    pfpUrl: null,
    socialUrl: null,
    rankName: p.rankName,
    points: 0,
    referredUsersCount: 0,
    isTop100: false,
    leaderboardPosition: null,
  };
}

export function marketRefView(m: SandboxMarket) {
  return {
    id: m.id,
    slug: m.slug,
    title: m.title,
    status: m.status,
    yesPositionId: m.tokens?.yes ?? '',
    noPositionId: m.tokens?.no ?? '',
    group: m.group ? { id: m.group.id, slug: m.group.slug, title: m.group.title } : null,
  };
}

export function placedOrderView(o: OrderRecord, market: SandboxMarket, owner: SandboxProfile) {
  return {
    id: o.id,
    salt: o.salt.toString(),
    maker: o.maker,
    signer: o.signer,
    tokenId: o.tokenId,
    signatureType: o.signatureType,
    signature: o.signature,
    orderType: o.orderType,
    side: o.side,
    marketId: String(market.id),
    ownerId: owner.profileId,
    createdAt: new Date(o.createdAt).toISOString(),
    market: marketRefView(market),
    makerAmount: o.makerAmount.toString(),
    takerAmount: o.takerAmount.toString(),
    nonce: '0',
    owner: ownerView(owner),
    taker: o.taker,
    expiration: null,
    feeRateBps: o.feeRateBps,
    price: o.price,
  };
}

export function makerMatchView(
  id: string,
  maker: OrderRecord,
  makerOwner: SandboxProfile,
  matchedSize: bigint,
  takerPriceMillis: bigint,
  fillCost: bigint,
): MakerMatch {
  const o = ownerView(makerOwner);
  return {
    id,
    matchedSize: matchedSize.toString(),
    fillPrice: millisToString(takerPriceMillis),
    fillCost: fillCost.toString(),
    orderId: maker.id,
    order: {
      id: maker.id,
      maker: maker.maker,
      price: maker.priceMillis === null ? '0' : millisToString(maker.priceMillis),
      side: maker.side,
      tokenId: maker.tokenId,
      owner: {
        id: o.id,
        account: o.account,
        client: o.client,
        tradeWalletOption: o.tradeWalletOption,
        smartWallet: o.smartWallet,
        username: o.username,
        displayName: o.displayName,
        pfpUrl: o.pfpUrl,
        socialUrl: o.socialUrl,
        points: o.points,
        referredUsersCount: o.referredUsersCount,
      },
    },
  };
}

export function userOrderView(o: OrderRecord): UserOrder {
  return {
    id: o.id,
    clientOrderId: o.clientOrderId,
    side: o.side,
    tokenId: o.tokenId,
    price: o.price,
    originalSize: o.size.toString(),
    remainingSize: o.remaining.toString(),
    orderType: o.orderType,
    postOnly: o.postOnly,
    settlementStatus: o.settlementStatus ?? 'UNMATCHED',
    eligibleAt: o.eligibleAt === null ? null : new Date(o.eligibleAt).toISOString(),
    createdAt: new Date(o.createdAt).toISOString(),
  };
}

export function orderStatusView(o: OrderRecord): OrderStatus {
  const filled = o.consumed > 0n;
  let status: OrderStatus['status'];
  switch (o.state) {
    case 'DELAYED':
      status = 'DELAYED';
      break;
    case 'OPEN':
      status = filled ? 'PARTIALLY_FILLED' : 'OPEN';
      break;
    case 'FILLED':
      status = 'FILLED';
      break;
    default:
      status = filled ? 'PARTIALLY_FILLED' : 'CANCELED';
  }
  return {
    orderId: o.id,
    clientOrderId: o.clientOrderId,
    status,
    settlementStatus: o.settlementStatus,
    remainingSize: o.state === 'OPEN' || o.state === 'DELAYED' ? o.remaining.toString() : '0',
    filledSize: o.consumed.toString(),
  };
}

export function sandboxOrderView(o: OrderRecord): SandboxOrder {
  return {
    id: o.id,
    clientOrderId: o.clientOrderId,
    ownerId: o.ownerId,
    callerProfileId: o.callerProfileId,
    marketSlug: o.marketSlug,
    orderType: o.orderType,
    side: o.side,
    tokenId: o.tokenId,
    price: o.price,
    makerAmount: o.makerAmount.toString(),
    takerAmount: o.takerAmount.toString(),
    signature: o.signature,
    signatureValid: o.signatureValid,
    delegated: o.delegated,
    postOnly: o.postOnly,
    status: o.state,
    settlementStatus: o.settlementStatus,
    reason: o.reason,
    originalSize: o.size.toString(),
    remainingSize: o.remaining.toString(),
    filledSize: o.consumed.toString(),
    createdAt: new Date(o.createdAt).toISOString(),
  };
}

export function omeEvent(
  o: OrderRecord,
  type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION' | 'EXECUTION',
  at: string,
  eventId: string,
  extra: { status?: 'FILLED' | 'PARTIALLY_FILLED' | 'KILLED'; reason?: string | null } = {},
): OrderEventInput {
  return {
    source: 'OME',
    type,
    ...(extra.status ? { status: extra.status } : {}),
    eventId,
    orderId: o.id,
    clientOrderId: o.clientOrderId,
    marketSlug: o.marketSlug,
    tokenId: o.tokenId,
    side: o.side,
    price: o.price,
    remainingSize: o.remaining.toString(),
    reason: extra.reason ?? null,
    occurredAt: at,
  };
}
