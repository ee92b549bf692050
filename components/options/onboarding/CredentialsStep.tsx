import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiCredentials, ExchangeProfile } from '../../../lib/core/api/exchange';
import type { SandboxAccount } from '../../../lib/core/api/sandbox';
import type { CredentialCheck } from '../../../lib/protocol/messages';
import { ErrorLine } from '../../common/ErrorLine';
import { TextField } from '../../common/TextField';
import { useAction } from '../../common/useAction';
import { useFields } from '../../common/useFields';
import { useDeps } from '../deps';
import { type CredentialField, checkCredentialsForm, summarizeCheck } from './credentials-step';
import { DemoAccounts } from './DemoAccounts';
import { ProfileCard } from './ProfileCard';
import { StepHeader } from './StepHeader';

export interface CheckedCredentials {
  credentials: ApiCredentials;
  check: CredentialCheck;
  /** A demo account's key, to prefill the signing step (sandbox only). */
  demoKey: string | null;
}

/**
 * Step 2: token id and base64 secret, checked at once by the background (GET /profiles/me
 * and harmless scope probes) and shown back as the profile they unlock.
 */
export function CredentialsStep({
  exchange,
  sandbox,
  initial = null,
  onBack,
  onNext,
}: {
  exchange: ExchangeProfile;
  sandbox: boolean;
  /** What was checked before going back a step. */
  initial?: CheckedCredentials | null;
  onBack: () => void;
  onNext: (checked: CheckedCredentials) => void;
}) {
  const { send } = useDeps();
  const [demoKey, setDemoKey] = useState<string | null>(initial?.demoKey ?? null);
  const [checked, setChecked] = useState<CheckedCredentials | null>(initial);
  const continueButton = useRef<HTMLButtonElement>(null);
  const check = useAction(async (credentials: ApiCredentials, key: string | null) => {
    const result = await send('setup.checkCredentials', { exchange, credentials });
    setChecked({ credentials, check: result, demoKey: key });
    return result;
  });
  useEffect(() => {
    if (checked) continueButton.current?.focus();
  }, [checked]);
  const form = useFields<CredentialField>(
    { tokenId: initial?.credentials.tokenId ?? '', secret: initial?.credentials.secret ?? '' },
    {
      onEdit: (field) => {
        setChecked(null);
        check.reset();
        // A demo account's key belongs to its secret: another secret is another account.
        if (field === 'secret') setDemoKey(null);
      },
    },
  );
  const { tokenId, secret } = form.values;

  const runCheck = (id: string, sec: string, key: string | null) => {
    const checkedForm = checkCredentialsForm({ tokenId: id, secret: sec });
    if (!checkedForm.ok) {
      form.setIssues(checkedForm.issues);
      return;
    }
    form.setIssues({});
    void check.run(checkedForm.value, key);
  };

  const pickDemo = (account: SandboxAccount) => {
    const id = account.tokenId ?? '';
    const sec = account.secret ?? '';
    form.fill({ tokenId: id, secret: sec });
    setDemoKey(account.privateKey);
    setChecked(null);
    runCheck(id, sec, account.privateKey);
  };

  const submit = (event: Event) => {
    event.preventDefault();
    if (checked) onNext(checked);
    else runCheck(tokenId, secret, demoKey);
  };

  return (
    <form class="step" onSubmit={submit} noValidate>
      <StepHeader
        index={1}
        intro="Your scoped API token: create one on the exchange (profile menu → API keys). The secret is encrypted in this browser and never shown again."
      />
      {sandbox ? <DemoAccounts exchange={exchange} onPick={pickDemo} /> : null}
      <TextField
        id="token-id"
        label="Token id"
        {...form.bind('tokenId')}
        error={form.issues.tokenId}
      />
      <TextField
        id="token-secret"
        label="Token secret (base64)"
        type="password"
        autoComplete="new-password"
        {...form.bind('secret')}
        error={form.issues.secret}
      />
      {check.error ? (
        <ErrorLine error={check.error} onRetry={() => runCheck(tokenId, secret, demoKey)} />
      ) : null}
      {checked ? <ProfileCard summary={summarizeCheck(checked.check)} /> : null}
      <div class="actions">
        <button type="button" onClick={onBack}>
          Back
        </button>
        {checked ? (
          <button ref={continueButton} type="submit" class="primary">
            Next
          </button>
        ) : (
          <button type="submit" class="primary" disabled={check.busy}>
            {check.busy ? 'Checking…' : 'Check token'}
          </button>
        )}
      </div>
    </form>
  );
}
