import { memo, sameData } from '../../common/memo';
import { MarketHeading } from '../MarketHeading';
import { OrderLine } from '../orders/OrderLine';
import { PriceAlertButton } from '../price-alerts/PriceAlertButton';
import type { MarketRow } from './positions';
import { sideLine } from './SideLine';

/** A CLOB position: its sides and its open orders. */
export const MarketCard = memo(function MarketCard({
  row,
  sitePattern,
}: {
  row: MarketRow;
  sitePattern: string;
}) {
  return (
    <article class="card market-card" aria-label={row.title}>
      <MarketHeading
        slug={row.slug}
        title={row.title}
        imageUrl={row.imageUrl}
        sitePattern={sitePattern}
      >
        {row.resolved ? (
          <p class="tag tag-resolved">
            Resolved{row.winner ? ` (${row.winner} won)` : ''} — payout pending
          </p>
        ) : null}
      </MarketHeading>
      {row.sides.map(sideLine)}
      {row.slug && !row.resolved ? (
        <PriceAlertButton marketSlug={row.slug} marketTitle={row.title} />
      ) : null}
      {row.orders.length > 0 ? (
        <ul class="order-list" aria-label="Open orders">
          {row.orders.map((order) => (
            <OrderLine key={order.id} order={order} />
          ))}
        </ul>
      ) : null}
    </article>
  );
}, sameData);
