import type { ProfileSummary } from './credentials-step';

const STATE_WORDS = { works: 'works', missing: 'not granted', unknown: 'could not tell' } as const;

/** The profile a token unlocks, shown back right after the check. */
export function ProfileCard({ summary }: { summary: ProfileSummary }) {
  return (
    <section class="card profile-card" aria-label="Profile of this token">
      <h3>{summary.name}</h3>
      <dl class="facts">
        <dt>Account</dt>
        <dd>
          <code class="address">{summary.account}</code>
        </dd>
        <dt>Rank</dt>
        <dd>{summary.rank}</dd>
        <dt>Fee rate</dt>
        <dd class="num">{summary.feeRate}</dd>
        <dt>Trading wallet</dt>
        <dd>
          {summary.wallet === 'smart_wallet' ? 'Smart wallet' : 'EOA (own key)'}
          {summary.smartWallet ? (
            <>
              {' '}
              · smart wallet <code class="address">{summary.smartWallet}</code>
            </>
          ) : null}
        </dd>
        {summary.subAccounts > 0 ? (
          <>
            <dt>Sub-accounts</dt>
            <dd>{summary.subAccounts}</dd>
          </>
        ) : null}
        <dt>Scopes</dt>
        <dd>
          <ul class="scopes">
            {summary.scopes.map((s) => (
              <li key={s.scope} class={`scope scope-${s.state}`}>
                {s.label}: {STATE_WORDS[s.state]}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {summary.warnings.map((w) => (
        <p key={w} class="warning" role="note">
          {w}
        </p>
      ))}
    </section>
  );
}
