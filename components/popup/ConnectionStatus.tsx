import { Countdown } from '@/components/common/Countdown';
import type { ConnectionBadge } from '@/lib/popup-model/header';

/** Live / reconnecting (with the time to the next attempt) / locked / offline. */
export function ConnectionStatus({ badge }: { badge: ConnectionBadge }) {
  return (
    <span class={`conn conn-${badge.tone}`} role="status" title={badge.detail}>
      <span class="dot" aria-hidden="true" />
      {badge.label}
      {badge.nextAttemptAt ? (
        <>
          {' in '}
          <Countdown until={badge.nextAttemptAt} />
        </>
      ) : null}
    </span>
  );
}
