import type { FeedAudience, FeedEmptyReason } from '../../../lib/core/api/feed';
import { type ClientErrorInfo, errorSentence } from '../../../lib/core/client/errors';
import { Countdown } from '../../common/Countdown';

/** `featured` had nothing, so the server served `all`. */
export function FallbackNote({
  requested,
  served,
}: {
  requested: FeedAudience;
  served: FeedAudience;
}) {
  if (requested === served) return null;
  return (
    <p class="note" role="note">
      {requested === 'featured'
        ? 'Nothing is featured right now, so this shows all trades.'
        : `Showing ${served} trades instead of ${requested}.`}
    </p>
  );
}

const EMPTY_WORDS: Record<FeedEmptyReason, string> = {
  NO_FOLLOWS: 'You follow nobody yet. Follow traders on the exchange to see their trades here.',
  NO_RECENT_ACTIVITY: 'The traders you follow have been quiet for the last 24 hours.',
  UNRECOGNIZED: 'No trades from the traders you follow in the last 24 hours.',
};

/** An empty page, in plain words. */
export function FeedEmpty({
  audience,
  reason,
}: {
  audience: FeedAudience;
  reason: FeedEmptyReason | null;
}) {
  const text =
    audience === 'following' && reason
      ? EMPTY_WORDS[reason]
      : audience === 'following'
        ? 'No trades from the traders you follow in the last 24 hours.'
        : 'No trades in the last 24 hours.';
  return <p class="empty">{text}</p>;
}

/**
 * 503: the feed is being built or is behind. The list is cleared (never stale data
 * shown as fresh) and the next attempt is counted down.
 */
export function UnavailableBanner({
  error,
  retryAt,
  onRetry,
}: {
  error: ClientErrorInfo;
  retryAt: number | null;
  onRetry: () => void;
}) {
  return (
    <div class="banner banner-warn feed-unavailable" role="status">
      <span>{errorSentence(error)}</span>{' '}
      {retryAt === null ? (
        <span>Retrying now…</span>
      ) : (
        <span aria-hidden="true">
          Next try in <Countdown until={new Date(retryAt).toISOString()} clock="local" />.
        </span>
      )}{' '}
      <button type="button" class="link" onClick={onRetry} disabled={retryAt === null}>
        Retry now
      </button>
    </div>
  );
}
