import { ErrorLine } from '../../common/ErrorLine';
import { refusalFor } from '../../common/field-issues';
import { TextField } from '../../common/TextField';
import { useAction } from '../../common/useAction';
import { useFields } from '../../common/useFields';
import { checkPassphrasePair, type PassphraseField } from './passphrase-step';
import { StepHeader } from './StepHeader';
import { StrengthMeter } from './StrengthMeter';

/**
 * Step 4: the passphrase, twice, with a strength hint; saving encrypts the token and the
 * key into the vault (PBKDF2, 600,000 iterations: it takes a moment).
 */
export function PassphraseStep({
  summary,
  onBack,
  onSave,
}: {
  summary: { exchange: string; tokenId: string; account: string; signing: string };
  onBack: () => void;
  onSave: (passphrase: string) => Promise<void>;
}) {
  const save = useAction(onSave);
  // Checked as a pair: editing either clears what was said of both.
  const form = useFields<PassphraseField>({ passphrase: '', confirmation: '' }, { linked: true });
  const { passphrase } = form.values;

  const refused = refusalFor(save.error, 'passphrase');
  const keyRefused = refusalFor(save.error, 'privateKey');
  const submit = form.submit(
    ({ passphrase, confirmation }) => checkPassphrasePair(passphrase, confirmation),
    ({ passphrase }) => void save.run(passphrase),
  );

  return (
    <form class="step" onSubmit={submit} noValidate>
      <StepHeader
        index={3}
        intro="The passphrase encrypts your token and key in this browser. You type it to unlock the extension; it cannot be recovered."
      />
      <dl class="facts summary">
        <dt>Exchange</dt>
        <dd>{summary.exchange}</dd>
        <dt>Token id</dt>
        <dd>
          <code>{summary.tokenId}</code>
        </dd>
        <dt>Account</dt>
        <dd>
          <code class="address">{summary.account}</code>
        </dd>
        <dt>Signing</dt>
        <dd>{summary.signing}</dd>
      </dl>
      <TextField
        id="passphrase"
        label="Passphrase"
        type="password"
        autoComplete="new-password"
        {...form.bind('passphrase')}
        error={form.issues.passphrase ?? refused}
      />
      <StrengthMeter passphrase={passphrase} id="passphrase-strength" />
      <TextField
        id="passphrase-confirmation"
        label="Passphrase again"
        type="password"
        autoComplete="new-password"
        {...form.bind('confirmation')}
        error={form.issues.confirmation}
      />
      {keyRefused ? (
        <p class="error-line" role="alert">
          {keyRefused} Go back to the signing step to fix it.
        </p>
      ) : save.error && !refused ? (
        <ErrorLine error={save.error} onRetry={() => void save.run(passphrase)} />
      ) : null}
      <div class="actions">
        <button type="button" onClick={onBack} disabled={save.busy}>
          Back
        </button>
        <button type="submit" class="primary" disabled={save.busy}>
          {save.busy ? 'Encrypting…' : 'Save and encrypt'}
        </button>
      </div>
    </form>
  );
}
