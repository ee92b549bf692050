import { useState } from 'preact/hooks';
import type { WithdrawalTargets } from '../../../lib/protocol/messages';
import type { FieldIssues } from '../../common/field-issues';
import { TextField } from '../../common/TextField';
import { destinationOptions } from './destination';
import {
  checkWithdrawForm,
  type WithdrawDraft,
  type WithdrawField,
  type WithdrawPlan,
} from './form';

const OTHER = 'other';

/** Amount, optional token and a destination the spec allows; Enter reviews the withdrawal. */
export function WithdrawForm({
  targets,
  initial,
  onReview,
}: {
  targets: WithdrawalTargets;
  initial: WithdrawDraft | null;
  onReview: (plan: WithdrawPlan, draft: WithdrawDraft) => void;
}) {
  const options = destinationOptions(targets);
  const preset = options.find((o) => o.isDefault) ?? options[0];
  const initialPick =
    initial === null
      ? (preset?.address ?? OTHER)
      : options.some((o) => o.active && o.address === initial.destination)
        ? initial.destination
        : OTHER;
  const [amount, setAmount] = useState(initial?.amount ?? '');
  const [token, setToken] = useState(initial?.token ?? '');
  const [pick, setPick] = useState(initialPick);
  const [other, setOther] = useState(initialPick === OTHER ? (initial?.destination ?? '') : '');
  const [issues, setIssues] = useState<FieldIssues<WithdrawField>>({});

  const clear = (field: WithdrawField) => {
    if (issues[field]) setIssues({ ...issues, [field]: undefined });
  };
  const submit = (event: Event) => {
    event.preventDefault();
    const draft: WithdrawDraft = { amount, token, destination: pick === OTHER ? other : pick };
    const checked = checkWithdrawForm(draft, targets);
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    setIssues({});
    onReview(checked.value, draft);
  };

  return (
    <form class="withdraw-form" onSubmit={submit} noValidate>
      <TextField
        id="withdraw-amount"
        label="Amount ($)"
        value={amount}
        onInput={(v) => {
          setAmount(v);
          clear('amount');
        }}
        error={issues.amount}
        inputMode="decimal"
        placeholder="25.00"
      />
      <TextField
        id="withdraw-token"
        label="Token (optional)"
        value={token}
        onInput={(v) => {
          setToken(v);
          clear('token');
        }}
        error={issues.token}
        placeholder="0x… (empty: the collateral token)"
        hint="An ERC20 contract address; leave it empty to withdraw collateral."
      />
      <fieldset
        class="choices"
        aria-describedby={issues.destination ? 'withdraw-destination-error' : undefined}
      >
        <legend>Destination</legend>
        {options.map((option) => (
          <label key={option.address} class={option.active ? 'choice' : 'choice disabled'}>
            <input
              type="radio"
              name="withdraw-destination"
              value={option.address}
              checked={pick === option.address}
              disabled={!option.active}
              onChange={() => {
                setPick(option.address);
                clear('destination');
              }}
            />
            <span>
              {option.label}
              {option.isDefault ? ' (default)' : ''}
              {option.active ? '' : ' — inactive'} <code class="address">{option.address}</code>
            </span>
          </label>
        ))}
        <label class="choice">
          <input
            type="radio"
            name="withdraw-destination"
            value={OTHER}
            checked={pick === OTHER}
            onChange={() => setPick(OTHER)}
          />
          <span>Another address</span>
        </label>
        {pick === OTHER ? (
          <TextField
            id="withdraw-other-address"
            label="Destination address"
            value={other}
            onInput={(v) => {
              setOther(v);
              clear('destination');
            }}
            placeholder="0x…"
          />
        ) : null}
        {issues.destination ? (
          <p class="field-error" id="withdraw-destination-error" role="alert">
            {issues.destination}
          </p>
        ) : null}
      </fieldset>
      <div class="actions">
        <button type="submit" class="primary">
          Review withdrawal
        </button>
      </div>
    </form>
  );
}
