import type { QuickOrderType } from '../model/buttons';
import type { PanelController } from '../model/controller';

const EXPLAIN: Record<QuickOrderType, string> = {
  FOK: 'Fill or kill: spends exactly the amount, or nothing',
  FAK: 'Fill and kill: fills what it can up to the best price plus the slippage cap',
};

/** FOK or FAK for the quick-trade buttons (remembered in the settings). */
export function OrderTypeToggle({ controller }: { controller: PanelController }) {
  const current = controller.orderType.value;
  return (
    <fieldset class="mc-toggle" aria-label="Order type">
      {(['FOK', 'FAK'] as const).map((type) => (
        <button
          key={type}
          type="button"
          data-action={`order-type-${type}`}
          aria-pressed={current === type ? 'true' : 'false'}
          title={EXPLAIN[type]}
          onClick={(event) => controller.setOrderType(type, event)}
        >
          {type}
        </button>
      ))}
    </fieldset>
  );
}
