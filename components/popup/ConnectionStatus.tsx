import { Countdown } from '../common/Countdown';
import type { ConnectionLine } from './header-lines';

/** Live / reconnecting (with the time to the next attempt) / locked / offline. */
export function ConnectionStatus({ line }: { line: ConnectionLine }) {
  return (
    <span class={`conn conn-${line.tone}`} role="status" title={line.detail}>
      <span class="dot" aria-hidden="true" />
      {line.label}
      {line.nextAttemptAt ? (
        // A ticking clock inside a live region would be read out every second.
        <span aria-hidden="true">
          {' in '}
          <Countdown until={line.nextAttemptAt} clock="local" />
        </span>
      ) : null}
    </span>
  );
}
