import type { ExchangeProfile } from '../../../lib/core/api/exchange';
import type { SandboxAccount } from '../../../lib/core/api/sandbox';
import { ErrorLine } from '../../common/ErrorLine';
import { useAction } from '../../common/useAction';
import { useDeps } from '../deps';
import { describeDemoAccount, usableDemoAccounts } from './credentials-step';

/** The sandbox's demo accounts: picking one fills the token (and the key, when it has one). */
export function DemoAccounts({
  exchange,
  onPick,
}: {
  exchange: ExchangeProfile;
  onPick: (account: SandboxAccount) => void;
}) {
  const { send } = useDeps();
  const load = useAction(() => send('setup.sandboxAccounts', { exchange }));
  const accounts = load.result ? usableDemoAccounts(load.result) : null;
  return (
    <section class="demo-accounts" aria-label="Sandbox demo accounts">
      {accounts === null ? (
        <button type="button" disabled={load.busy} onClick={() => void load.run()}>
          {load.busy ? 'Loading demo accounts…' : 'Use a sandbox demo account'}
        </button>
      ) : (
        <>
          <p class="note">Pick a demo account; its token is filled in and checked.</p>
          <ul class="demo-list">
            {accounts.map((account) => (
              <li key={account.label}>
                <button
                  type="button"
                  class="demo-account"
                  data-label={account.label}
                  onClick={() => onPick(account)}
                >
                  {describeDemoAccount(account)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {load.error ? <ErrorLine error={load.error} onRetry={() => void load.run()} /> : null}
    </section>
  );
}
