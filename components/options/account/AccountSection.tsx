import type { VaultView } from '../../../lib/protocol/views';
import { ApprovalsTable } from '../onboarding/ApprovalsTable';
import { SubAccountSelect } from './SubAccountSelect';

/**
 * Who the vault holds: the token id and the address, never the secret (it is not shown
 * again once saved), and for partners the active sub-account.
 */
export function AccountSection({ view }: { view: VaultView }) {
  return (
    <section class="section" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl class="facts">
        <dt>Exchange</dt>
        <dd>{view.exchangeName}</dd>
        <dt>Name</dt>
        <dd>{view.displayName ?? '—'}</dd>
        <dt>Token id</dt>
        <dd>
          <code data-testid="token-id">{view.tokenId ?? '—'}</code>
        </dd>
        <dt>Token secret</dt>
        <dd class="muted">Encrypted; never shown again.</dd>
        <dt>Address</dt>
        <dd>
          <code class="address">{view.account ?? '—'}</code>
        </dd>
        <dt>Signing</dt>
        <dd>
          {view.signingKind === 'delegated'
            ? "Delegated: the exchange's server wallets sign for the sub-accounts"
            : view.signingKind === 'eoa'
              ? 'Own key (encrypted in this browser)'
              : '—'}
        </dd>
      </dl>
      <SubAccountSelect view={view} />
      <p class="note">
        To use another token or another exchange, forget everything (Security) and set up again: the
        vault holds one token, and its secret is not shown again.
      </p>
      <h3>Token approvals</h3>
      <ApprovalsTable view={view} />
    </section>
  );
}
