import type { Outcome, Side } from '../engine/types';

/** `collateral` or a token id (decimal string). */
export type Asset = string;
export const COLLATERAL: Asset = 'collateral';
/** The exchange's own account: fees, and the ≤ 1 raw unit of mint/merge rounding. */
export const HOUSE_PROFILE_ID = 0;

export interface BalanceDelta {
  profileId: number;
  asset: Asset;
  amount: bigint;
}

/**
 * One party's side of a fill (or of the seeded opening position), the unit positions are
 * computed from: average-cost method over these, in order.
 */
export interface Leg {
  id: string;
  profileId: number;
  orderId: string | null;
  tradeEventId: string | null;
  marketSlug: string;
  outcome: Outcome;
  tokenId: string;
  side: Side;
  /** Tokens received (BUY, net of a contracts fee) or given (SELL). */
  contracts: bigint;
  /** Collateral paid (BUY) or received net of fee (SELL). */
  collateral: bigint;
  /** Contracts (BUY) or collateral (SELL) paid as taker fee. */
  fee: bigint;
  /** Own-terms price, thousandths. */
  priceMillis: bigint;
  role: 'MAKER' | 'TAKER' | 'SEED';
  at: number;
  failed: boolean;
}

export interface TradeRecord {
  tradeEventId: string;
  marketSlug: string;
  takerOrderId: string;
  deltas: BalanceDelta[];
  legs: Leg[];
  status: 'MATCHED' | 'MINED' | 'FAILED';
  txHash: string | null;
  at: number;
}

export interface SidePosition {
  /** Tokens held according to the position's legs. */
  quantity: bigint;
  /** Cost basis of the tokens held, raw collateral. */
  cost: bigint;
  realised: bigint;
}

export interface CloseInfo {
  /** Average entry price before the sale, raw (1,000,000 = 1.00). */
  averageEntryPriceRaw: bigint;
  costBasis: bigint;
  realisedPnl: bigint;
}

export interface HistoryRecord {
  id: string;
  profileId: number;
  type: 'DEPOSIT' | 'WITHDRAWAL' | 'TRADE_BUY' | 'TRADE_SELL';
  marketSlug: string | null;
  amount: bigint;
  txHash: string | null;
  at: number;
}

export type ApprovalKind = 'collateral' | 'conditional';

const EMPTY = (): SidePosition => ({ quantity: 0n, cost: 0n, realised: 0n });
export const RAW_ONE = 1_000_000n;

/** Applies one leg to a side position with the average-cost method. */
export function applyLeg(pos: SidePosition, leg: Pick<Leg, 'side' | 'contracts' | 'collateral'>) {
  if (leg.side === 'BUY') {
    pos.quantity += leg.contracts;
    pos.cost += leg.collateral;
    return;
  }
  // Never sell more than the position holds (bigint: no Math.min).
  let sold = leg.contracts;
  if (pos.quantity < sold) sold = pos.quantity;
  const costRemoved = pos.quantity > 0n ? (pos.cost * sold) / pos.quantity : 0n;
  pos.realised += leg.collateral - costRemoved;
  pos.cost -= costRemoved;
  pos.quantity -= sold;
}

export const averagePriceRaw = (pos: SidePosition): bigint =>
  pos.quantity > 0n ? (pos.cost * RAW_ONE) / pos.quantity : 0n;

/**
 * Balances, reservations of resting orders, approvals, and the legs and trades that
 * positions are computed from. All amounts are bigint raw units.
 */
export class Ledger {
  private balances = new Map<number, Map<Asset, bigint>>();
  private reservedBy = new Map<number, Map<Asset, bigint>>();
  private revoked = new Set<string>();
  private legs: Leg[] = [];
  private trades = new Map<string, TradeRecord>();
  private history: HistoryRecord[] = [];

  reset(): void {
    this.balances = new Map();
    this.reservedBy = new Map();
    this.revoked = new Set();
    this.legs = [];
    this.trades = new Map();
    this.history = [];
  }

  balance(profileId: number, asset: Asset): bigint {
    return this.balances.get(profileId)?.get(asset) ?? 0n;
  }

  reserved(profileId: number, asset: Asset): bigint {
    return this.reservedBy.get(profileId)?.get(asset) ?? 0n;
  }

  /** What new orders or withdrawals may use: balance less what resting orders hold. */
  available(profileId: number, asset: Asset): bigint {
    return this.balance(profileId, asset) - this.reserved(profileId, asset);
  }

