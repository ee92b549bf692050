import { useState } from 'preact/hooks';
import type { z } from 'zod';
import type { CredentialCheck, SigningChoice } from '../../../lib/protocol/messages';
import { TextField } from '../../common/TextField';
import { StepHeader } from './StepHeader';
import {
  checkOwnKey,
  checkSubAccount,
  type SigningKind,
  signingOptions,
  smartWalletNotice,
  subAccountName,
} from './signing-step';

export type Signing = z.output<typeof SigningChoice>;

/**
 * Step 3: an own key (its address must be the profile's account) or delegated signing for
 * a partner's sub-accounts (the server signs; pick the active one).
 */
export function SigningStep({
  check,
  demoKey,
  onBack,
  onNext,
}: {
  check: CredentialCheck;
  demoKey: string | null;
  onBack: () => void;
  onNext: (signing: Signing) => void;
}) {
  const options = signingOptions(check);
  const [kind, setKind] = useState<SigningKind>(options.preferred);
  const [key, setKey] = useState(demoKey ?? '');
  const [keyError, setKeyError] = useState<string | undefined>(undefined);
  const [subId, setSubId] = useState<number | null>(check.partnerAccounts[0]?.id ?? null);
  const [subError, setSubError] = useState<string | null>(null);
  const notice = smartWalletNotice(check.profile);

  const submit = (event: Event) => {
    event.preventDefault();
    if (kind === 'eoa') {
      const result = checkOwnKey(key, check.profile);
      if (!result.ok) {
        setKeyError(result.message);
        return;
      }
      setKey('');
      onNext({ kind: 'eoa', privateKey: result.privateKey });
      return;
    }
    const result = checkSubAccount(subId, check.partnerAccounts);
    if (!result.ok) {
      setSubError(result.message);
      return;
    }
    onNext({ kind: 'delegated', activeSubAccountId: result.id });
  };

  return (
    <form class="step" onSubmit={submit} noValidate>
      <StepHeader
        index={2}
        intro="Orders are EIP-712 signed. Either with your own key (kept encrypted here, used only in the background), or by the exchange's server for a partner's sub-accounts."
      />
      {notice ? (
        <p class="warning" role="note">
          {notice}
        </p>
      ) : null}
      {options.kinds.length > 1 ? (
        <fieldset class="choices">
          <legend>How orders are signed</legend>
          <label class="choice">
            <input
              type="radio"
              name="signing-kind"
              value="delegated"
              checked={kind === 'delegated'}
              onChange={() => setKind('delegated')}
            />
            <span>
              <strong>Delegated signing</strong> — trade for your sub-accounts; the exchange signs
              with their server wallets
            </span>
          </label>
          <label class="choice">
            <input
              type="radio"
              name="signing-kind"
              value="eoa"
              checked={kind === 'eoa'}
              onChange={() => setKind('eoa')}
            />
            <span>
              <strong>Own key</strong> — trade as {check.profile.account}
            </span>
          </label>
        </fieldset>
      ) : null}

      {kind === 'eoa' ? (
        <TextField
          id="private-key"
          label="Private key of your account"
          type="password"
          autoComplete="new-password"
          value={key}
          onInput={(v) => {
            setKey(v);
            setKeyError(undefined);
          }}
          error={keyError}
          hint={
            demoKey ? (
              'Filled in from the demo account.'
            ) : (
              <>
                The key of <code class="address">{check.profile.account}</code>: 64 hex characters.
                It never leaves the extension's background.
              </>
            )
          }
        />
      ) : (
        <fieldset class="choices" aria-describedby={subError ? 'sub-account-error' : undefined}>
          <legend>Active sub-account</legend>
          {check.partnerAccounts.map((sub) => (
            <label key={sub.id} class="choice">
              <input
                type="radio"
                name="sub-account"
                value={String(sub.id)}
                checked={subId === sub.id}
                onChange={() => {
                  setSubId(sub.id);
                  setSubError(null);
                }}
              />
              <span>
                {subAccountName(sub)} <code class="address">{sub.account}</code>
              </span>
            </label>
          ))}
          <p class="field-hint">You can switch sub-accounts later, here or in the popup.</p>
          {subError ? (
            <p class="field-error" id="sub-account-error" role="alert">
              {subError}
            </p>
          ) : null}
        </fieldset>
      )}
      <div class="actions">
        <button type="button" onClick={onBack}>
          Back
        </button>
        <button type="submit" class="primary">
          Next
        </button>
      </div>
    </form>
  );
}
