import type { ResolutionResult } from '../../../lib/core/api/feed';
import { Money, Pnl } from '../../common/Money';
import { CardHeader } from './CardHeader';
import type { ResolvedCard as Card } from './feed-cards';
import { SubjectLink } from './SubjectLink';

export const RESULT_WORDS: Record<ResolutionResult, string> = {
  WON: 'Won',
  LOST: 'Lost',
  BREAK_EVEN: 'Broke even',
  UNRECOGNIZED: 'Resolved',
};

/** A market or group resolved for a trader: won, lost or broke even, with the P&L. */
export function ResolvedCard({
  card,
  sitePattern,
  now,
}: {
  card: Card;
  sitePattern: string;
  now?: number;
}) {
  return (
    <article class="feed-card resolved-card" data-entry="RESOLVED">
      <CardHeader
        who={card.who}
        avatarUrl={card.avatarUrl}
        action="had a market resolve"
        occurredAt={card.occurredAt}
        now={now}
      />
      <SubjectLink subject={card.subject} sitePattern={sitePattern} />
      <p class="result-line">
        <span class={`result result-${card.result.toLowerCase()}`}>
          {RESULT_WORDS[card.result]}
        </span>{' '}
        {card.realizedPnlRaw !== null ? <Pnl raw={card.realizedPnlRaw} /> : null}
        {card.payoutRaw !== null && card.costBasisRaw !== null ? (
          <span class="muted">
            {' '}
            · paid <Money raw={card.payoutRaw} /> on <Money raw={card.costBasisRaw} /> cost
          </span>
        ) : null}
      </p>
    </article>
  );
}
