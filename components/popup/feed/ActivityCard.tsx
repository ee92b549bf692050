import { CardHeader } from './CardHeader';
import type { ActivityCard as Card } from './feed-cards';

/** An entry type this version does not know yet: a neutral line. */
export function ActivityCard({ card, now }: { card: Card; now?: number }) {
  return (
    <article class="feed-card activity-card" data-entry={card.entryType}>
      <CardHeader
        who={card.who}
        avatarUrl={card.avatarUrl}
        action="had new activity"
        occurredAt={card.occurredAt}
        now={now}
      />
    </article>
  );
}
