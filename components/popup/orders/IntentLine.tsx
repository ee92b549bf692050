import { Countdown } from '../../common/Countdown';
import { ErrorLine } from '../../common/ErrorLine';
import { useAction } from '../../common/useAction';
import { useServices } from '../services';
import type { IntentRow } from './intents';

/** One of the desk's recent orders and where it ended up. */
export function IntentLine({ row }: { row: IntentRow }) {
  const { send } = useServices();
  const cancel = useAction(() => send('intents.cancel', { clientOrderId: row.id }));
  return (
    <li class={`intent-line tone-${row.tone}`}>
      <div class="intent-head">
        <span class="intent-title">{row.title}</span>
        <span class={`state state-${row.tone}`}>{row.label}</span>
      </div>
      <div class="intent-body">
        <span class="intent-what">{row.what}</span>
        {row.delayedUntil ? (
          <span class="intent-delay">
            until{' '}
            <time dateTime={row.delayedUntil}>
              {new Date(row.delayedUntil).toLocaleTimeString()}
            </time>{' '}
            (<Countdown until={row.delayedUntil} clock="exchange" />)
          </span>
        ) : null}
        {row.cancellable && !cancel.result ? (
          <button
            type="button"
            class="small"
            disabled={cancel.busy}
            aria-label={`Cancel ${row.what} on ${row.title}`}
            onClick={() => void cancel.run()}
          >
            {cancel.busy ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : null}
      </div>
      {row.detail ? (
        <p class="intent-detail" title={row.detailExact || undefined}>
          {row.detail}
        </p>
      ) : null}
      {cancel.error ? <ErrorLine error={cancel.error} onRetry={() => void cancel.run()} /> : null}
    </li>
  );
}
