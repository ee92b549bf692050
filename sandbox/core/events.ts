import { EventEmitter } from 'node:events';
import type {
  NewPriceDataEvent,
  OrderEventInput,
  PositionsEvent,
  TxEvent,
} from '../../lib/core/api/events';
import type { Orderbook } from '../../lib/core/api/markets';
import type { Outcome, Side } from '../engine/types';
import type { CloseInfo } from './ledger';

/** One party of a fill. `close` is set when this party sold (what the sale realised). */
export interface FillParty {
  profileId: number;
  orderId: string;
  clientOrderId: string | null;
  side: Side;
  outcome: Outcome;
  tokenId: string;
  /** Own-terms price, thousandths. */
  priceMillis: bigint;
  /** Tokens received (net of fee) or given. */
  contracts: bigint;
  /** Collateral paid, or received net of fee. */
  collateral: bigint;
  fee: bigint;
  close: CloseInfo | null;
}

/** Every maker/taker match, as it happens (the feed and bots build on these). */
export interface FillEvent {
  id: string;
  tradeEventId: string;
  marketSlug: string;
  marketId: number;
  kind: 'transfer' | 'mint' | 'merge';
  /** Contracts matched (gross). */
  contracts: bigint;
  /** The fill price in YES terms, thousandths. */
  yesPriceMillis: bigint;
  taker: FillParty;
  maker: FillParty;
  at: string;
}

export interface CoreEvents {
  fill: [FillEvent];
  orderbook: [{ marketSlug: string; orderbook: Orderbook; timestamp: string }];
  /** An AMM market's pool price moved (`newPriceData` on the socket). */
  ammPrice: [NewPriceDataEvent];
  /** `profileId` is the order's owner; the socket layer also serves the owner's partner. */
  orderEvent: [{ profileId: number; event: OrderEventInput }];
  positions: [{ profileId: number; event: PositionsEvent }];
  tx: [{ profileId: number; event: TxEvent }];
  marketResolved: [{ marketSlug: string; winningOutcomeIndex: number; resolvedAt: string }];
  /** The sandbox went back to its seeded state. */
  reset: [];
}

/** A Node EventEmitter typed with `CoreEvents`. */
export class CoreEmitter extends EventEmitter<CoreEvents> {}
