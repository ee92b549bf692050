import { memo, sameFields } from '../../common/memo';
import { age, staleTitle } from '../../common/outage';
import { useNow } from '../../common/useNow';
import { presetLabel } from '../model/buttons';
import type { PanelController } from '../model/controller';
import type { LevelButtonModel } from '../model/ladder';
import { LADDER_SLOTS } from '../model/ladder-slots';
import { ResultSlot } from './ResultSlot';

/**
 * One level: its price and the contracts resting there; a click rests a post-only order
 * at that price for the chosen preset. Redrawn only when a field it shows changes.
 */
const LevelButton = memo(
  function LevelButton({
    level,
    controller,
    slot,
  }: {
    level: LevelButtonModel;
    controller: PanelController;
    slot: string;
  }) {
    const armed = controller.armed.value?.key === level.key;
    const busy = controller.busy.value.has(level.key);
    const what = `${level.label} ${level.outcome}, post-only`;
    return (
      <button
        type="button"
        class={`mc-level ${level.side.toLowerCase()}${armed ? ' armed' : ''}`}
        data-level={level.key}
        data-slot={slot}
        data-armed={armed ? 'true' : undefined}
        disabled={level.disabledReason !== null}
        aria-busy={busy ? 'true' : 'false'}
        aria-label={armed ? `Click again to confirm: ${what}` : what}
        title={level.disabledReason ?? what}
        onClick={(event) => controller.pressLevel(level, event)}
      >
        <span class="num">{armed ? 'Confirm' : level.priceText}</span>
        <span class="mc-muted num">{level.depthText}</span>
      </button>
    );
  },
  (a, b) => a.controller === b.controller && a.slot === b.slot && sameFields(a.level, b.level),
);

/**
 * One side of one outcome's book, best level first, in five places kept whether filled or
 * not: levels that arrive or leave change what a place holds, never where it is.
 */
function Side({
  outcome,
  side,
  levels,
  label,
  controller,
}: {
  outcome: string;
  side: 'bids' | 'asks';
  levels: LevelButtonModel[];
  label: string;
  controller: PanelController;
}) {
  const slots = Array.from({ length: LADDER_SLOTS }, (_, index) => `${outcome}:${side}:${index}`);
  return (
    <div class="mc-ladder-side" data-ladder={outcome}>
      <span class={outcome === 'YES' ? 'mc-yes' : 'mc-no'}>{label}</span>
      {slots.map((slot, index) => {
        const level = levels[index];
        return level ? (
          <LevelButton key={level.key} level={level} controller={controller} slot={slot} />
        ) : (
          <span key={slot} class="mc-level-empty mc-muted" data-slot={slot}>
            {index === 0 ? '—' : ''}
          </span>
        );
      })}
    </div>
  );
}

/**
 * The top five levels of each outcome's book: a click on a bid rests a post-only buy
 * there, on an ask a post-only sell, sized by the chosen preset. Its room is kept on a
 * market without a book too, so the panel has one height everywhere.
 */
export function BookLadder({ controller }: { controller: PanelController }) {
  const state = controller.state.value;
  const staleAt = state?.exchange.status === 'down' ? (state.book?.updatedAt ?? null) : null;
  const now = useNow(staleAt !== null);
  if (!state) return null;
  const ladder = controller.ladder.value;
  const chosen = controller.ladderAmount.value;
  const result = controller.results.value.book;
  if (ladder.length === 0) {
    return (
      <div class="mc-group mc-book" data-section="no-book">
        <p class="mc-muted">
          {state.market?.tradeType === 'amm'
            ? 'This market trades against a pool: it has no order book.'
            : 'No order book to show yet.'}
        </p>
      </div>
    );
  }
  return (
    <div class="mc-group mc-book" data-section="book">
      <div class="mc-toolbar">
        <span
          class="mc-section-title"
          title={
            staleAt === null
              ? 'A click on a level rests a post-only limit order at its price'
              : staleTitle(staleAt, now)
          }
          data-stale={staleAt === null ? undefined : 'true'}
        >
          {staleAt === null ? 'Book · post-only' : `Book · ${age(staleAt, now)} old`}
        </span>
        <fieldset class="mc-toggle" aria-label="Size of a level order">
          {state.quickTrade.presets.map((amountRaw, index) => (
            <button
              key={amountRaw}
              type="button"
              data-ladder-preset={index}
              aria-pressed={amountRaw === chosen ? 'true' : 'false'}
              onClick={(event) => controller.chooseLadderPreset(index, event)}
            >
              {presetLabel(amountRaw)}
            </button>
          ))}
        </fieldset>
      </div>
      <div class="mc-ladder">
        {ladder.map((rows) => [
          <Side
            key={`${rows.outcome}:bids`}
            outcome={rows.outcome}
            side="bids"
            levels={rows.bids}
            label={`${rows.outcome} bid`}
            controller={controller}
          />,
          <Side
            key={`${rows.outcome}:asks`}
            outcome={rows.outcome}
            side="asks"
            levels={rows.asks}
            label={`${rows.outcome} ask`}
            controller={controller}
          />,
        ])}
      </div>
      <ResultSlot result={result} controller={controller} group="book" />
    </div>
  );
}
