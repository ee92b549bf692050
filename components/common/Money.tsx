import { formatPnl, formatUsd, pnlTone } from '../../lib/core/format/money';

/** Raw collateral as dollars. */
export function Money({ raw, decimals = 2 }: { raw: bigint | string; decimals?: number }) {
  return <span class="num">{formatUsd(raw, decimals)}</span>;
}

/** Signed P&L, coloured by sign (and readable without colour: the sign is in the text). */
export function Pnl({ raw, decimals = 2 }: { raw: bigint | string; decimals?: number }) {
  return <span class={`num pnl-${pnlTone(raw)}`}>{formatPnl(raw, decimals)}</span>;
}
