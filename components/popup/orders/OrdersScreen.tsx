import { useMemo } from 'preact/hooks';
import type { IntentView } from '../../../lib/protocol/intent';
import type { PortfolioView } from '../../../lib/protocol/views';
import { IntentLine } from './IntentLine';
import { intentRows } from './intents';
import { MarketOrdersCard } from './MarketOrdersCard';
import { openOrdersByMarket } from './orders';

export function OrdersScreen({
  portfolio,
  intents,
  sitePattern,
}: {
  portfolio: PortfolioView;
  intents: IntentView[];
  sitePattern: string;
}) {
  const blocks = useMemo(
    () => (portfolio.positions ? openOrdersByMarket(portfolio.positions) : null),
    [portfolio.positions],
  );
  const rows = useMemo(() => intentRows(intents), [intents]);
  return (
    <div class="orders-screen">
      <section aria-labelledby="open-orders-title">
        <h2 id="open-orders-title">Open orders</h2>
        {blocks === null ? (
          <p class="muted" role="status">
            {portfolio.error ? 'Open orders are not available right now.' : 'Loading open orders…'}
          </p>
        ) : blocks.length === 0 ? (
          <p class="empty">No open orders.</p>
        ) : (
          blocks.map((block) => (
            <MarketOrdersCard key={block.key} block={block} sitePattern={sitePattern} />
          ))
        )}
      </section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">Recent orders from this extension</h2>
        {rows.length === 0 ? (
          <p class="empty">
            One-click orders you place on market pages show here with their outcome.
          </p>
        ) : (
          <ul class="intent-list" aria-labelledby="recent-title">
            {rows.map((row) => (
              <IntentLine key={row.id} row={row} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
