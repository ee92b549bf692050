import { useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { timeAgo } from '../../../lib/core/format/time';
import type { PortfolioView } from '../../../lib/protocol/views';
import { ErrorLine } from '../../common/ErrorLine';
import { afterNextPaint } from '../../common/next-frame';
import { useAction } from '../../common/useAction';
import { useServices } from '../services';
import { AmmCard } from './AmmCard';
import { GroupCard } from './GroupCard';
import { MarketCard } from './MarketCard';
import { POSITIONS_PAINTED_MARK } from './marks';
import { PnlChartCard } from './PnlChartCard';
import { buildPortfolioModel } from './positions';
import { Totals } from './Totals';

/**
 * The room a position card takes (one with both sides: 190 px and its margin). The first
 * render draws a card for each of these in the window's height, and never fewer than the
 * toolbar popup's 600 px need: with the header, totals and chart above them (about one and a
 * half cards' room), the last one drawn starts below the window's bottom edge. The rest are
 * drawn once those are painted, so a trader with fifty positions sees the first ones as soon
 * as one would take, not after the fifty are built (each card drawn first and not seen costs
 * the first frame its render, style and layout).
 */
const CARD_ROOM_PX = 200;
const POPUP_FIRST_CARDS = 3;
const firstCards = () => Math.max(POPUP_FIRST_CARDS, Math.ceil(window.innerHeight / CARD_ROOM_PX));

export function PositionsScreen({
  portfolio,
  sitePattern,
}: {
  portfolio: PortfolioView;
  sitePattern: string;
}) {
  const { send } = useServices();
  const refresh = useAction(() => send('portfolio.refresh', {}));
  const model = useMemo(
    () => (portfolio.positions ? buildPortfolioModel(portfolio.positions, portfolio.marks) : null),
    [portfolio.positions, portfolio.marks],
  );
  const [allDrawn, setAllDrawn] = useState(false);
  // A layout effect: it runs before the browser paints this render, so the task after the
  // next frame is the one after the cards' paint (an effect would come a frame later).
  useLayoutEffect(() => {
    if (!model) return;
    let gone = false;
    afterNextPaint(() => {
      if (gone) return;
      // The first positions are on screen: the mark the benchmark and tests read.
      if (performance.getEntriesByName(POSITIONS_PAINTED_MARK).length === 0)
        performance.mark(POSITIONS_PAINTED_MARK);
      // The rest in a task of its own: what was queued behind the paint (input, the port's
      // next state) goes first, not after the forty-odd cards nobody can see yet.
      setTimeout(() => {
        if (!gone) setAllDrawn(true);
      }, 0);
    });
    return () => {
      gone = true;
    };
  }, [model !== null]);
  let budget = allDrawn ? Number.POSITIVE_INFINITY : firstCards();
  const first = <T,>(rows: readonly T[]): readonly T[] => {
    const taken = budget >= rows.length ? rows : rows.slice(0, budget);
    budget -= taken.length;
    return taken;
  };

  const error = portfolio.error ?? refresh.error;
  return (
    // Until the rest are drawn, the cards on screen are not skippable (popup.css).
    <div class={allDrawn ? 'positions-screen' : 'positions-screen first-render'}>
      {error ? (
        <div class="stale-note">
          <ErrorLine error={error} onRetry={() => void refresh.run()} />
          {model && portfolio.fetchedAt ? (
            <p class="muted small">
              Showing positions as of {timeAgo(portfolio.fetchedAt)}; they may not be current.
            </p>
          ) : null}
        </div>
      ) : null}
      {model === null ? (
        error ? null : (
          <p class="muted" role="status">
            Loading positions…
          </p>
        )
      ) : (
        <>
          <Totals totals={model.totals} />
          {/* A new chart at most every 30 s of portfolio refreshes (fills come in bursts). */}
          <PnlChartCard refreshKey={Math.floor((portfolio.fetchedAt ?? 0) / 30_000)} />
          {model.isEmpty ? (
            <p class="empty">
              No positions yet. Trade from a market page and they show up here, live.
            </p>
          ) : (
            <>
              {/* Each card is memoized on its row's data: every state the port delivers
                  rebuilds all rows, while a book update moves one market's figures, and
                  redrawing fifty unchanged cards a frame cost the side panel its frame rate. */}
              {first(model.markets).map((row) => (
                <MarketCard key={row.key} row={row} sitePattern={sitePattern} />
              ))}
              {first(model.groups).map((group) => (
                <GroupCard key={group.key} group={group} sitePattern={sitePattern} />
              ))}
              {first(model.amm).map((row) => (
                <AmmCard key={row.key} row={row} sitePattern={sitePattern} />
              ))}
            </>
          )}
        </>
      )}
    </div>
  );
}
