import { errorSentence, isRetryable } from '../../../lib/core/client/errors';
import { fillWords } from '../../../lib/protocol/intent-fill';
import { Countdown } from '../../common/Countdown';
import { IN_FLIGHT_WHILE_DOWN } from '../../common/outage';
import type { PanelController, PressResult } from '../model/controller';

/** The outcome of the last press, where it was pressed; a delayed order counts down. */
export function ResultLine({
  result,
  controller,
  group,
}: {
  result: PressResult;
  controller: PanelController;
  group: string;
}) {
  const live = result.intent
    ? (controller.state.value?.intents.find(
        (i) => i.clientOrderId === result.intent?.clientOrderId,
      ) ?? result.intent)
    : null;
  const delayed = live?.state === 'delayed' && live.eligibleAt ? live : null;
  // Not "checking with the exchange" for ever: nothing answers; the desk asks when it can.
  const waiting =
    controller.state.value?.exchange.status === 'down' &&
    (live?.state === 'preparing' || live?.state === 'sending' || live?.state === 'reconciling');
  return (
    <p
      class="mc-result"
      role={result.status === 'error' ? 'alert' : 'status'}
      data-result={group}
      data-status={live ? live.state : result.status}
    >
      <span class="mc-muted">{result.title}:</span>{' '}
      {result.status === 'sending' ? <span>sending…</span> : null}
      {result.status === 'error' && result.error ? (
        <span class="error">{errorSentence(result.error)}</span>
      ) : null}
      {live ? (
        // A refused or failed order reads as its reason alone, the sentence the user is
        // owed ("rejected: Refused by…" says it twice; "failed: Not sent…" likewise).
        (live.state === 'rejected' || live.state === 'failed') && live.error ? (
          <span class="error">{errorSentence(live.error)}</span>
        ) : waiting ? (
          <span class="error" data-waiting="exchange-down">
            {IN_FLIGHT_WHILE_DOWN}
          </span>
        ) : (
          <span class="ok" title={fillWords(live).exact || undefined}>
            {live.summary}
          </span>
        )
      ) : null}
      {result.status === 'done' && !live && result.message ? (
        <span class="ok">{result.message}</span>
      ) : null}
      {delayed?.eligibleAt ? (
        <>
          {' '}
          <span class="mc-muted">
            in <Countdown until={delayed.eligibleAt} clock="exchange" />
          </span>{' '}
          <button
            type="button"
            class="mc-small danger"
            data-action="cancel-intent"
            data-client-order-id={delayed.clientOrderId}
            onClick={(event) => controller.cancelIntent(delayed, event)}
          >
            Cancel
          </button>
        </>
      ) : null}
      {result.status === 'error' && result.error && result.retry && isRetryable(result.error) ? (
        <>
          {' '}
          <button
            type="button"
            class="link"
            data-action="retry"
            onClick={(event) => controller.retry(result, event)}
          >
            Retry
          </button>
        </>
      ) : null}
    </p>
  );
}
