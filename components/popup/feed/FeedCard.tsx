import type { FeedEntry } from '../../../lib/core/api/feed';
import { ActivityCard } from './ActivityCard';
import { feedCard } from './feed-cards';
import { ParlayCard } from './ParlayCard';
import { ResolvedCard } from './ResolvedCard';
import { TradeCard } from './TradeCard';

/** The card of one feed entry, by its type. */
export function FeedCard({
  entry,
  sitePattern,
  now,
}: {
  entry: FeedEntry;
  sitePattern: string;
  now?: number;
}) {
  const card = feedCard(entry);
  switch (card.kind) {
    case 'trade':
      return <TradeCard card={card} sitePattern={sitePattern} now={now} />;
    case 'resolved':
      return <ResolvedCard card={card} sitePattern={sitePattern} now={now} />;
    case 'parlay':
      return <ParlayCard card={card} now={now} />;
    case 'activity':
      return <ActivityCard card={card} now={now} />;
  }
}
