import { useEffect, useRef, useState } from 'preact/hooks';
import type { VaultView } from '../../lib/protocol/views';
import { useAction } from '../common/useAction';
import { useServices } from './services';
import { unlockErrorSentence } from './unlock';

/** Only the passphrase: nothing of the account is shown until it is unlocked. */
export function LockedScreen({ vault }: { vault: VaultView }) {
  const { send, openOptions } = useServices();
  const [passphrase, setPassphrase] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // The popup opens to take this passphrase: the field has the focus from the start.
  useEffect(() => field.current?.focus(), []);
  const unlock = useAction(async (value: string) => {
    const view = await send('vault.unlock', { passphrase: value });
    setPassphrase('');
    return view;
  });
  const submit = (event: Event) => {
    event.preventDefault();
    if (passphrase.length > 0) void unlock.run(passphrase);
  };
  return (
    <main class="locked">
      <h1>Unlock Market Companion</h1>
      <p class="muted">
        Your API token and signing key for {vault.exchangeName} are encrypted on this computer.
      </p>
      <form onSubmit={submit}>
        <label for="passphrase">Passphrase</label>
        <div class="row">
          <input
            id="passphrase"
            type="password"
            autocomplete="current-password"
            ref={field}
            value={passphrase}
            aria-invalid={unlock.error ? true : undefined}
            aria-describedby={unlock.error ? 'unlock-error' : undefined}
            onInput={(event) => {
              setPassphrase(event.currentTarget.value);
              if (unlock.error) unlock.reset();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && passphrase) {
                event.preventDefault();
                setPassphrase('');
                unlock.reset();
              }
            }}
          />
          <button type="submit" class="primary" disabled={unlock.busy || passphrase.length === 0}>
            {unlock.busy ? 'Unlocking…' : 'Unlock'}
          </button>
        </div>
        {unlock.error ? (
          <p id="unlock-error" class="error-line" role="alert">
            {unlockErrorSentence(unlock.error)}
          </p>
        ) : null}
      </form>
      <p class="muted small">
        Forgot it?{' '}
        <button type="button" class="link" onClick={openOptions}>
          Set the account up again in the options
        </button>
        .
      </p>
    </main>
  );
}
