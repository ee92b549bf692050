import { COLLATERAL, type Ledger } from './ledger';
import type { OrderRecord } from './orders';

/**
 * What an order sets aside while it waits (delayed) or rests on the book: the collateral
 * a BUY still needs, or the contracts a SELL offers. Fills are paid from it, so a resting
 * order can always settle what it matches.
 */
export function reserveFor(ledger: Ledger, o: OrderRecord): void {
  if (o.ownerId === null) return;
  const asset = o.side === 'BUY' ? COLLATERAL : o.tokenId;
  const amount = o.side === 'BUY' ? o.makerAmount - o.collateralSpent : o.remaining;
  o.reservedAsset = asset;
  o.reservedAmount = amount;
  ledger.reserve(o.ownerId, asset, amount);
}

/** Gives back part of a reservation (all of it by default), never more than is left. */
export function releaseReservation(
  ledger: Ledger,
  o: OrderRecord,
  amount: bigint = o.reservedAmount,
): void {
  if (o.ownerId === null || o.reservedAsset === null || amount <= 0n) return;
  const take = amount > o.reservedAmount ? o.reservedAmount : amount;
  ledger.release(o.ownerId, o.reservedAsset, take);
  o.reservedAmount -= take;
}

/** Why the owner cannot fund this order now, or null. */
export function fundingShortfall(ledger: Ledger, o: OrderRecord): string | null {
  if (o.ownerId === null) return 'Unknown owner';
  if (o.side === 'BUY') {
    const need = o.makerAmount - o.collateralSpent;
    const have = ledger.available(o.ownerId, COLLATERAL);
    return have < need
      ? `Insufficient collateral balance: the order needs ${need} raw units, ${have < 0n ? 0n : have} available`
      : null;
  }
  const have = ledger.available(o.ownerId, o.tokenId);
  return have < o.remaining
    ? `Insufficient token balance: the order sells ${o.remaining} raw contracts, ${have < 0n ? 0n : have} available`
    : null;
}
