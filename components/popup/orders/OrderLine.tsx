import { formatContracts } from '../../../lib/core/format/money';
import { formatCents } from '../../../lib/core/format/price';
import { Countdown } from '../../common/Countdown';
import { ErrorLine } from '../../common/ErrorLine';
import { useAction } from '../../common/useAction';
import type { OrderRow } from '../positions/positions';
import { useServices } from '../services';

/** `BUY YES 4 of 10 @ 55¢`. */
export function orderText(order: OrderRow): string {
  const size =
    order.filledRaw > 0n
      ? `${formatContracts(order.remainingRaw)} of ${formatContracts(order.originalRaw)}`
      : formatContracts(order.remainingRaw);
  return `${order.side} ${order.outcome ?? '?'} ${size} @ ${formatCents(order.price)}`;
}

/** One open order with its one-click cancel. */
export function OrderLine({ order }: { order: OrderRow }) {
  const { send } = useServices();
  const cancel = useAction(async (marketSlug: string) => {
    const result = await send('orders.cancel', { marketSlug, orderId: order.id });
    // The list follows from the next positions snapshot; ask for it now.
    void send('portfolio.refresh', {}).catch(() => undefined);
    return result;
  });
  const text = orderText(order);
  const slug = order.marketSlug;
  return (
    <li class="order-line">
      <div class="order-main">
        <span class={`order-what side-${order.side.toLowerCase()}`}>{text}</span>
        <span class="order-meta">
          {order.orderType}
          {order.postOnly ? ' · post-only' : ''}
          {order.delayedUntil ? (
            <>
              {' · delayed '}
              <Countdown until={order.delayedUntil} clock="exchange" />
            </>
          ) : null}
        </span>
        {cancel.result ? (
          <span class="order-done" role="status">
            Cancelled
          </span>
        ) : (
          <button
            type="button"
            class="small"
            disabled={cancel.busy || slug === null}
            aria-label={`Cancel ${text}`}
            title={
              slug === null ? 'The exchange did not say which market this order is on.' : undefined
            }
            onClick={() => slug !== null && void cancel.run(slug)}
          >
            {cancel.busy ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
      {cancel.error ? (
        <ErrorLine error={cancel.error} onRetry={() => slug && void cancel.run(slug)} />
      ) : null}
    </li>
  );
}
