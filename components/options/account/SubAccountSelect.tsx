import type { VaultView } from '../../../lib/protocol/views';
import { ErrorLine } from '../../common/ErrorLine';
import { useAction } from '../../common/useAction';
import { useDeps } from '../deps';
import { subAccountName } from '../onboarding/signing-step';

/** For partners with delegated signing: which sub-account orders and withdrawals are for. */
export function SubAccountSelect({ view }: { view: VaultView }) {
  const { send } = useDeps();
  const choose = useAction((subAccountId: number) =>
    send('account.setActiveSubAccount', { subAccountId }),
  );
  if (view.signingKind !== 'delegated' || view.subAccounts.length === 0) return null;
  return (
    <div class="field">
      <label for="active-sub-account">Active sub-account</label>
      <select
        id="active-sub-account"
        value={String(view.activeSubAccountId ?? '')}
        disabled={choose.busy || view.status !== 'unlocked'}
        onChange={(event) =>
          void choose.run(Number((event.currentTarget as HTMLSelectElement).value))
        }
      >
        {view.subAccounts.map((sub) => (
          <option key={sub.id} value={String(sub.id)}>
            {subAccountName(sub)} — {sub.account}
          </option>
        ))}
      </select>
      <p class="field-hint">Orders, positions and withdrawals are for this sub-account.</p>
      {choose.error ? <ErrorLine error={choose.error} /> : null}
    </div>
  );
}
