import { formatContracts } from '../../../lib/core/format/money';
import { formatRawCents, formatRawPercent } from '../../../lib/core/format/raw-price';
import { Money, Pnl } from '../../common/Money';
import { CardHeader } from './CardHeader';
import { type TradeCard as Card, OUTCOME_LABELS } from './feed-cards';
import { SubjectLink } from './SubjectLink';

const dash = '—';

/** BOUGHT / SOLD: who, side, outcome, contracts, price, notional; closing figures on SOLD. */
export function TradeCard({
  card,
  sitePattern,
  now,
}: {
  card: Card;
  sitePattern: string;
  now?: number;
}) {
  const close = card.close;
  return (
    <article
      class={`feed-card trade-card trade-${card.verb}`}
      data-entry={card.verb === 'bought' ? 'BOUGHT' : 'SOLD'}
    >
      <CardHeader
        who={card.who}
        avatarUrl={card.avatarUrl}
        action={card.verb}
        occurredAt={card.occurredAt}
        now={now}
      />
      <SubjectLink subject={card.subject} sitePattern={sitePattern} />
      <p class="trade-line">
        <span class={`chip chip-${card.outcome.toLowerCase()}`}>
          {OUTCOME_LABELS[card.outcome]}
        </span>{' '}
        <span class="num">
          {card.contractsRaw === null ? dash : formatContracts(card.contractsRaw)}
        </span>{' '}
        @ <span class="num">{card.priceRaw === null ? dash : formatRawCents(card.priceRaw)}</span> ·{' '}
        <span title={card.symbol}>
          {card.notionalRaw === null ? dash : <Money raw={card.notionalRaw} />}
        </span>
      </p>
      {card.valueNowRaw !== null ? (
        <p class="value-now muted">
          Worth <Money raw={card.valueNowRaw} /> at the current price
        </p>
      ) : null}
      {close === 'pending' ? (
        <p class="close-pending muted">Closing figures pending</p>
      ) : close ? (
        <p class="close-figures">
          Realised {close.realizedPnlRaw === null ? dash : <Pnl raw={close.realizedPnlRaw} />}
          {close.roiRaw !== null ? (
            <span
              class={`num pnl-${close.roiRaw > 0n ? 'gain' : close.roiRaw < 0n ? 'loss' : 'flat'}`}
            >
              {' '}
              ({formatRawPercent(close.roiRaw, 1)} ROI)
            </span>
          ) : null}
          {close.averageEntryPriceRaw !== null ? (
            <span class="muted"> · entry {formatRawCents(close.averageEntryPriceRaw)}</span>
          ) : null}
        </p>
      ) : null}
    </article>
  );
}
