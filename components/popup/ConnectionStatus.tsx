import { Countdown } from '../common/Countdown';
import type { ConnectionBadge } from './header';

/** Live / reconnecting (with the time to the next attempt) / locked / offline. */
export function ConnectionStatus({ badge }: { badge: ConnectionBadge }) {
  return (
    <span class={`conn conn-${badge.tone}`} role="status" title={badge.detail}>
      <span class="dot" aria-hidden="true" />
      {badge.label}
      {badge.nextAttemptAt ? (
        // A ticking clock inside a live region would be read out every second.
        <span aria-hidden="true">
          {' in '}
          <Countdown until={badge.nextAttemptAt} clock="local" />
        </span>
      ) : null}
    </span>
  );
}
