import { type ClientErrorInfo, errorSentence, isRetryable } from '../../lib/core/client/errors';

/** One sentence in place of the thing that failed, with a retry where retrying helps. */
export function ErrorLine({ error, onRetry }: { error: ClientErrorInfo; onRetry?: () => void }) {
  return (
    <p class="error-line" role="alert">
      <span>{errorSentence(error)}</span>
      {onRetry && isRetryable(error) ? (
        <button type="button" class="link" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </p>
  );
}
