import { useState } from 'preact/hooks';
import type { OutcomeButtons } from '../model/buttons';
import type { PanelController } from '../model/controller';
import { OrderTypeToggle } from './OrderTypeToggle';
import { PresetEditor } from './PresetEditor';
import { PriceAlertControl } from './PriceAlertControl';
import { ResultSlot } from './ResultSlot';
import { TradeButton } from './TradeButton';

function OutcomeTrade({
  group,
  controller,
}: {
  group: OutcomeButtons;
  controller: PanelController;
}) {
  const result = controller.results.value[group.outcome];
  const tone = group.outcome === 'YES' ? 'mc-yes' : 'mc-no';
  return (
    <div class="mc-group" data-outcome-group={group.outcome}>
      <div class="mc-row">
        <span class="mc-row-label">
          Buy <span class={tone}>{group.outcome}</span>
          {group.buyPrice ? <span class="mc-row-price num">{group.buyPrice}</span> : null}
        </span>
        <div class="mc-buttons">
          {group.buys.map((button) => (
            <TradeButton key={button.key} button={button} controller={controller} />
          ))}
        </div>
      </div>
      {/* The sell row keeps its place when nothing is held: a first fill must not move the
          buttons below it (issue 29). */}
      <div class="mc-row" data-sell-row={group.outcome}>
        <span class="mc-row-label">
          Sell <span class={tone}>{group.outcome}</span>
          {group.sellPrice ? <span class="mc-row-price num">{group.sellPrice}</span> : null}
        </span>
        {group.sells.length > 0 ? (
          <div class="mc-buttons">
            {group.sells.map((button) => (
              <TradeButton key={button.key} button={button} controller={controller} />
            ))}
          </div>
        ) : (
          <span class="mc-muted mc-row-empty">No {group.outcome} held</span>
        )}
      </div>
      <ResultSlot result={result} controller={controller} group={group.outcome} />
    </div>
  );
}

/**
 * The order type, the presets, and the buy/sell buttons of each outcome. The presets
 * editor and the alert form open over the prices above the toolbar (`mc-overlay`), so
 * they push no button.
 */
export function TradeSection({ controller }: { controller: PanelController }) {
  const [editing, setEditing] = useState(false);
  const [alerting, setAlerting] = useState(false);
  const state = controller.state.value;
  if (!state) return null;
  return (
    <div class="mc-group mc-trade-section">
      <div class="mc-toolbar">
        <OrderTypeToggle controller={controller} />
        <button
          type="button"
          class="mc-small"
          data-action="edit-presets"
          aria-expanded={editing ? 'true' : 'false'}
          onClick={() => {
            setAlerting(false);
            setEditing(!editing);
          }}
        >
          Presets
        </button>
        <button
          type="button"
          class="mc-small"
          data-action="price-alert"
          aria-expanded={alerting ? 'true' : 'false'}
          onClick={() => {
            controller.alertSaid.value = null;
            setEditing(false);
            setAlerting(!alerting);
          }}
        >
          Alert
        </button>
        {alerting ? (
          <div class="mc-overlay">
            <PriceAlertControl
              marketSlug={state.marketSlug}
              bookless={state.market?.tradeType === 'amm'}
              onAdded={(said) => {
                // Shown in the panel's status slot until the next action or a lock.
                controller.alertSaid.value = said;
                setAlerting(false);
              }}
              onClose={() => setAlerting(false)}
            />
          </div>
        ) : null}
        {editing ? (
          <div class="mc-overlay">
            <PresetEditor
              presets={state.quickTrade.presets}
              controller={controller}
              onClose={() => setEditing(false)}
            />
          </div>
        ) : null}
      </div>
      {controller.buttons.value.map((group) => (
        <OutcomeTrade key={group.outcome} group={group} controller={controller} />
      ))}
    </div>
  );
}
