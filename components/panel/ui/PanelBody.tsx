import { ExchangeClockContext } from '../../common/exchange-clock';
import { usePanelDeps } from '../deps';
import type { PanelController } from '../model/controller';
import { BlockNotice } from './BlockNotice';
import { BookLadder } from './BookLadder';
import { MarketTable } from './MarketTable';
import { OpenOrders } from './OpenOrders';
import { TradeSection } from './TradeSection';

/**
 * One market's trade controls (prices, presets, FOK/FAK, sell %, the book ladder, the open
 * orders): the page panel's body, and the side panel's market section.
 */
export function PanelBody({ controller }: { controller: PanelController }) {
  const { now } = usePanelDeps();
  const state = controller.state.value;
  if (!state) {
    return (
      <div class="mc-body" aria-busy="true">
        <p class="mc-muted">Loading {controller.slug}…</p>
        <div class="mc-skeleton" />
      </div>
    );
  }
  const notice = controller.notice.value;
  const alertSaid = controller.alertSaid.value;
  // Every part has a fixed height (panel.css): what comes and goes (notices, result lines,
  // book rows, orders, the editors) takes room kept for it, so the panel's height never
  // changes with its content and no trade control moves on the screen (issue 29), whichever
  // corner the panel is docked at and however late the loader resizes its frame.
  return (
    <ExchangeClockContext.Provider value={state.clockOffsetMs}>
      <div class="mc-body">
        <MarketTable state={state} />
        <div class="mc-status">
          {notice ? (
            <p class="mc-notice" role="alert" data-notice="obscured">
              {notice}
            </p>
          ) : null}
          {state.block ? <BlockNotice block={state.block} controller={controller} /> : null}
          {alertSaid ? (
            <p class="mc-hint" role="status" data-alert-said="">
              {alertSaid}
            </p>
          ) : null}
          {state.hint && !notice ? (
            <p class="mc-hint" role="status" data-hint="first-run">
              {state.hint}
            </p>
          ) : null}
        </div>
        <TradeSection controller={controller} />
        <BookLadder controller={controller} />
        <OpenOrders controller={controller} now={now()} />
      </div>
    </ExchangeClockContext.Provider>
  );
}
