import { formatContracts, formatPnl, formatUsd, pnlTone } from '../../../lib/core/format/money';
import { formatRawCents } from '../../../lib/core/format/raw-price';
import { fromRaw } from '../../../lib/core/orders/units';
import type { SideRow } from './positions';

/**
 * One outcome of a position: contracts at the average price and the P&L on the first line,
 * value, cost and realised below, each figure on one line at any amount up to $999,999.99
 * (the popup is 380 px wide: two figures a line fit, three did not). Lean on purpose:
 * fifty positions are a hundred of these, built in the popup's first render. A plain
 * function rather than a component (each component instance costs Preact and the signals
 * integration their own bookkeeping), and each figure one text node in one element (the
 * line is tabular-numbered as a whole) rather than a number span inside a figure span.
 */
export function sideLine(side: SideRow) {
  return (
    <div class="side-line" key={side.outcome}>
      <span class={`chip chip-${side.outcome.toLowerCase()}`}>{side.outcome}</span>
      <div class="side-figures num">
        <div class="side-row">
          <span
            class="figure"
            title={`${fromRaw(side.contractsRaw)} contracts at an average of ${fromRaw(side.avgPriceRaw)}`}
          >
            {`${formatContracts(side.contractsRaw)} @ ${formatRawCents(side.avgPriceRaw)}`}
          </span>
          <span class="figure" title={side.markedBy}>
            <span class="caption">P&amp;L</span> {pnl(side.unrealizedRaw)}
          </span>
        </div>
        <div class="side-row sub">
          <span class="figure" title={side.markedBy}>
            <span class="caption">value</span>
            {` ${formatUsd(side.marketValueRaw)}`}
          </span>
          <span class="figure">
            <span class="caption">cost</span>
            {` ${formatUsd(side.costRaw)}`}
          </span>
        </div>
        <div class="side-row sub">
          <span class="figure">
            <span class="caption">realised</span> {pnl(side.realisedRaw)}
          </span>
        </div>
      </div>
    </div>
  );
}

/** Signed P&L coloured by its sign, as `Pnl` draws it, without a component of its own. */
const pnl = (raw: bigint | string) => <span class={`pnl-${pnlTone(raw)}`}>{formatPnl(raw)}</span>;
