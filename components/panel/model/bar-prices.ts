import type { Outcome } from '../../../lib/core/api/primitives';
import { formatCents } from '../../../lib/core/format/price';
import type { PanelState } from '../../../lib/protocol/views';
import { outcomeQuotes } from './buttons';
import type { Link } from './link';

/** What the folded bar shows: the price to buy each outcome now, and whether it is live. */
export interface BarPrices {
  asks: Record<Outcome, string>;
  /** Why the prices may be old, in words (null: they are live). */
  stale: string | null;
}

const STALE: Record<Exclude<Link, 'live'>, string> = {
  offline: 'Prices may be old: the panel is offline.',
  connecting: 'Prices may be old: still connecting to the exchange.',
};

/**
 * The best ask of each outcome (NO's from YES's bid), in cents as the market table shows
 * them; `—` where nobody sells, and for an AMM market, which has no book.
 */
export function barPrices(state: PanelState | null, link: Link): BarPrices {
  const quotes = outcomeQuotes(state?.book ?? null);
  const hasBook = state !== null && state.market?.tradeType !== 'amm';
  const ask = (outcome: Outcome) => (hasBook ? formatCents(quotes[outcome].ask) : '—');
  const stale =
    state?.exchange.status === 'down'
      ? 'Prices may be old: the exchange is not answering.'
      : link === 'live'
        ? null
        : STALE[link];
  return { asks: { YES: ask('YES'), NO: ask('NO') }, stale };
}
