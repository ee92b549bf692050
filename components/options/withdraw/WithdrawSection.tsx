import { useEffect, useState } from 'preact/hooks';
import type { WithdrawResult } from '../../../lib/core/api/portfolio';
import { type ClientErrorInfo, toErrorInfo } from '../../../lib/core/client/errors';
import { fromRaw } from '../../../lib/core/orders/units';
import type { VaultView } from '../../../lib/protocol/views';
import { ConfirmBox } from '../../common/ConfirmBox';
import { ErrorLine } from '../../common/ErrorLine';
import { refusalFor } from '../../common/field-issues';
import { TextField } from '../../common/TextField';
import { useAction } from '../../common/useAction';
import { useDeps } from '../deps';
import { AllowlistTable } from './AllowlistTable';
import type { WithdrawDraft, WithdrawPlan } from './form';
import { WithdrawForm } from './WithdrawForm';

/** Exact dollars, at least cents: `$12.50`, `$0.000001`. */
const dollars = (raw: string): string => `$${fromRaw(BigInt(raw), 2)}`;

type Phase =
  | { kind: 'form'; draft: WithdrawDraft | null; error: ClientErrorInfo | null }
  | {
      kind: 'confirm';
      plan: WithdrawPlan;
      draft: WithdrawDraft;
      busy: boolean;
      /** Why the passphrase was refused (wrong, or too many tries): stays in the confirmation. */
      passphraseError?: string;
    }
  | { kind: 'done'; result: WithdrawResult; plan: WithdrawPlan };

/**
 * Withdrawals from a managed server wallet (scope `withdrawal`): a form, a confirmation
 * that states the amount and the destination, and the transaction hash.
 */
export function WithdrawSection({ view }: { view: VaultView }) {
  const { send } = useDeps();
  const targets = useAction(() => send('withdraw.targets', {}));
  const [phase, setPhase] = useState<Phase>({ kind: 'form', draft: null, error: null });
  const unlocked = view.status === 'unlocked';
  useEffect(() => {
    if (unlocked) void targets.run();
  }, [unlocked, view.activeSubAccountId]);

  const [passphrase, setPassphrase] = useState('');
  const submit = async (plan: WithdrawPlan, draft: WithdrawDraft) => {
    setPhase({ kind: 'confirm', plan, draft, busy: true });
    try {
      const result = await send('withdraw.submit', {
        amountRaw: plan.amountRaw,
        destination: plan.destination.address,
        ...(plan.token ? { token: plan.token } : {}),
        passphrase,
      });
      setPassphrase('');
      setPhase({ kind: 'done', result, plan });
    } catch (error) {
      const info = toErrorInfo(error);
      const refused = refusalFor(info, 'passphrase');
      if (refused) {
        setPhase({ kind: 'confirm', plan, draft, busy: false, passphraseError: refused });
        return;
      }
      setPassphrase('');
      setPhase({ kind: 'form', draft, error: info });
    }
  };

  const body = () => {
    if (!unlocked) return <p class="muted">Unlock the extension to withdraw.</p>;
    if (targets.error)
      return <ErrorLine error={targets.error} onRetry={() => void targets.run()} />;
    if (!targets.result) return <p class="muted">Reading your withdrawal addresses…</p>;
    const t = targets.result;
    return (
      <>
        <p>
          Withdrawing from <code class="address">{t.source}</code>
          {t.allowlistOwner === 'partner' ? ', the active sub-account’s server wallet' : ''}.
        </p>
        {phase.kind === 'form' ? (
          <>
            <WithdrawForm
              targets={t}
              initial={phase.draft}
              onReview={(plan, draft) => setPhase({ kind: 'confirm', plan, draft, busy: false })}
            />
            {phase.error ? <ErrorLine error={phase.error} /> : null}
          </>
        ) : phase.kind === 'confirm' ? (
          <ConfirmBox
            title="Confirm the withdrawal"
            confirmLabel="Withdraw"
            busy={phase.busy}
            onConfirm={() => void submit(phase.plan, phase.draft)}
            onCancel={() => {
              setPassphrase('');
              setPhase({ kind: 'form', draft: phase.draft, error: null });
            }}
          >
            <p>
              Withdraw <strong class="num">{dollars(phase.plan.amountRaw)}</strong> (
              <span class="num">{phase.plan.amountRaw}</span> raw units) of{' '}
              {phase.plan.token ? <code>{phase.plan.token}</code> : 'the collateral token'} to{' '}
              {phase.plan.destination.phrase}{' '}
              <code class="address">{phase.plan.destination.address}</code>.
            </p>
            <p class="muted">A withdrawal is an on-chain transfer: it cannot be undone.</p>
            <TextField
              id="withdraw-passphrase"
              label="Your passphrase"
              type="password"
              value={passphrase}
              onInput={(v) => {
                setPassphrase(v);
                if (phase.passphraseError) setPhase({ ...phase, passphraseError: undefined });
              }}
              error={phase.passphraseError}
              hint="Asked again before any money leaves."
            />
          </ConfirmBox>
        ) : (
          <div class="result" role="status">
            <p>
              Sent <strong class="num">{dollars(phase.result.amount)}</strong> to{' '}
              <code class="address">{phase.result.destination}</code>.
            </p>
            <p>
              Transaction hash: <code data-testid="withdraw-hash">{phase.result.hash}</code>
            </p>
            <div class="actions">
              <button
                type="button"
                onClick={() => setPhase({ kind: 'form', draft: null, error: null })}
              >
                Another withdrawal
              </button>
            </div>
          </div>
        )}
        <AllowlistTable targets={t} />
      </>
    );
  };

  return (
    <section class="section" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">Withdraw</h2>
      {body()}
    </section>
  );
}
