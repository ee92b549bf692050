import type { BarPrices as Prices } from '../model/bar-prices';

/**
 * The folded bar's prices: `YES 59¢ · NO 42¢`, the price to buy each outcome now. Old
 * prices are greyed and say why in their title, never shown as live.
 */
export function BarPrices({ prices }: { prices: Prices }) {
  const { asks, stale } = prices;
  const label = `Buy YES at ${asks.YES}, NO at ${asks.NO}${stale ? ` (${stale})` : ''}`;
  return (
    <span
      class="mc-bar-prices num"
      data-bar-prices
      {...(stale ? { 'data-stale': 'true' } : {})}
      role="img"
      aria-label={label}
      title={stale ?? 'The best ask of each outcome: the price to buy it now'}
    >
      <span class="mc-yes">YES</span> <span data-ask="YES">{asks.YES}</span> ·{' '}
      <span class="mc-no">NO</span> <span data-ask="NO">{asks.NO}</span>
    </span>
  );
}
