import type { WithdrawalTargets } from '../../../lib/protocol/messages';

/** The allowlist, read-only: a scoped token can read it, never change it. */
export function AllowlistTable({ targets }: { targets: WithdrawalTargets }) {
  const partner = targets.allowlistOwner === 'partner';
  return (
    <section class="allowlist" aria-labelledby="allowlist-title">
      <h3 id="allowlist-title">{partner ? "The partner's allowlist" : 'Your allowlist'}</h3>
      {targets.allowlist.length === 0 ? (
        <p class="muted">No allowlisted addresses.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Label</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {targets.allowlist.map((entry) => (
              <tr key={entry.address}>
                <td>
                  <code class="address">{entry.address}</code>
                </td>
                <td>{entry.label ?? '—'}</td>
                <td>{entry.active ? 'active' : 'inactive'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p class="note">
        Adding or removing allowlisted addresses needs the exchange's own sign-in (an identity token
        from its wallet provider); an API token like this extension's cannot do it. Manage the list
        on the exchange's web site.
        {partner
          ? ' Withdrawals for a sub-account use the partner’s allowlist, not the sub-account’s.'
          : ''}
      </p>
    </section>
  );
}
