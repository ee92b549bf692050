import { shortDateTime } from '../../../lib/core/format/time';
import { describeCondition, MAX_PRICE_ALERTS } from '../../../lib/core/price-alerts/rules';
import type { PriceAlert } from '../../../lib/core/price-alerts/schema';
import { ErrorLine } from '../../common/ErrorLine';
import { useAction } from '../../common/useAction';
import { MarketHeading } from '../MarketHeading';
import { useServices } from '../services';

function AlertLine({ alert, sitePattern }: { alert: PriceAlert; sitePattern: string }) {
  const { send } = useServices();
  const remove = useAction(() => send('priceAlerts.remove', { id: alert.id }));
  const condition = describeCondition(alert);
  const fired = alert.firedAt !== null;
  return (
    <li
      class={`card alert-line${fired ? ' fired' : ''}`}
      aria-label={`${condition} on ${alert.marketTitle}`}
    >
      <MarketHeading
        slug={alert.marketSlug}
        title={alert.marketTitle}
        imageUrl={null}
        sitePattern={sitePattern}
        level={4}
      >
        <p class="alert-condition">
          <span>{condition}</span>{' '}
          {alert.firedAt !== null ? (
            <span class="tag tag-fired">Fired {shortDateTime(alert.firedAt)}</span>
          ) : (
            <span class="tag tag-armed">Armed</span>
          )}
        </p>
      </MarketHeading>
      <button
        type="button"
        class="small"
        disabled={remove.busy}
        aria-label={`Remove alert ${condition} on ${alert.marketTitle}`}
        onClick={() => void remove.run()}
      >
        Remove
      </button>
      {remove.error ? <ErrorLine error={remove.error} /> : null}
    </li>
  );
}

/**
 * The price alerts, armed first then fired. A fired alert stays listed (disarmed, with
 * when it fired) until removed: a trader who missed the notification still sees it.
 */
export function PriceAlertsScreen({
  alerts,
  sitePattern,
}: {
  alerts: readonly PriceAlert[];
  sitePattern: string;
}) {
  if (alerts.length === 0) {
    return (
      <p class="muted empty">
        No price alerts. Set one with “Alert” on a position, or from the panel on a market page.
      </p>
    );
  }
  const ordered = [
    ...alerts.filter((a) => a.firedAt === null),
    ...alerts.filter((a) => a.firedAt !== null).reverse(),
  ];
  return (
    <>
      <p class="muted alert-count">
        {alerts.length} of {MAX_PRICE_ALERTS} alerts
      </p>
      <ul class="alert-list" aria-label="Price alerts">
        {ordered.map((alert) => (
          <AlertLine key={alert.id} alert={alert} sitePattern={sitePattern} />
        ))}
      </ul>
    </>
  );
}
