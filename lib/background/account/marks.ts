import type { ClobPosition, PositionSide, Positions } from '../../core/api/portfolio';
import type { Outcome } from '../../core/api/primitives';
import { markedPnl, markSide } from '../../core/orders/mark';
import type { MarketMarkView, SideMarkView } from '../../protocol/position-marks';
import type { PortfolioView } from '../../protocol/views';
import type { BookTracker } from '../market/books';

export interface MarkSources {
  books: Pick<BookTracker, 'isLive' | 'depth'>;
  /** The taker fee a SELL pays on this market now, basis points (0 on a zero-fee market). */
  sellFeeBps(marketSlug: string): number;
}

export interface MarkedEntry {
  entry: ClobPosition;
  marks: MarketMarkView;
}

/**
 * Positions marked to the live book. The exchange's last positions read stays the record
 * (what is held, its cost basis, realised P&L); on top of it, each side held in a market
 * whose book is live has its value and unrealised P&L replaced by what selling it now would
 * get (`lib/core/orders/mark.ts`): computed when a view is built, so once per push, from the
 * latest book. A side with no live book (no subscription yet, the socket down) and a
 * resolved market keep the exchange's figures, and say so.
 */
export class PositionMarks {
  constructor(private readonly from: MarkSources) {}

  entry(entry: ClobPosition | null): MarkedEntry | null {
    if (!entry) return null;
    const slug = entry.market.slug;
    const depth =
      slug && entry.market.status !== 'RESOLVED' && this.from.books.isLive(slug)
        ? this.from.books.depth(slug)
        : null;
    if (!slug || !depth) return { entry, marks: { yes: null, no: null } };
    const feeBps = this.from.sellFeeBps(slug);
    const side = (outcome: Outcome, held: string, exchange: PositionSide) => {
      const contracts = BigInt(held);
      if (contracts <= 0n) return { side: exchange, mark: null };
      const mark = markSide(depth, outcome, contracts, feeBps);
      const view: SideMarkView = {
        bestBidMillis: mark.bestBidMillis === null ? null : mark.bestBidMillis.toString(),
        unmarkedRaw: mark.unmarkedRaw.toString(),
        feeBps,
      };
      return {
        side: {
          ...exchange,
          marketValue: mark.valueRaw.toString(),
          unrealizedPnl: markedPnl(mark, BigInt(exchange.cost)).toString(),
        },
        mark: view,
      };
    };
    const yes = side('YES', entry.tokensBalance.yes, entry.positions.yes);
    const no = side('NO', entry.tokensBalance.no, entry.positions.no);
    return {
      entry: { ...entry, positions: { yes: yes.side, no: no.side } },
      marks: { yes: yes.mark, no: no.mark },
    };
  }

  /** The portfolio as the UIs see it: every CLOB position marked, with how. */
  view(view: PortfolioView): PortfolioView {
    const { positions } = view;
    if (!positions) return view;
    const marks: Record<string, MarketMarkView> = {};
    const mark = (p: ClobPosition): ClobPosition => {
      const marked = this.entry(p);
      if (!marked) return p;
      if (p.market.slug && (marked.marks.yes || marked.marks.no))
        marks[p.market.slug] = marked.marks;
      return marked.entry;
    };
    const out: Positions = {
      ...positions,
      clob: positions.clob.map(mark),
      group: positions.group.map((g) => ({ ...g, positions: g.positions.map(mark) })),
    };
    return { ...view, positions: out, marks };
  }
}
