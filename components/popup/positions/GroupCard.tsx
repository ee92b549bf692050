import { Money, Pnl } from '../../common/Money';
import { memo, sameData } from '../../common/memo';
import { MarketHeading } from '../MarketHeading';
import { MarketCard } from './MarketCard';
import type { GroupBlock } from './positions';

/** A group of markets (e.g. one event's outcomes), with its own subtotal. */
export const GroupCard = memo(function GroupCard({
  group,
  sitePattern,
}: {
  group: GroupBlock;
  sitePattern: string;
}) {
  return (
    <section class="group-card" aria-label={group.title}>
      <MarketHeading
        slug={group.slug}
        title={group.title}
        imageUrl={group.imageUrl}
        sitePattern={sitePattern}
      >
        <p class="group-total">
          <span class="caption">value</span> <Money raw={group.valueRaw} />{' '}
          <span class="caption">P&amp;L</span> <Pnl raw={group.unrealizedRaw} />
        </p>
      </MarketHeading>
      {group.markets.map((row) => (
        <MarketCard key={row.key} row={row} sitePattern={sitePattern} />
      ))}
    </section>
  );
}, sameData);
