import { useState } from 'preact/hooks';
import { ErrorLine } from '@/components/common/ErrorLine';
import { type FieldIssues, refusalFor } from '@/components/common/field-issues';
import { TextField } from '@/components/common/TextField';
import { useAction } from '@/components/common/useAction';
import { checkPassphrasePair } from '@/components/options/onboarding/passphrase-step';
import { useDeps } from '../deps';
import { StrengthMeter } from '../onboarding/StrengthMeter';

type Field = 'current' | 'next' | 'confirmation';

/** The vault re-encrypted under a new passphrase (the current one proves it is you). */
export function ChangePassphrase() {
  const { send } = useDeps();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [issues, setIssues] = useState<FieldIssues<Field>>({});
  const change = useAction(async () => {
    await send('vault.changePassphrase', { current, next });
    setCurrent('');
    setNext('');
    setConfirmation('');
    return true;
  });
  const wrongCurrent = refusalFor(change.error, 'passphrase');
  const submit = (event: Event) => {
    event.preventDefault();
    const pair = checkPassphrasePair(next, confirmation);
    const found: FieldIssues<Field> = {
      ...(current ? {} : { current: 'Enter your current passphrase.' }),
      ...(pair.passphrase ? { next: pair.passphrase } : {}),
      ...(pair.confirmation ? { confirmation: pair.confirmation } : {}),
    };
    if (!found.current && !found.next && next === current) {
      found.next = 'The new passphrase is the same as the current one.';
    }
    setIssues(found);
    if (Object.keys(found).length === 0) void change.run();
  };
  const input = (field: Field, set: (v: string) => void) => (value: string) => {
    set(value);
    change.reset();
    if (issues[field]) setIssues({ ...issues, [field]: undefined });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-passphrase-title">
      <h3 id="change-passphrase-title">Change passphrase</h3>
      <TextField
        id="current-passphrase"
        label="Current passphrase"
        type="password"
        autoComplete="current-password"
        value={current}
        onInput={input('current', setCurrent)}
        error={issues.current ?? wrongCurrent}
      />
      <TextField
        id="new-passphrase"
        label="New passphrase"
        type="password"
        autoComplete="new-password"
        value={next}
        onInput={input('next', setNext)}
        error={issues.next}
      />
      <StrengthMeter passphrase={next} id="new-passphrase-strength" />
      <TextField
        id="new-passphrase-confirmation"
        label="New passphrase again"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onInput={input('confirmation', setConfirmation)}
        error={issues.confirmation}
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
