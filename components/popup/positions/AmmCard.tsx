import { formatContracts } from '../../../lib/core/format/money';
import { Money, Pnl } from '../../common/Money';
import { MarketHeading } from '../MarketHeading';
import { AlertButton } from '../price-alerts/AlertButton';
import type { AmmRow } from './positions';

/** An AMM position: what was paid, and its value only when a price exists. */
export function AmmCard({ row, sitePattern }: { row: AmmRow; sitePattern: string }) {
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
            <span class="num">{formatContracts(row.contractsRaw)}</span>
            <span class="figure">
              <span class="caption">paid</span> <Money raw={row.costRaw} />
            </span>
            {row.valueRaw !== null && row.unrealizedRaw !== null ? (
              <>
                <span class="figure">
                  <span class="caption">value</span> <Money raw={row.valueRaw} />
                </span>
                <span class="figure">
                  <span class="caption">P&amp;L</span> <Pnl raw={row.unrealizedRaw} />
                </span>
              </>
            ) : (
              <span class="figure muted">no price yet</span>
            )}
          </div>
        </div>
      </div>
      {row.slug && !row.resolved ? (
        <AlertButton marketSlug={row.slug} marketTitle={row.title} bookless />
      ) : null}
    </article>
  );
}
