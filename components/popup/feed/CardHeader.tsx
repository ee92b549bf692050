import { timeAgo } from '../../../lib/core/format/time';
import { lazyImage } from '../../common/lazy-image';
import { useExchangeImage } from '../images';

/** Who did it, what, and when. */
export function CardHeader({
  who,
  avatarUrl,
  action,
  occurredAt,
  now,
}: {
  who: string | null;
  avatarUrl: string | null;
  action: string;
  occurredAt: string;
  now?: number;
}) {
  const name = who ?? 'A trader';
  const avatar = useExchangeImage(avatarUrl);
  return (
    <header class="card-head">
      {avatar ? (
        lazyImage({
          class: 'avatar',
          src: avatar,
          size: 20,
          fallback: name.slice(0, 1).toUpperCase(),
        })
      ) : (
        <span class="avatar avatar-empty" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span class="card-who">
        <strong>{name}</strong> {action}
      </span>
      <time class="card-time" dateTime={occurredAt} title={new Date(occurredAt).toLocaleString()}>
        {timeAgo(occurredAt, now)}
      </time>
    </header>
  );
}
