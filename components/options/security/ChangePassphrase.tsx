import { ErrorLine } from '../../common/ErrorLine';
import { type FieldIssues, refusalFor } from '../../common/field-issues';
import { TextField } from '../../common/TextField';
import { useAction } from '../../common/useAction';
import { useFields } from '../../common/useFields';
import { useDeps } from '../deps';
import { checkPassphrasePair } from '../onboarding/passphrase-step';
import { StrengthMeter } from '../onboarding/StrengthMeter';

type Field = 'current' | 'next' | 'confirmation';

/** The vault re-encrypted under a new passphrase (the current one proves it is you). */
export function ChangePassphrase() {
  const { send } = useDeps();
  const change = useAction(async (current: string, next: string) => {
    await send('vault.changePassphrase', { current, next });
    form.fill({ current: '', next: '', confirmation: '' });
    return true;
  });
  const form = useFields<Field>(
    { current: '', next: '', confirmation: '' },
    { onEdit: () => change.reset() },
  );
  const { current, next } = form.values;
  const wrongCurrent = refusalFor(change.error, 'passphrase');
  const submit = form.submit(
    ({ current, next, confirmation }) => {
      const pair = checkPassphrasePair(next, confirmation);
      const found: FieldIssues<Field> = {
        ...(current ? {} : { current: 'Enter your current passphrase.' }),
        ...(pair.passphrase ? { next: pair.passphrase } : {}),
        ...(pair.confirmation ? { confirmation: pair.confirmation } : {}),
      };
      if (!found.current && !found.next && next === current) {
        found.next = 'The new passphrase is the same as the current one.';
      }
      return found;
    },
    () => void change.run(current, next),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-passphrase-title">
      <h3 id="change-passphrase-title">Change passphrase</h3>
      <TextField
        id="current-passphrase"
        label="Current passphrase"
        type="password"
        autoComplete="current-password"
        {...form.bind('current')}
        error={form.issues.current ?? wrongCurrent}
      />
      <TextField
        id="new-passphrase"
        label="New passphrase"
        type="password"
        autoComplete="new-password"
        {...form.bind('next')}
        error={form.issues.next}
      />
      <StrengthMeter passphrase={next} id="new-passphrase-strength" />
      <TextField
        id="new-passphrase-confirmation"
        label="New passphrase again"
        type="password"
        autoComplete="new-password"
        {...form.bind('confirmation')}
        error={form.issues.confirmation}
      />
      {change.error && !wrongCurrent ? <ErrorLine error={change.error} /> : null}
      {change.result ? (
        <output class="status" aria-live="polite">
          Passphrase changed.
        </output>
      ) : null}
      <div class="actions">
        <button type="submit" class="primary" disabled={change.busy}>
          {change.busy ? 'Re-encrypting…' : 'Change passphrase'}
        </button>
      </div>
    </form>
  );
}
