import { formatContracts, formatUsd } from '../core/format/money';
import { formatRawCents } from '../core/format/raw-price';
import { fromRaw, RAW_PER_UNIT } from '../core/orders/units';
import type { IntentView } from './intent';

/** An intent's fills as the trader's account saw them: net of the taker fee. */
export interface NetFill {
  /** What the position grew (BUY) or shrank (SELL) by, raw contracts. */
  contractsRaw: bigint;
  /** Collateral paid (BUY) or received after the fee (SELL), raw. */
  collateralRaw: bigint;
  /** The fee, raw: contracts on a BUY, collateral on a SELL. */
  feeRaw: bigint;
  /** Price per contract of the position's change, raw (1e6 = 1.00); null when unknown. */
  averageRaw: bigint | null;
}

/**
 * A BUY pays its fee in contracts (it receives fewer), a SELL in collateral (it receives
 * less): the counted gross fills less the fee are the position's and the balance's change.
 */
export function netFill(view: IntentView): NetFill {
  const gross = BigInt(view.filledContractsRaw);
  const money = BigInt(view.filledCollateralRaw);
  const feeRaw = BigInt(view.filledFeeRaw ?? '0');
  const buy = view.side === 'BUY';
  const contractsRaw = buy ? gross - feeRaw : gross;
  const collateralRaw = buy ? money : money - feeRaw;
  const averageRaw =
    contractsRaw > 0n && collateralRaw > 0n ? (collateralRaw * RAW_PER_UNIT) / contractsRaw : null;
  return { contractsRaw, collateralRaw, feeRaw, averageRaw };
}

/** One fill line, rounded for the screen, and the same figures exact (a tooltip's). */
export interface FillWords {
  /** `11.67 YES at 42.82¢ for $5.00, fee 0.11 YES`; empty when nothing filled. */
  text: string;
  exact: string;
}

/**
 * The one way every surface (result line, popup, notification) words a fill: contracts to
 * two decimals (rounded down: never more than held), the average in cents, money in
 * dollars, the fee in what it was paid in; zero-fee fills name no fee.
 */
export function fillWords(view: IntentView): FillWords {
  const fill = netFill(view);
  if (fill.contractsRaw <= 0n) return { text: '', exact: '' };
  const buy = view.side === 'BUY';
  const price = fill.averageRaw === null ? '' : ` at ${formatRawCents(fill.averageRaw)}`;
  const exactPrice = fill.averageRaw === null ? '' : ` at ${fromRaw(fill.averageRaw)}`;
  const money = fill.collateralRaw > 0n ? ` for ${formatUsd(fill.collateralRaw)}` : '';
  const exactMoney = fill.collateralRaw > 0n ? ` for $${fromRaw(fill.collateralRaw)}` : '';
  const fee =
    fill.feeRaw === 0n
      ? ''
      : buy
        ? `, fee ${formatContracts(fill.feeRaw)} ${view.outcome}`
        : `, fee ${formatUsd(fill.feeRaw)}`;
  const exactFee =
    fill.feeRaw === 0n
      ? ''
      : buy
        ? `, fee ${fromRaw(fill.feeRaw)} ${view.outcome}`
        : `, fee $${fromRaw(fill.feeRaw)}`;
  return {
    text: `${formatContracts(fill.contractsRaw)} ${view.outcome}${price}${money}${fee}`,
    exact: `${fromRaw(fill.contractsRaw)} ${view.outcome}${exactPrice}${exactMoney}${exactFee}`,
  };
}
