import { privateKeyToAccount } from 'viem/accounts';
import {
  OrderPlacementResponse,
  OrderStatus,
  type OrderStatusBody,
  type OrderStatusValue,
  PlaceOrderBody,
} from '../../../lib/core/api/orders';
import type { SettlementStatus } from '../../../lib/core/api/user-orders';
import { type ClientErrorInfo, ExchangeError } from '../../../lib/core/client/errors';
import type { ExchangeClient } from '../../../lib/core/client/exchange-client';
import type { OrderContext, OrderMarket } from '../../../lib/core/orders/build';
import type { ListingArea } from '../../../lib/storage/area';
import * as ex from '../core/api/examples';

export const SLUG = 'will-it-rain-in-lisbon-tomorrow';
export const PRIVATE_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const PROFILE_ID = 7;
export const MARKET: OrderMarket = {
  slug: SLUG,
  tokens: { yes: ex.YES_TOKEN, no: ex.NO_TOKEN },
  venue: { exchange: ex.EXCHANGE },
};

/** Signs orders as the real background does: viem account, the market's venue, own profile. */
export function orderContext(): OrderContext {
  const signer = privateKeyToAccount(PRIVATE_KEY);
  return {
    exchangeName: 'Sandbox',
    market: MARKET,
    feeRateBps: 30,
    owner: { mode: 'own', profileId: PROFILE_ID, account: signer.address },
    signer,
  };
}

/** A value the exchange may add after this version: the desk must read it as UNRECOGNIZED. */
type Future = 'SETTLING' | 'EXPIRING';

/** What the market does with an accepted order. */
export interface Fill {
  settlementStatus: SettlementStatus | Future;
  /** Contracts and collateral filled right away. */
  contracts?: bigint;
  collateral?: bigint;
  reason?: string;
  eligibleAt?: string;
  /** Status a later `/orders/status/batch` reports. */
  status?: OrderStatusValue | Future;
}

export type Step =
  /** Handle the request and answer it (the default once the script is used up). */
  | { kind: 'answer' }
  /** Refuse before handling: nothing is placed. */
  | { kind: 'fail-before'; error: ClientErrorInfo }
  /** Handle the request (the order is placed), then the answer is lost or replaced. */
  | { kind: 'fail-after'; error: ClientErrorInfo }
  /** Handle the request, then never answer (the worker dies while waiting). */
  | { kind: 'hang-after' }
  /** Never handle nor answer. */
  | { kind: 'hang-before' }
  /** The caller gives up (`error`), but the request is still on its way: `deliverLate()` lands it. */
  | { kind: 'late'; error: ClientErrorInfo };

export interface Placed {
  id: string;
  clientOrderId: string;
  json: string;
  signature: string;
  fill: Fill;
  canceled: boolean;
  /** Status checks still to answer UNKNOWN ("being processed"). */
  hiddenFor: number;
}

const network = (message = 'connection reset'): ClientErrorInfo => ({
  kind: 'network',
  message,
  timedOut: false,
});
export const ERRORS = {
  server: { kind: 'server', status: 503, message: 'Service Unavailable' },
  network: network(),
  timeout: { kind: 'network', message: 'timed out', timedOut: true },
  rateLimited: { kind: 'rate-limited', retryAfterMs: 1000 },
  receiveWindow: { kind: 'receive-window', message: 'Order outside its receive window' },
  tradingMode: {
    kind: 'trading-mode',
    code: 'trading_disabled',
    mode: 'disabled',
    resumeAt: '2026-11-22T10:00:00.000Z',
    message: 'Trading is disabled',
  },
  validation: {
    kind: 'validation',
    source: 'server',
    issues: [{ field: 'order.makerAmount', message: 'makerAmount must be at least 100' }],
  },
  rejected: { kind: 'rejected', status: 400, message: 'Insufficient collateral balance' },
} as const satisfies Record<string, ClientErrorInfo>;

let ids = 0;
const uuid = () => {
  ids++;
  return `00000000-0000-4000-8000-${ids.toString(16).padStart(12, '0')}`;
};

/**
 * A scripted exchange with the real contract: an order is placed once per clientOrderId
 * (and per signed hash); a repeat is a 409; `/orders/status/batch` reports what was
 * placed and UNKNOWN for anything else; scripted faults fail before or after handling.
 */
