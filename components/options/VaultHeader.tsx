import { shortAddress } from '../../lib/core/format/identity';
import type { ConnectionState, VaultView } from '../../lib/protocol/views';

const CONNECTION_WORDS: Record<ConnectionState['status'], string> = {
  idle: 'not connected',
  connecting: 'connecting',
  live: 'live',
  reconnecting: 'reconnecting',
  error: 'connection error',
};

/** Who the extension is set up for, and whether the vault is open. */
export function VaultHeader({
  view,
  connection,
  portConnected,
}: {
  view: VaultView;
  connection: ConnectionState;
  portConnected: boolean;
}) {
  const who = view.account
    ? `${view.displayName ?? 'Account'} · ${shortAddress(view.account)}`
    : null;
  const status =
    view.status === 'empty' ? 'Not set up' : view.status === 'locked' ? 'Locked' : 'Unlocked';
  return (
    <header class="vault-header">
      <div>
        <h1>Market Companion</h1>
        <p class="muted">
          {view.exchangeName}
          {who ? ` · ${who}` : ''}
        </p>
      </div>
      <div class="badges">
        <span class={`badge vault-${view.status}`} data-vault-status={view.status}>
          {status}
        </span>
        {view.status === 'unlocked' ? (
          <span class={`badge connection-${connection.status}`}>
            {CONNECTION_WORDS[connection.status]}
          </span>
        ) : null}
        {portConnected ? null : <span class="badge">background restarting…</span>}
      </div>
    </header>
  );
}
