import type { BackgroundApp } from '../app';
import { type HandlersFor, vaultFailure } from './shared';

/** Unlock, lock, passphrase change and forgetting: the only ways to the secrets' state. */
export const vaultHandlers = (app: BackgroundApp): HandlersFor<'vault'> => ({
  'vault.status': async () => app.accountSession.view(),
  'vault.unlock': async ({ passphrase }) => {
    try {
      return await app.accountSession.unlock(passphrase);
    } catch (error) {
      return vaultFailure(error);
    }
  },
  'vault.lock': async () => app.accountSession.lock(),
  'vault.changePassphrase': async ({ current, next }) => {
    try {
      await app.vault.changePassphrase(current, next);
    } catch (error) {
      vaultFailure(error);
    }
    await app.accountSession.afterUnlock();
    return app.accountSession.view();
  },
  'vault.forget': async () => app.accountSession.forget(),
});
