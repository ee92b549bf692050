import { ErrorLine } from '../common/ErrorLine';
import { refusalFor } from '../common/field-issues';
import { TextField } from '../common/TextField';
import { useAction } from '../common/useAction';
import { useFields } from '../common/useFields';
import { useDeps } from './deps';

/** The vault is locked: the passphrase opens it (a wrong one says so, in place). */
export function UnlockForm({ accountLabel }: { accountLabel: string | null }) {
  const { send } = useDeps();
  const unlock = useAction(async (value: string) => {
    await send('vault.unlock', { passphrase: value });
    form.fill({ passphrase: '' });
  });
  const form = useFields({ passphrase: '' }, { onEdit: () => unlock.reset() });
  const wrong = refusalFor(unlock.error, 'passphrase');
  const submit = form.submit(
    ({ passphrase }) => (passphrase ? {} : { passphrase: 'Enter your passphrase.' }),
    ({ passphrase }) => void unlock.run(passphrase),
  );
  return (
    <form class="card unlock" onSubmit={submit} noValidate aria-label="Unlock">
      <h2>Locked</h2>
      <p>
        Your token{accountLabel ? ` for ${accountLabel}` : ''} is encrypted. Unlock to trade,
        withdraw, or change the passphrase.
      </p>
      <TextField
        id="unlock-passphrase"
        label="Passphrase"
        type="password"
        autoComplete="current-password"
        {...form.bind('passphrase')}
        error={form.issues.passphrase ?? wrong}
      />
      {unlock.error && !wrong ? <ErrorLine error={unlock.error} /> : null}
      <div class="actions">
        <button type="submit" class="primary" disabled={unlock.busy}>
          {unlock.busy ? 'Unlocking…' : 'Unlock'}
        </button>
      </div>
    </form>
  );
}
