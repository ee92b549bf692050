import { useState } from 'preact/hooks';
import type { OutcomeButtons } from '@/components/panel/model/buttons';
import type { PanelController } from '../model/controller';
import { AlertControl } from './AlertControl';
import { OrderTypeToggle } from './OrderTypeToggle';
import { PresetEditor } from './PresetEditor';
import { ResultLine } from './ResultLine';
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
      {group.sells.length > 0 ? (
        <div class="mc-row">
          <span class="mc-row-label">
            Sell <span class={tone}>{group.outcome}</span>
            {group.sellPrice ? <span class="mc-row-price num">{group.sellPrice}</span> : null}
          </span>
          <div class="mc-buttons">
            {group.sells.map((button) => (
              <TradeButton key={button.key} button={button} controller={controller} />
            ))}
          </div>
        </div>
      ) : null}
      {result ? <ResultLine result={result} controller={controller} group={group.outcome} /> : null}
    </div>
  );
}

/** The order type, the presets, and the buy/sell buttons of each outcome. */
export function TradeSection({ controller }: { controller: PanelController }) {
  const [editing, setEditing] = useState(false);
  const [alerting, setAlerting] = useState(false);
  const [alertSaid, setAlertSaid] = useState<string | null>(null);
  const state = controller.state.value;
  if (!state) return null;
  return (
    <div class="mc-group">
      <div class="mc-toolbar">
        <OrderTypeToggle controller={controller} />
        <button
          type="button"
          class="mc-small"
          data-action="edit-presets"
          aria-expanded={editing ? 'true' : 'false'}
          onClick={() => setEditing(!editing)}
        >
          Presets
        </button>
        <button
          type="button"
          class="mc-small"
          data-action="price-alert"
          aria-expanded={alerting ? 'true' : 'false'}
          onClick={() => {
            setAlertSaid(null);
            setAlerting(!alerting);
          }}
        >
          Alert
        </button>
      </div>
      {alerting ? (
        <AlertControl
          marketSlug={state.marketSlug}
          bookless={state.market?.tradeType === 'amm'}
          onAdded={(said) => {
            setAlertSaid(said);
            setAlerting(false);
          }}
          onClose={() => setAlerting(false)}
        />
      ) : null}
      {alertSaid ? (
        <p class="mc-hint" role="status" data-alert-said="">
          {alertSaid}
        </p>
      ) : null}
      {editing ? (
        <PresetEditor
          presets={state.quickTrade.presets}
          controller={controller}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {controller.buttons.value.map((group) => (
        <OutcomeTrade key={group.outcome} group={group} controller={controller} />
      ))}
    </div>
  );
}