export class FakeExchange {
  /** Every body `placeOrder` received, in order, whatever happened to it. */
  readonly received: string[] = [];
  readonly placed: Placed[] = [];
  readonly statusCalls: OrderStatusBody[] = [];
  readonly cancels: ({ orderId: string } | { clientOrderId: string })[] = [];
  readonly script: Step[] = [];
  readonly statusScript: (
    | { kind: 'answer' }
    | { kind: 'fail'; error: ClientErrorInfo }
    /** Never answers (the worker stops while asking). */
    | { kind: 'hang' }
  )[] = [];
  /** How the market answers an accepted order (default: a full fill at its limit). */
  fill: (body: ReturnType<typeof PlaceOrderBody.parse>) => Fill = (body) => fullFill(body);
  /** Looked at while `placeOrder` runs (e.g. what the journal holds at send time). */
  onPlace: ((json: string) => Promise<void> | void) | null = null;
  /** Runs once an order is placed, before its answer leaves (events that overtake it). */
  onPlaced: ((placed: Placed) => void) | null = null;
  /** The next placed order reads UNKNOWN for this many status checks. */
  hideNextFor = 0;

  client(): ExchangeClient {
    return this as unknown as ExchangeClient;
  }

  byClientOrderId(id: string): Placed | undefined {
    return this.placed.find((p) => p.clientOrderId === id);
  }

  /** Requests the caller gave up on that have not reached the exchange yet. */
  readonly inFlight: string[] = [];

  /** Lands every late request now, as the exchange would: first one wins, repeats are 409s. */
  deliverLate(): void {
    for (const json of this.inFlight.splice(0)) {
      try {
        this.handle(json);
      } catch {
        // A 409 nobody hears.
      }
    }
  }

  preparePlaceOrder(json: string): () => Promise<OrderPlacementResponse> {
    return () => this.placeOrder(json);
  }

  async placeOrder(json: string): Promise<OrderPlacementResponse> {
    this.received.push(json);
    await this.onPlace?.(json);
    const step = this.script.shift() ?? { kind: 'answer' };
    if (step.kind === 'fail-before') throw new ExchangeError(step.error);
    if (step.kind === 'hang-before') return new Promise(() => undefined);
    if (step.kind === 'late') {
      this.inFlight.push(json);
      throw new ExchangeError(step.error);
    }
    const { placed, body } = this.handle(json);
    if (step.kind === 'fail-after') throw new ExchangeError(step.error);
    if (step.kind === 'hang-after') return new Promise(() => undefined);
    return placementResponse(placed, body);
  }

  private handle(json: string): { placed: Placed; body: ParsedBody } {
    const body = PlaceOrderBody.parse(JSON.parse(json));
    const clientOrderId = body.clientOrderId ?? '';
    const signature = body.order.signature ?? '';
    if (this.byClientOrderId(clientOrderId)) {
      throw new ExchangeError({
        kind: 'conflict',
        message: `clientOrderId ${clientOrderId} has already been used by this profile`,
      });
    }
    if (this.placed.some((p) => p.signature === signature)) {
      throw new ExchangeError({ kind: 'conflict', message: 'same order hash' });
    }
    const placed: Placed = {
      id: uuid(),
      clientOrderId,
      json,
      signature,
      fill: this.fill(body),
      canceled: false,
      hiddenFor: this.hideNextFor,
    };
    this.hideNextFor = 0;
    this.placed.push(placed);
    this.onPlaced?.(placed);
    return { placed, body };
  }

  async orderStatuses(ids: OrderStatusBody): Promise<OrderStatus[]> {
    this.statusCalls.push(ids);
    const step = this.statusScript.shift() ?? { kind: 'answer' };
    if (step.kind === 'fail') throw new ExchangeError(step.error);
    if (step.kind === 'hang') return new Promise(() => undefined);
    return (ids.clientOrderIds ?? []).map((cid): OrderStatus => {
      const p = this.byClientOrderId(cid);
      if (p && p.hiddenFor === 0) return statusOf(p);
      if (p) p.hiddenFor--;
      return {
        orderId: null,
        clientOrderId: cid,
        status: 'UNKNOWN',
        settlementStatus: null,
        remainingSize: null,
        filledSize: '0',
      };
    });
  }

