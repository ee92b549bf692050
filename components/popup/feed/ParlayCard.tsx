import { formatContracts } from '../../../lib/core/format/money';
import { shortDateTime } from '../../../lib/core/format/time';
import { Money, Pnl } from '../../common/Money';
import { CardHeader } from './CardHeader';
import type { ParlayCard as Card, ParlayLegRow } from './feed-cards';
import { RESULT_WORDS } from './ResolvedCard';

function Leg({ leg }: { leg: ParlayLegRow }) {
  const teams = leg.home || leg.away ? `${leg.home ?? '?'} vs ${leg.away ?? '?'}` : 'Leg';
  return (
    <li class="leg">
      {leg.league ? <span class="leg-league">{leg.league}</span> : null}
      <span class="leg-teams">{teams}</span>
      {leg.score !== null ? <span class="leg-score num">{leg.score}</span> : null}
      {leg.kickoff ? (
        <time class="leg-kickoff" dateTime={leg.kickoff}>
          {shortDateTime(leg.kickoff)}
        </time>
      ) : null}
    </li>
  );
}

/** PARLAY_PLACED / PARLAY_RESOLVED: the legs, stake, multiplier and payout. */
export function ParlayCard({ card, now }: { card: Card; now?: number }) {
  return (
    <article
      class="feed-card parlay-card"
      data-entry={card.resolved ? 'PARLAY_RESOLVED' : 'PARLAY_PLACED'}
    >
      <CardHeader
        who={card.who}
        avatarUrl={card.avatarUrl}
        action={card.resolved ? 'settled a parlay' : 'placed a parlay'}
        occurredAt={card.occurredAt}
        now={now}
      />
      {card.name ? <p class="parlay-name">{card.name}</p> : null}
      <ol class="legs">
        {card.legs.map((leg) => (
          <Leg key={leg.key} leg={leg} />
        ))}
      </ol>
      <p class="parlay-terms">
        Stake {card.stakeRaw === null ? '—' : <Money raw={card.stakeRaw} />} ·{' '}
        <span class="num">
          ×{card.multiplierRaw === null ? '—' : formatContracts(card.multiplierRaw)}
        </span>{' '}
        · {card.resolved ? 'could have paid' : 'pays'}{' '}
        {card.potentialPayoutRaw === null ? '—' : <Money raw={card.potentialPayoutRaw} />}
      </p>
      {card.resolved && card.result ? (
        <p class="result-line">
          <span class={`result result-${card.result.toLowerCase()}`}>
            {RESULT_WORDS[card.result]}
          </span>
          {card.payoutRaw !== null ? (
            <>
              {' '}
              · paid <Money raw={card.payoutRaw} />
            </>
          ) : null}
          {card.realizedPnlRaw !== null ? (
            <>
              {' '}
              · <Pnl raw={card.realizedPnlRaw} />
            </>
          ) : null}
        </p>
      ) : null}
    </article>
  );
}
