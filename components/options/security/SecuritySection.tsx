import type { VaultView } from '../../../lib/protocol/views';
import { ErrorLine } from '../../common/ErrorLine';
import { useAction } from '../../common/useAction';
import { useDeps } from '../deps';
import { ChangePassphrase } from './ChangePassphrase';
import { ForgetVault } from './ForgetVault';

/** Lock now, change the passphrase, forget everything. */
export function SecuritySection({
  view,
  autoLockMinutes,
}: {
  view: VaultView;
  autoLockMinutes: number;
}) {
  const { send } = useDeps();
  const lock = useAction(() => send('vault.lock', {}));
  return (
    <section class="section" aria-labelledby="security-title">
      <h2 id="security-title">Security</h2>
      <p>
        The token and the key are encrypted with your passphrase (PBKDF2-SHA-256, AES-GCM). The
        extension locks itself after {autoLockMinutes} idle minutes and when the computer locks.
      </p>
      {view.status === 'unlocked' ? (
        <div class="lock-now">
          <button type="button" onClick={() => void lock.run()} disabled={lock.busy}>
            Lock now
          </button>
          {lock.error ? <ErrorLine error={lock.error} /> : null}
        </div>
      ) : null}
      {view.status === 'unlocked' ? (
        <ChangePassphrase />
      ) : (
        <p class="muted">Unlock to change the passphrase.</p>
      )}
      <ForgetVault />
    </section>
  );
}