  async cancelOrder(id: { orderId: string } | { clientOrderId: string }) {
    this.cancels.push(id);
    const p =
      'orderId' in id
        ? this.placed.find((o) => o.id === id.orderId)
        : this.byClientOrderId(id.clientOrderId);
    if (!p) throw new ExchangeError({ kind: 'not-found', message: 'Order not found' });
    const open = p.fill.settlementStatus === 'DELAYED' || p.fill.status === 'OPEN';
    if (p.canceled || !open) {
      throw new ExchangeError({
        kind: 'rejected',
        status: 400,
        message: 'Order not found or already canceled',
      });
    }
    p.canceled = true;
    return {
      message:
        p.fill.settlementStatus === 'DELAYED'
          ? ('Delayed order canceled successfully' as const)
          : ('Order canceled successfully' as const),
    };
  }

  async getOrderMarket(): Promise<OrderMarket> {
    return MARKET;
  }
}

type ParsedBody = ReturnType<typeof PlaceOrderBody.parse>;

/** Contracts and collateral an order asks for (FOK BUY: the spend buys `spend / 0.5` here). */
export function asked(body: ParsedBody): { contracts: bigint; collateral: bigint } {
  const { order } = body;
  if (body.orderType === 'FOK') {
    return order.side === 0
      ? { contracts: order.makerAmount * 2n, collateral: order.makerAmount }
      : { contracts: order.makerAmount, collateral: order.makerAmount / 2n };
  }
  return order.side === 0
    ? { contracts: order.takerAmount, collateral: order.makerAmount }
    : { contracts: order.makerAmount, collateral: order.takerAmount };
}

export const fullFill = (body: ParsedBody): Fill => ({
  settlementStatus: 'MATCHED',
  ...asked(body),
  status: 'FILLED',
});

function statusOf(p: Placed): OrderStatus {
  const body = PlaceOrderBody.parse(JSON.parse(p.json));
  const fokBuy = body.orderType === 'FOK' && body.order.side === 0;
  const filled = fokBuy ? (p.fill.collateral ?? 0n) : (p.fill.contracts ?? 0n);
  const size = fokBuy ? body.order.makerAmount : asked(body).contracts;
  const status: OrderStatusValue | Future = p.canceled
    ? filled > 0n
      ? 'PARTIALLY_FILLED'
      : 'CANCELED'
    : (p.fill.status ??
      (p.fill.settlementStatus === 'DELAYED'
        ? 'DELAYED'
        : p.fill.settlementStatus === 'UNMATCHED'
          ? 'OPEN'
          : 'FILLED'));
  // Parsed as the client parses the wire: a future value reads as UNRECOGNIZED.
  return OrderStatus.parse({
    orderId: p.id,
    clientOrderId: p.clientOrderId,
    status,
    settlementStatus: p.fill.settlementStatus,
    remainingSize: status === 'OPEN' || status === 'DELAYED' ? (size - filled).toString() : '0',
    filledSize: filled.toString(),
  });
}

function placementResponse(p: Placed, body: ParsedBody): OrderPlacementResponse {
  const template = ex.placementResponse();
  const { fill } = p;
  const contracts = fill.contracts ?? 0n;
  const collateral = fill.collateral ?? 0n;
  const matched = contracts > 0n;
  return OrderPlacementResponse.parse({
    ...template,
    order: {
      ...template.order,
      id: p.id,
      salt: body.order.salt.toString(),
      orderType: body.orderType,
      side: body.order.side,
      tokenId: body.order.tokenId,
      signature: p.signature,
      price: body.order.price ?? null,
    },
    execution: {
      matched,
      settlementStatus: fill.settlementStatus,
      ...(fill.reason ? { reason: fill.reason } : {}),
      ...(fill.eligibleAt ? { eligibleAt: fill.eligibleAt } : {}),
      ...(matched ? { tradeEventId: `te-${p.id}` } : {}),
      clientOrderId: p.clientOrderId,
      feeRateBps: 30,
      effectiveFeeBps: 30,
      totalsRaw: {
        contractsGross: contracts.toString(),
        contractsFee: '0',
        contractsNet: contracts.toString(),
        usdGross: collateral.toString(),
        usdFee: '0',
        usdNet: collateral.toString(),
      },
    },
    makerMatches: matched ? template.makerMatches : [],
  });
}

/** A `storage.session` stand-in kept in memory; survives a "worker restart" if reused. */
export function memoryArea(): ListingArea & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    entries: async (prefix) =>
      [...data].filter(([key]) => key.startsWith(prefix)).map(([k, v]) => [k, structuredClone(v)]),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    remove: async (key) => {
      data.delete(key);
    },
  };
}
