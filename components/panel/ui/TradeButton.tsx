import { memo, sameFields } from '../../common/memo';
import { armedText, confirmLabel, type TradeButtonModel } from '../model/buttons';
import type { PanelController } from '../model/controller';

/**
 * One quick-trade button: the amount, and the estimate (contracts and limit) before the
 * click; "Confirm $250" (labelled "Click again to confirm $250") while a large order waits
 * for its second click.
 * Its pointer-down readies the order its click would make (`PanelController.primePress`).
 * Every book update makes new models; one whose fields are all the same is not redrawn
 * (arming and sending still are: they are signals it reads).
 */
export const TradeButton = memo(
  function TradeButton({
    button,
    controller,
  }: {
    button: TradeButtonModel;
    controller: PanelController;
  }) {
    const armed = controller.armed.value?.key === button.key;
    const busy = controller.busy.value.has(button.key);
    const what = `${button.side === 'BUY' ? 'Buy' : 'Sell'} ${button.outcome} ${button.label} ${button.orderType}`;
    return (
      <button
        type="button"
        class={`mc-trade ${button.side.toLowerCase()} ${button.outcome.toLowerCase()}${armed ? ' armed' : ''}`}
        data-key={button.key}
        data-armed={armed ? 'true' : undefined}
        disabled={button.disabledReason !== null}
        aria-busy={busy ? 'true' : 'false'}
        aria-label={armed ? `${confirmLabel(button)}: ${what}` : what}
        title={
          armed
            ? confirmLabel(button)
            : (button.disabledReason ?? (button.estimate ? `${what}: ${button.estimate}` : what))
        }
        onPointerDown={(event) => controller.primePress(button, event)}
        onClick={(event) => controller.press(button, event)}
      >
        <span class="mc-trade-main">{armed ? armedText(button) : button.label}</span>{' '}
        <span class="mc-trade-sub num">
          {armed ? 'within 3 s' : busy ? 'sending…' : (button.contracts ?? ' ')}
        </span>
      </button>
    );
  },
  (a, b) => a.controller === b.controller && sameFields(a.button, b.button),
);
