import type { VaultView } from '../../lib/protocol/views';
import { ErrorLine } from '../common/ErrorLine';
import { useAction } from '../common/useAction';
import { subAccountLabel } from './header-lines';
import { useServices } from './services';

/** Partner mode: which sub-account positions and orders are for. */
export function SubAccountPicker({ vault }: { vault: VaultView }) {
  const { send } = useServices();
  const choose = useAction((subAccountId: number) =>
    send('account.setActiveSubAccount', { subAccountId }),
  );
  if (vault.signingKind !== 'delegated') return null;
  return (
    <div class="sub-account">
      <label for="sub-account">Acting for</label>
      <select
        id="sub-account"
        value={vault.activeSubAccountId === null ? '' : String(vault.activeSubAccountId)}
        disabled={choose.busy}
        onChange={(event) => {
          const id = Number(event.currentTarget.value);
          if (Number.isInteger(id) && id > 0) void choose.run(id);
        }}
      >
        {vault.activeSubAccountId === null ? <option value="">Choose a sub-account</option> : null}
        {vault.subAccounts.map((sub) => (
          <option key={sub.id} value={String(sub.id)}>
            {subAccountLabel(sub)}
          </option>
        ))}
      </select>
      {choose.error ? <ErrorLine error={choose.error} /> : null}
    </div>
  );
}
