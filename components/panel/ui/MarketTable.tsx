import { Pnl } from '@/components/common/Money';
import { OUTCOMES, outcomeQuotes } from '@/components/panel/model/buttons';
import type { Outcome } from '@/lib/core/api/primitives';
import { formatContracts } from '@/lib/core/format/money';
import { formatCents, rawPriceToNumber } from '@/lib/core/format/price';
import type { PanelState } from '@/lib/protocol/views';

const sideOf = (state: PanelState, outcome: Outcome) =>
  state.position?.[outcome === 'YES' ? 'yes' : 'no'] ?? null;

/** Best bid/ask per outcome (NO mirrors YES) and the user's position on this market. */
export function MarketTable({ state }: { state: PanelState }) {
  const quotes = outcomeQuotes(state.book);
  const hasBook = state.market?.tradeType !== 'amm';
  return (
    <table class="mc-table num" aria-label="Prices and your position">
      <colgroup>
        <col class="outcome" />
        <col class="price" />
        <col class="price" />
        <col />
        <col class="price" />
        <col class="pnl" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">
            <span class="sr-only">Outcome</span>
          </th>
          <th scope="col">Bid</th>
          <th scope="col">Ask</th>
          <th scope="col">Held</th>
          <th scope="col">Avg</th>
          <th scope="col">P&amp;L</th>
        </tr>
      </thead>
      <tbody>
        {OUTCOMES.map((outcome) => {
          const side = sideOf(state, outcome);
          const held = side && BigInt(side.contractsRaw) > 0n ? side : null;
          return (
            <tr key={outcome} data-outcome={outcome}>
              <th scope="row" class={outcome === 'YES' ? 'mc-yes' : 'mc-no'}>
                {outcome}
              </th>
              <td data-cell="bid">{hasBook ? formatCents(quotes[outcome].bid) : '—'}</td>
              <td data-cell="ask">{hasBook ? formatCents(quotes[outcome].ask) : '—'}</td>
              <td data-cell="held">{held ? formatContracts(held.contractsRaw) : '—'}</td>
              <td data-cell="avg">
                {held ? formatCents(rawPriceToNumber(held.avgPriceRaw)) : '—'}
              </td>
              <td data-cell="pnl">{held ? <Pnl raw={held.unrealizedPnlRaw} /> : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
