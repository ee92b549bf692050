import { formatContracts } from '../../../lib/core/format/money';
import { fromRaw } from '../../../lib/core/orders/units';
import { Money, Pnl } from '../../common/Money';
import { memo, sameData } from '../../common/memo';
import { MarketHeading } from '../MarketHeading';
import { PriceAlertButton } from '../price-alerts/PriceAlertButton';
import type { AmmRow } from './positions';

/** An AMM has no book to sell into here: its value stays the latest outcome-token price's. */
const AMM_MARK_WORDS =
  "Valued at the AMM's latest outcome-token price, as the exchange reports it: not marked to a live book.";

/** An AMM position: what was paid, and its value only when a price exists. */
export const AmmCard = memo(function AmmCard({
  row,
  sitePattern,
}: {
  row: AmmRow;
  sitePattern: string;
}) {
  return (
    <article class="card amm-card" aria-label={row.title}>
      <MarketHeading
        slug={row.slug}
        title={row.title}
        imageUrl={row.imageUrl}
        sitePattern={sitePattern}
      >
        <p class="tag">AMM{row.resolved ? ' · resolved — payout pending' : ''}</p>
      </MarketHeading>
      <div class="side-line">
        <span class={`chip chip-${row.outcome.toLowerCase()}`}>{row.outcome}</span>
        <div class="side-figures">
          <div class="side-row">
            <span class="figure num" title={`${fromRaw(row.contractsRaw)} contracts`}>
              {formatContracts(row.contractsRaw)}
            </span>
            {row.unrealizedRaw !== null ? (
              <span class="figure" title={AMM_MARK_WORDS}>
                <span class="caption">P&amp;L</span> <Pnl raw={row.unrealizedRaw} />
              </span>
            ) : (
              <span class="figure muted">no price yet</span>
            )}
          </div>
          <div class="side-row sub">
            <span class="figure">
              <span class="caption">paid</span> <Money raw={row.costRaw} />
            </span>
            {row.valueRaw !== null ? (
              <span class="figure" title={AMM_MARK_WORDS}>
                <span class="caption">value</span> <Money raw={row.valueRaw} />
              </span>
            ) : null}
          </div>
        </div>
      </div>
      {row.slug && !row.resolved ? (
        <PriceAlertButton marketSlug={row.slug} marketTitle={row.title} bookless />
      ) : null}
    </article>
  );
}, sameData);
