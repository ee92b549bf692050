import { Money, Pnl } from '@/components/common/Money';
import type { SideRow } from '@/components/popup/positions/positions';
import { formatContracts } from '@/lib/core/format/money';
import { formatRawCents } from '@/lib/core/format/raw-price';

/** One outcome of a position: contracts at the average price, value and P&L. */
export function SideLine({ side }: { side: SideRow }) {
  return (
    <div class="side-line">
      <span class={`chip chip-${side.outcome.toLowerCase()}`}>{side.outcome}</span>
      <div class="side-figures">
        <div class="side-row">
          <span>
            <span class="num">{formatContracts(side.contractsRaw)}</span> @{' '}
            <span class="num" title="average fill price">
              {formatRawCents(side.avgPriceRaw)}
            </span>
          </span>
          <span class="figure">
            <span class="caption">value</span> <Money raw={side.marketValueRaw} />
          </span>
          <span class="figure">
            <span class="caption">P&amp;L</span> <Pnl raw={side.unrealizedRaw} />
          </span>
        </div>
        <div class="side-row sub">
          <span class="figure">
            <span class="caption">cost</span> <Money raw={side.costRaw} />
          </span>
          <span class="figure">
            <span class="caption">realised</span> <Pnl raw={side.realisedRaw} />
          </span>
        </div>
      </div>
    </div>
  );
}
