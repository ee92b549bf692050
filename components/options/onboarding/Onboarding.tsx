import { useState } from 'preact/hooks';
import type { ExchangeProfile } from '../../../lib/core/api/exchange';
import { parseSitePattern } from '../../../lib/core/site/pattern';
import type { VaultView } from '../../../lib/protocol/views';
import { useDeps } from '../deps';
import { ApprovalsStep } from './ApprovalsStep';
import { type CheckedCredentials, CredentialsStep } from './CredentialsStep';
import { ExchangeStep } from './ExchangeStep';
import { draftFromExchange, type ExchangeKind } from './exchange-step';
import { PassphraseStep } from './PassphraseStep';
import { type Signing, SigningStep } from './SigningStep';
import { subAccountName } from './signing-step';

type Progress =
  | { step: 'exchange' }
  | {
      step: 'credentials';
      exchange: ExchangeProfile;
      kind: ExchangeKind;
      checked?: CheckedCredentials;
    }
  | { step: 'signing'; exchange: ExchangeProfile; kind: ExchangeKind; checked: CheckedCredentials }
  | {
      step: 'passphrase';
      exchange: ExchangeProfile;
      kind: ExchangeKind;
      checked: CheckedCredentials;
      signing: Signing;
    }
  | { step: 'approvals'; exchange: ExchangeProfile; view: VaultView; smartWallet: boolean };

/**
 * From a fresh install to an unlocked vault. The token secret and the key live only in
 * this component's memory until `setup.save` sends them once; then they are dropped.
 */
export function Onboarding({
  exchange,
  onDone,
}: {
  /** The exchange in the settings: the form's starting point. */
  exchange: ExchangeProfile;
  onDone: () => void;
}) {
  const { send } = useDeps();
  const [progress, setProgress] = useState<Progress>({ step: 'exchange' });

  switch (progress.step) {
    case 'exchange':
      return (
        <ExchangeStep
          initial={draftFromExchange(exchange)}
          onNext={(chosen, kind) => setProgress({ step: 'credentials', exchange: chosen, kind })}
        />
      );
    case 'credentials':
      return (
        <CredentialsStep
          exchange={progress.exchange}
          sandbox={progress.kind === 'sandbox'}
          initial={progress.checked ?? null}
          onBack={() => setProgress({ step: 'exchange' })}
          onNext={(checked) => setProgress({ ...progress, step: 'signing', checked })}
        />
      );
    case 'signing':
      return (
        <SigningStep
          check={progress.checked.check}
          demoKey={progress.checked.demoKey}
          onBack={() => setProgress({ ...progress, step: 'credentials' })}
          onNext={(signing) => setProgress({ ...progress, step: 'passphrase', signing })}
        />
      );
    case 'passphrase': {
      const { exchange: chosen, checked, signing } = progress;
      const sub =
        signing.kind === 'delegated'
          ? checked.check.partnerAccounts.find((s) => s.id === signing.activeSubAccountId)
          : undefined;
      return (
        <PassphraseStep
          summary={{
            exchange: `${chosen.name} (${chosen.apiUrl})`,
            tokenId: checked.credentials.tokenId,
            account: checked.check.profile.account,
            signing:
              signing.kind === 'eoa'
                ? 'Own key'
                : `Delegated, for ${sub ? subAccountName(sub) : 'a sub-account'}`,
          }}
          onBack={() => setProgress({ ...progress, step: 'signing' })}
          onSave={async (passphrase) => {
            const view = await send('setup.save', {
              exchange: chosen,
              credentials: checked.credentials,
              signing,
              passphrase,
            });
            // Saved: nothing secret stays in this page's memory.
            setProgress({
              step: 'approvals',
              exchange: chosen,
              view,
              smartWallet: checked.check.profile.tradeWalletOption === 'smart_wallet',
            });
          }}
        />
      );
    }
    case 'approvals':
      return (
        <ApprovalsStep
          view={progress.view}
          smartWallet={progress.smartWallet && progress.view.signingKind === 'eoa'}
          siteHome={parseSitePattern(progress.exchange.siteMarketPattern)?.origin ?? null}
          onDone={onDone}
        />
      );
  }
}
