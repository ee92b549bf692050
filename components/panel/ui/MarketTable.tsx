import type { Outcome } from '../../../lib/core/api/primitives';
import { formatContracts } from '../../../lib/core/format/money';
import { formatCents, rawPriceToNumber } from '../../../lib/core/format/price';
import type { PanelState } from '../../../lib/protocol/views';
import { Pnl } from '../../common/Money';
import { memo, sameFields } from '../../common/memo';
import { OUTCOMES, outcomeQuotes } from '../model/buttons';

const sideOf = (state: PanelState, outcome: Outcome) =>
  state.position?.[outcome === 'YES' ? 'yes' : 'no'] ?? null;

/** One outcome's line, as the strings it shows (null: no position held). */
interface RowProps {
  outcome: Outcome;
  bid: string;
  ask: string;
  held: string | null;
  avg: string | null;
  pnlRaw: string | null;
}

/**
 * Redrawn only when something it shows changes: a book update that moves neither best
 * price (most of them: sizes change far more often) leaves it alone.
 */
const OutcomeRow = memo(function OutcomeRow({ outcome, bid, ask, held, avg, pnlRaw }: RowProps) {
  return (
    <tr data-outcome={outcome}>
      <th scope="row" class={outcome === 'YES' ? 'mc-yes' : 'mc-no'}>
        {outcome}
      </th>
      <td data-cell="bid">{bid}</td>
      <td data-cell="ask">{ask}</td>
      <td data-cell="held">{held ?? '—'}</td>
      <td data-cell="avg">{avg ?? '—'}</td>
      <td data-cell="pnl">{held !== null && pnlRaw !== null ? <Pnl raw={pnlRaw} /> : '—'}</td>
    </tr>
  );
}, sameFields);

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
            <OutcomeRow
              key={outcome}
              outcome={outcome}
              bid={hasBook ? formatCents(quotes[outcome].bid) : '—'}
              ask={hasBook ? formatCents(quotes[outcome].ask) : '—'}
              held={held ? formatContracts(held.contractsRaw) : null}
              avg={held ? formatCents(rawPriceToNumber(held.avgPriceRaw)) : null}
              pnlRaw={held ? held.unrealizedPnlRaw : null}
            />
          );
        })}
      </tbody>
    </table>
  );
}
