import { memo, sameFields } from '@/components/common/memo';
import { presetLabel } from '@/components/panel/model/buttons';
import type { LevelButtonModel } from '@/components/panel/model/ladder';
import type { PanelController } from '../model/controller';
import { ResultLine } from './ResultLine';

/**
 * One level: its price and the contracts resting there; a click rests a post-only order
 * at that price for the chosen preset. Redrawn only when a field it shows changes.
 */
const LevelButton = memo(
  function LevelButton({
    level,
    controller,
  }: {
    level: LevelButtonModel;
    controller: PanelController;
  }) {
    const armed = controller.armed.value?.key === level.key;
    const busy = controller.busy.value.has(level.key);
    const what = `${level.label} ${level.outcome}, post-only`;
    return (
      <button
        type="button"
        class={`mc-level ${level.side.toLowerCase()}${armed ? ' armed' : ''}`}
        data-level={level.key}
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
  (a, b) => a.controller === b.controller && sameFields(a.level, b.level),
);

/** One side of one outcome's book, best level first: a keyed column of level buttons. */
function Side({
  outcome,
  levels,
  label,
  controller,
}: {
  outcome: string;
  levels: LevelButtonModel[];
  label: string;
  controller: PanelController;
}) {
  return (
    <div class="mc-ladder-side" data-ladder={outcome}>
      <span class={outcome === 'YES' ? 'mc-yes' : 'mc-no'}>{label}</span>
      {levels.length === 0 ? <span class="mc-muted">—</span> : null}
      {levels.map((level) => (
        <LevelButton key={level.key} level={level} controller={controller} />
      ))}
    </div>
  );
}

/**
 * The top five levels of each outcome's book: a click on a bid rests a post-only buy
 * there, on an ask a post-only sell, sized by the chosen preset.
 */
export function BookLadder({ controller }: { controller: PanelController }) {
  const state = controller.state.value;
  const ladder = controller.ladder.value;
  if (!state || ladder.length === 0) return null;
  const chosen = controller.ladderAmount.value;
  const result = controller.results.value.book;
  return (
    <div class="mc-group" data-section="book">
      <div class="mc-toolbar">
        <span
          class="mc-section-title"
          title="A click on a level rests a post-only limit order at its price"
        >
          Book · post-only
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
            levels={rows.bids}
            label={`${rows.outcome} bid`}
            controller={controller}
          />,
          <Side
            key={`${rows.outcome}:asks`}
            outcome={rows.outcome}
            levels={rows.asks}
            label={`${rows.outcome} ask`}
            controller={controller}
          />,
        ])}
      </div>
      {result ? <ResultLine result={result} controller={controller} group="book" /> : null}
    </div>
  );
}