  private bump(map: Map<number, Map<Asset, bigint>>, id: number, asset: Asset, by: bigint) {
    let inner = map.get(id);
    if (!inner) {
      inner = new Map();
      map.set(id, inner);
    }
    inner.set(asset, (inner.get(asset) ?? 0n) + by);
  }

  credit(profileId: number, asset: Asset, amount: bigint): void {
    this.bump(this.balances, profileId, asset, amount);
  }

  reserve(profileId: number, asset: Asset, amount: bigint): void {
    if (amount > 0n) this.bump(this.reservedBy, profileId, asset, amount);
  }

  release(profileId: number, asset: Asset, amount: bigint): void {
    if (amount > 0n) this.bump(this.reservedBy, profileId, asset, -amount);
  }

  // ── approvals: every profile starts with all of them ──────────────────────────
  private approvalKey(profileId: number, kind: ApprovalKind, spender: string) {
    return `${profileId}:${kind}:${spender.toLowerCase()}`;
  }

  isApproved(profileId: number, kind: ApprovalKind, spender: string): boolean {
    return !this.revoked.has(this.approvalKey(profileId, kind, spender));
  }

  setApproval(profileId: number, kind: ApprovalKind, spender: string, approved: boolean): void {
    const key = this.approvalKey(profileId, kind, spender);
    if (approved) this.revoked.delete(key);
    else this.revoked.add(key);
  }

  // ── legs, trades and positions ────────────────────────────────────────────────
  /** A seeded opening position (tokens are credited separately). */
  addSeedLeg(leg: Leg): void {
    this.legs.push(leg);
  }

  /** Books a matched trade: balances move now, settlement may still roll it back. */
  applyTrade(trade: TradeRecord): void {
    for (const d of trade.deltas) this.credit(d.profileId, d.asset, d.amount);
    this.legs.push(...trade.legs);
    this.trades.set(trade.tradeEventId, trade);
  }

  trade(tradeEventId: string): TradeRecord | undefined {
    return this.trades.get(tradeEventId);
  }

  allTrades(): TradeRecord[] {
    return [...this.trades.values()];
  }

  markMined(tradeEventId: string, txHash: string): TradeRecord | undefined {
    const trade = this.trades.get(tradeEventId);
    if (trade?.status !== 'MATCHED') return undefined;
    trade.status = 'MINED';
    trade.txHash = txHash;
    return trade;
  }

  /** A failed settlement: every balance movement of the trade is reversed. */
  rollbackTrade(tradeEventId: string): TradeRecord | undefined {
    const trade = this.trades.get(tradeEventId);
    if (trade?.status !== 'MATCHED') return undefined;
    for (const d of trade.deltas) this.credit(d.profileId, d.asset, -d.amount);
    for (const leg of trade.legs) leg.failed = true;
    trade.status = 'FAILED';
    return trade;
  }

  legsOf(profileId: number): Leg[] {
    return this.legs.filter((l) => l.profileId === profileId && !l.failed);
  }

  /** Marketed profiles × markets with any leg (for the positions endpoint). */
  marketsOf(profileId: number): string[] {
    return [...new Set(this.legsOf(profileId).map((l) => l.marketSlug))];
  }

  position(profileId: number, marketSlug: string): Record<Outcome, SidePosition> {
    const result: Record<Outcome, SidePosition> = { YES: EMPTY(), NO: EMPTY() };
    for (const leg of this.legs) {
      if (leg.failed || leg.profileId !== profileId || leg.marketSlug !== marketSlug) continue;
      applyLeg(result[leg.outcome], leg);
    }
    return result;
  }

  /** What a sale of `contracts` for `proceeds` closes, before it is booked. */
  closeInfo(
    profileId: number,
    marketSlug: string,
    outcome: Outcome,
    contracts: bigint,
    proceeds: bigint,
  ): CloseInfo {
    const pos = this.position(profileId, marketSlug)[outcome];
    const averageEntryPriceRaw = averagePriceRaw(pos);
    const after = { ...pos };
    applyLeg(after, { side: 'SELL', contracts, collateral: proceeds });
    return {
      averageEntryPriceRaw,
      costBasis: pos.cost - after.cost,
      realisedPnl: after.realised - pos.realised,
    };
  }

  addHistory(record: HistoryRecord): void {
    this.history.push(record);
  }

  historyOf(profileId: number): HistoryRecord[] {
    return this.history.filter((h) => h.profileId === profileId);
  }
}
