import { useState } from 'preact/hooks';
import { ConfirmBox } from '../../common/ConfirmBox';
import { ErrorLine } from '../../common/ErrorLine';
import { useAction } from '../../common/useAction';
import { useDeps } from '../deps';

/** Deletes the encrypted token and key from this browser, after a confirmation. */
export function ForgetVault() {
  const { send } = useDeps();
  const [asking, setAsking] = useState(false);
  const forget = useAction(async () => {
    await send('vault.forget', { confirm: true });
    setAsking(false);
  });
  return (
    <div class="forget">
      <h3>Forget everything</h3>
      <p>
        Deletes the encrypted token and key from this browser; settings stay. Use it to start over
        or if the passphrase is lost.
      </p>
      {asking ? (
        <ConfirmBox
          title="Forget the token and key?"
          confirmLabel="Forget everything"
          danger
          busy={forget.busy}
          onConfirm={() => void forget.run()}
          onCancel={() => setAsking(false)}
        >
          <p>
            The extension will need the token id, the secret and the key again (or the sandbox's
            demo account). This cannot be undone.
          </p>
        </ConfirmBox>
      ) : (
        <button type="button" class="danger" onClick={() => setAsking(true)}>
          Forget everything…
        </button>
      )}
      {forget.error ? <ErrorLine error={forget.error} /> : null}
    </div>
  );
}
