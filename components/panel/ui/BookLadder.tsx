import { memo, sameFields } from '@/components/common/memo';
import { presetLabel } from '@/components/panel/model/buttons';
import type { LevelButtonModel, OutcomeLadderRows } from '@/components/panel/model/ladder';
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
        <span class="mc-trade-sub num">{level.depthText}</span>
      </button>
    );
  },
  (a, b) => a.controller === b.controller && sameFields(a.level, b.level),
);

function Side({
  levels,
  label,
  controller,
}: {
  levels: LevelButtonModel[];
  label: string;
  controller: PanelController;
}) {
  return (
    <div class="mc-ladder-side">
      <span class="mc-muted">{label}</span>
      {levels.length === 0 ? <span class="mc-muted">—</span> : null}
      {levels.map((level) => (
        <LevelButton key={level.key} level={level} controller={controller} />
      ))}
    </div>
  );
}

function OutcomeLadder({
  rows,
  controller,
}: {
  rows: OutcomeLadderRows;
  controller: PanelController;
}) {
  return (
    <div class="mc-ladder" data-ladder={rows.outcome}>
      <Side levels={rows.bids} label={`Bids · buy ${rows.outcome}`} controller={controller} />
      <Side levels={rows.asks} label={`Asks · sell ${rows.outcome}`} controller={controller} />
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
        <span class="mc-section-title">Limit from the book (post-only)</span>
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
      {ladder.map((rows) => (
        <OutcomeLadder key={rows.outcome} rows={rows} controller={controller} />
      ))}
      {result ? <ResultLine result={result} controller={controller} group="book" /> : null}
    </div>
  );
}
