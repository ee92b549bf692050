import type { VaultView } from '../../../lib/protocol/views';
import { ApprovalsTable } from './ApprovalsTable';
import { StepHeader } from './StepHeader';

/** Step 5: saved; what the wallet must approve before trading (information only). */
export function ApprovalsStep({
  view,
  smartWallet,
  siteHome,
  onDone,
}: {
  view: VaultView;
  smartWallet: boolean;
  /** The exchange site's home, where its market pages are. */
  siteHome: string | null;
  onDone: () => void;
}) {
  return (
    <div class="step">
      <StepHeader index={4} intro="Saved and encrypted: the extension is unlocked." />
      <ApprovalsTable view={view} smartWallet={smartWallet} />
      <p>
        Then open a market page of the exchange
        {siteHome ? (
          <>
            {' '}
            (
            <a href={siteHome} target="_blank" rel="noreferrer">
              {siteHome}
            </a>
            )
          </>
        ) : null}
        : the trading panel appears in its corner.
      </p>
      <div class="actions">
        <button type="button" class="primary" onClick={onDone}>
          Finish
        </button>
      </div>
    </div>
  );
}
