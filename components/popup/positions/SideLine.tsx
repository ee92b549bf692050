import { Pnl } from '@/components/common/Money';
import type { SideRow } from '@/components/popup/positions/positions';
import { formatContracts, formatUsd } from '@/lib/core/format/money';
import { formatRawCents } from '@/lib/core/format/raw-price';

/**
 * One outcome of a position: contracts at the average price, value and P&L. Lean on purpose:
 * fifty positions are a hundred of these, built in the popup's first render, so each figure
 * is one text node in one element (the line is tabular-numbered as a whole) rather than a
 * number span inside a figure span.
 */
export function SideLine({ side }: { side: SideRow }) {
  return (
    <div class="side-line">
      <span class={`chip chip-${side.outcome.toLowerCase()}`}>{side.outcome}</span>
      <div class="side-figures num">
        <div class="side-row">
          <span title="contracts @ average fill price">
            {`${formatContracts(side.contractsRaw)} @ ${formatRawCents(side.avgPriceRaw)}`}
          </span>
          <span class="figure">
            <span class="caption">value</span>
            {` ${formatUsd(side.marketValueRaw)}`}
          </span>
          <span class="figure">
            <span class="caption">P&amp;L</span> <Pnl raw={side.unrealizedRaw} />
          </span>
        </div>
        <div class="side-row sub">
          <span class="figure">
            <span class="caption">cost</span>
            {` ${formatUsd(side.costRaw)}`}
          </span>
          <span class="figure">
            <span class="caption">realised</span> <Pnl raw={side.realisedRaw} />
          </span>
        </div>
      </div>
    </div>
  );
}
