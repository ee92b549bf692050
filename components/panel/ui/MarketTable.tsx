import type { Outcome } from '../../../lib/core/api/primitives';
import { formatContracts } from '../../../lib/core/format/money';
import { formatCents } from '../../../lib/core/format/price';
import { formatRawCents } from '../../../lib/core/format/raw-price';
import { fromRaw } from '../../../lib/core/orders/units';
import type { PanelState } from '../../../lib/protocol/views';
import { Pnl } from '../../common/Money';
import { memo, sameFields } from '../../common/memo';
import { staleTitle } from '../../common/outage';
import { useNow } from '../../common/useNow';
import { OUTCOMES, outcomeQuotes } from '../model/buttons';

const sideOf = (state: PanelState, outcome: Outcome) =>
  state.position?.[outcome === 'YES' ? 'yes' : 'no'] ?? null;

/** One outcome's line, as the strings it shows (null: no position held). */
interface RowProps {
  outcome: Outcome;
  bid: string;
  ask: string;
  held: string | null;
  /** The exact contracts held and their average price, the held figure's tooltip. */
  heldExact: string | null;
  pnlRaw: string | null;
  /** Which price marks the P&L, its tooltip. */
  markedBy: string | null;
  /** The exchange is not answering: how old the prices are (null: they are live). */
  stale: string | null;
}

/**
 * Redrawn only when something it shows changes: a book update that moves neither best
 * price (most of them: sizes change far more often) leaves it alone.
 */
const OutcomeRow = memo(function OutcomeRow({
  outcome,
  bid,
  ask,
  held,
  heldExact,
  pnlRaw,
  markedBy,
  stale,
}: RowProps) {
  const mark = stale ? { 'data-stale': 'true', title: stale } : {};
  return (
    <tr data-outcome={outcome}>
      <th scope="row" class={outcome === 'YES' ? 'mc-yes' : 'mc-no'}>
        {outcome}
      </th>
      <td data-cell="bid" {...mark}>
        {bid}
      </td>
      <td data-cell="ask" {...mark}>
        {ask}
      </td>
      <td data-cell="held" title={heldExact ?? undefined}>
        {held ?? '—'}
      </td>
      <td data-cell="pnl" title={held !== null ? (markedBy ?? undefined) : undefined}>
        {held !== null && pnlRaw !== null ? <Pnl raw={pnlRaw} /> : '—'}
      </td>
    </tr>
  );
}, sameFields);

/**
 * Best bid/ask per outcome (NO mirrors YES) and the user's position on this market: the
 * contracts held (exact, with their average price, in the tooltip) and the P&L (which price
 * marks it, in its tooltip). The columns fit P&L up to +$999,999.99 and the contracts that
 * buys (test/e2e/popup/fit.test.ts); the average price is the held figure's tooltip.
 */
export function MarketTable({ state }: { state: PanelState }) {
  const quotes = outcomeQuotes(state.book);
  const hasBook = state.market?.tradeType !== 'amm';
  const staleAt =
    hasBook && state.exchange.status === 'down' ? (state.book?.updatedAt ?? null) : null;
  const now = useNow(staleAt !== null);
  return (
    <table class="mc-table num" aria-label="Prices and your position">
      <colgroup>
        <col class="outcome" />
        <col class="price" />
        <col class="price" />
        <col />
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
              heldExact={
                held
                  ? `${fromRaw(BigInt(held.contractsRaw))} contracts at an average of ${formatRawCents(held.avgPriceRaw)}`
                  : null
              }
              pnlRaw={held ? held.unrealizedPnlRaw : null}
              markedBy={held?.markedBy ?? null}
              stale={staleAt === null ? null : staleTitle(staleAt, now)}
            />
          );
        })}
      </tbody>
    </table>
  );
}
