import { Money, Pnl } from '../../common/Money';
import type { PortfolioTotals } from './positions';

/** What the totals' P&L is marked at: each line's own tooltip says it for that side. */
const TOTAL_MARK_WORDS =
  "Each side held is valued at what selling it now would get (its outcome's bids, less any sell fee), or at the exchange's figure where no live book marks it.";

/** The four figures at the top of the Positions screen, two a row. */
export function Totals({ totals }: { totals: PortfolioTotals }) {
  return (
    <div class="totals-block">
      <dl class="totals">
        <div>
          <dt>Value</dt>
          <dd>
            <Money raw={totals.valueRaw} />
          </dd>
        </div>
        <div title={TOTAL_MARK_WORDS}>
          <dt>Unrealised P&amp;L</dt>
          <dd>
            <Pnl raw={totals.unrealizedRaw} />
          </dd>
        </div>
        <div>
          <dt>Today's rewards</dt>
          <dd>
            <Money raw={totals.todaysRewardsRaw} />
          </dd>
        </div>
        <div>
          <dt>Points</dt>
          <dd class="num">{totals.points.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {totals.unpriced > 0 ? (
        <p class="totals-note muted">
          {totals.unpriced === 1
            ? '1 position has no price yet and is not counted.'
            : `${totals.unpriced} positions have no price yet and are not counted.`}
        </p>
      ) : null}
    </div>
  );
}
