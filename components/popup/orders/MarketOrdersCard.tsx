import { useEffect, useRef, useState } from 'preact/hooks';
import { ErrorLine } from '../../common/ErrorLine';
import { useAction } from '../../common/useAction';
import { MarketHeading } from '../MarketHeading';
import { useServices } from '../services';
import { OrderLine } from './OrderLine';
import type { MarketOrders } from './orders';

/** One market's open orders, each cancellable, and "cancel all" behind a confirmation. */
export function MarketOrdersCard({
  block,
  sitePattern,
}: {
  block: MarketOrders;
  sitePattern: string;
}) {
  const { send } = useServices();
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const cancelAll = useAction(async (marketSlug: string) => {
    const result = await send('orders.cancelAll', { marketSlug });
    void send('portfolio.refresh', {}).catch(() => undefined);
    return result;
  });
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setConfirming(false);
  };
  const count = block.orders.length;
  const slug = block.slug;
  return (
    <article class="card orders-card" aria-label={block.title}>
      <MarketHeading
        slug={slug}
        title={block.title}
        imageUrl={block.imageUrl}
        sitePattern={sitePattern}
      >
        {block.groupTitle ? <p class="tag">{block.groupTitle}</p> : null}
      </MarketHeading>
      <ul class="order-list" aria-label="Open orders">
        {block.orders.map((order) => (
          <OrderLine key={order.id} order={order} />
        ))}
      </ul>
      {slug !== null && count > 0 ? (
        <div class="cancel-all">
          {cancelAll.result ? (
            <span class="order-done" role="status">
              {cancelAll.result.canceled.length === 1
                ? 'Cancelled 1 order'
                : `Cancelled ${cancelAll.result.canceled.length} orders`}
            </span>
          ) : confirming ? (
            <>
              <span>Cancel all {count} orders on this market?</span>
              <button
                ref={confirmButton}
                type="button"
                class="small danger"
                disabled={cancelAll.busy}
                onKeyDown={onEscape}
                onClick={() => void cancelAll.run(slug).then(() => setConfirming(false))}
              >
                {cancelAll.busy ? 'Cancelling…' : 'Cancel all'}
              </button>
              <button
                type="button"
                class="small ghost"
                onKeyDown={onEscape}
                onClick={() => setConfirming(false)}
              >
                Keep them
              </button>
            </>
          ) : (
            <button type="button" class="small" onClick={() => setConfirming(true)}>
              Cancel all ({count})
            </button>
          )}
        </div>
      ) : null}
      {cancelAll.error ? (
        <ErrorLine error={cancelAll.error} onRetry={() => slug && void cancelAll.run(slug)} />
      ) : null}
    </article>
  );
}
