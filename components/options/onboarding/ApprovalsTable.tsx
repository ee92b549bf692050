import { useEffect } from 'preact/hooks';
import type { VaultView } from '../../../lib/protocol/views';
import { ErrorLine } from '../../common/ErrorLine';
import { useAction } from '../../common/useAction';
import { useDeps } from '../deps';
import { approvalsFor, approvingWallet, genericApprovals } from './approvals';

const TOKEN_WORDS = { collateral: 'Collateral token', conditional: 'Conditional (outcome) tokens' };

/**
 * The spec's token-approvals table for this user: which wallet approves, and per venue of
 * the listed markets which token to which contract. Information only: the extension sends
 * no transactions.
 */
export function ApprovalsTable({ view, smartWallet }: { view: VaultView; smartWallet?: boolean }) {
  const { send } = useDeps();
  const venues = useAction(() => send('markets.venues', {}));
  // Venues are static per market (spec): read once per mount.
  useEffect(() => void venues.run(), []);
  const blocks = venues.result ? approvalsFor(venues.result) : genericApprovals();
  const wallet = approvingWallet(view);
  return (
    <section class="approvals" aria-label="Token approvals">
      <p>
        Before the first order of each kind, the wallet that makes the orders must allow the
        exchange's contracts to move its tokens. The extension does not send transactions: do this
        in your wallet or on the exchange.
      </p>
      <p>
        Approving wallet:{' '}
        {wallet.address ? <code class="address">{wallet.address}</code> : 'not known yet'}.{' '}
        {wallet.explanation}
      </p>
      {smartWallet ? (
        <p class="warning" role="note">
          This profile is in smart-wallet mode: self-signed orders need EOA mode first.
        </p>
      ) : null}
      {venues.busy ? <p class="note">Reading the exchange's markets…</p> : null}
      {venues.error ? <ErrorLine error={venues.error} onRetry={() => void venues.run()} /> : null}
      {blocks.map((block) => (
        <table key={block.venue?.exchange ?? 'generic'} class="approvals-table">
          <caption>
            {block.venue ? (
              <>
                {block.markets.join(' · ')}
                <span class="muted">
                  {' '}
                  — venue <code class="address">{block.venue.exchange}</code>
                </span>
              </>
            ) : (
              'Every venue (read each market’s venue on the exchange)'
            )}
          </caption>
          <thead>
            <tr>
              <th scope="col">Order side</th>
              <th scope="col">Market kind</th>
              <th scope="col">Approve</th>
              <th scope="col">To</th>
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row) => (
              <tr key={`${row.side}-${row.marketKind}`}>
                <td>{row.side}</td>
                <td>{row.marketKind}</td>
                <td>{TOKEN_WORDS[row.token]}</td>
                <td>
                  {row.spenders.map((s, i) => (
                    <span key={s.role}>
                      {i > 0 ? ' and ' : ''}
                      <code>venue.{s.role}</code>
                      {s.address ? (
                        <>
                          {' '}
                          <code class="address">{s.address}</code>
                        </>
                      ) : null}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
