import type { KnownSettlementStatus } from '../../lib/core/api/orders';
import type { EngineOrderType, Outcome, Side, StpPolicy } from '../engine/types';

export type OrderState = 'DELAYED' | 'OPEN' | 'FILLED' | 'CANCELED' | 'KILLED' | 'REJECTED';

/** Everything the sandbox remembers of an order it received. */
export interface OrderRecord {
  id: string;
  clientOrderId: string | null;
  /** The owning profile (after `onBehalfOf`/delegation); null if refused before that was known. */
  ownerId: number | null;
  callerProfileId: number;
  marketSlug: string;
  marketId: number | null;
  orderType: EngineOrderType;
  side: Side;
  outcome: Outcome | null;
  tokenId: string;
  priceMillis: bigint | null;
  price: number | null;
  makerAmount: bigint;
  takerAmount: bigint;
  salt: bigint;
  maker: string;
  signer: string;
  taker: string;
  signature: string | null;
  signatureType: number | null;
  signatureValid: boolean | null;
  delegated: boolean;
  feeRateBps: number;
  postOnly: boolean;
  stpPolicy: StpPolicy;
  orderHash: string | null;
  /** Contracts; for a FOK BUY, collateral (what it spends). */
  size: bigint;
  remaining: bigint;
  /** Contracts filled so far (gross). */
  filledContracts: bigint;
  /** Size units consumed (contracts, or budget spent for a FOK BUY). */
  consumed: bigint;
  state: OrderState;
  settlementStatus: KnownSettlementStatus | null;
  reason: string | null;
  eligibleAt: number | null;
  createdAt: number;
  /** Asset and amount still reserved for this order. */
  reservedAsset: string | null;
  reservedAmount: bigint;
  /** Collateral this order has paid so far (BUY). */
  collateralSpent: bigint;
  tradeEventIds: string[];
}

/** Orders by id, by owner-scoped client id, and the signed hashes already used. */
export class OrderStore {
  private byId = new Map<string, OrderRecord>();
  private byClientId = new Map<string, string>();
  private hashes = new Set<string>();
  private received: OrderRecord[] = [];

  reset(): void {
    this.byId = new Map();
    this.byClientId = new Map();
    this.hashes = new Set();
    this.received = [];
  }

  private clientKey(ownerId: number, clientOrderId: string) {
    return `${ownerId}\u0000${clientOrderId}`;
  }

  /** Records an order the sandbox refused (inspection only; it consumes nothing). */
  recordRejected(order: OrderRecord): void {
    this.received.push(order);
  }

  /** Records an accepted order: its client id and signed hash are now taken. */
  accept(order: OrderRecord): void {
    this.received.push(order);
    this.byId.set(order.id, order);
    if (order.clientOrderId !== null && order.ownerId !== null) {
      this.byClientId.set(this.clientKey(order.ownerId, order.clientOrderId), order.id);
    }
    if (order.orderHash) this.hashes.add(order.orderHash.toLowerCase());
  }

  get(id: string): OrderRecord | undefined {
    return this.byId.get(id);
  }

  byClientOrderId(ownerId: number, clientOrderId: string): OrderRecord | undefined {
    const id = this.byClientId.get(this.clientKey(ownerId, clientOrderId));
    return id ? this.byId.get(id) : undefined;
  }

  clientIdTaken(ownerId: number, clientOrderId: string): boolean {
    return this.byClientId.has(this.clientKey(ownerId, clientOrderId));
  }

  hashTaken(hash: string): boolean {
    return this.hashes.has(hash.toLowerCase());
  }

  all(): OrderRecord[] {
    return [...this.received];
  }

  accepted(): OrderRecord[] {
    return [...this.byId.values()];
  }

  openOf(ownerId: number, marketSlug?: string): OrderRecord[] {
    return this.accepted().filter(
      (o) =>
        o.ownerId === ownerId &&
        (o.state === 'OPEN' || o.state === 'DELAYED') &&
        (marketSlug === undefined || o.marketSlug === marketSlug),
    );
  }
}
