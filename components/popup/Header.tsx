import { shortAddress } from '../../lib/core/format/identity';
import type { AppSnapshot } from '../../lib/protocol/views';
import { ErrorLine } from '../common/ErrorLine';
import { OutageNotice } from '../common/OutageNotice';
import { useAction } from '../common/useAction';
import { ConnectionStatus } from './ConnectionStatus';
import { connectionLine, modeBanner } from './header-lines';
import { ModeBanner } from './ModeBanner';
import { SubAccountPicker } from './SubAccountPicker';
import { useServices } from './services';

/** Who, the connection, a lock button, the sub-account in partner mode, the trading mode. */
export function Header({
  snapshot,
  portConnected,
}: {
  snapshot: AppSnapshot;
  portConnected: boolean;
}) {
  const { send, openSidePanel } = useServices();
  const lock = useAction(() => send('vault.lock', {}));
  const { vault } = snapshot;
  const unlocked = vault.status === 'unlocked';
  // Locked: nothing of the account is shown, not even whose it is.
  const name = unlocked
    ? (vault.displayName ?? (vault.account ? shortAddress(vault.account) : 'Market Companion'))
    : 'Market Companion';
  const banner = unlocked ? modeBanner(snapshot.mode) : null;
  return (
    <header class="top">
      <div class="top-row">
        <div class="who">
          <strong>{name}</strong>
          <span class="exchange">{vault.exchangeName}</span>
        </div>
        <ConnectionStatus
          line={connectionLine(vault.status, snapshot.connection, portConnected, snapshot.exchange)}
        />
        {openSidePanel ? (
          <button
            type="button"
            class="ghost small"
            data-action="open-side-panel"
            onClick={() => openSidePanel()}
            title="Open the side panel: positions, orders and trading beside any page"
          >
            Side panel
          </button>
        ) : null}
        {unlocked ? (
          <button
            type="button"
            class="ghost small"
            onClick={() => void lock.run()}
            disabled={lock.busy}
            title="Lock: forget the keys until the passphrase is entered again"
          >
            Lock
          </button>
        ) : null}
      </div>
      {lock.error ? <ErrorLine error={lock.error} /> : null}
      {unlocked ? <SubAccountPicker vault={vault} /> : null}
      <OutageNotice
        exchange={snapshot.exchange}
        pricesAt={unlocked ? snapshot.portfolio.fetchedAt : null}
        class="banner banner-warn"
      />
      {banner ? <ModeBanner banner={banner} /> : null}
    </header>
  );
}
