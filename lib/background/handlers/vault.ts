import type { BackgroundApp } from '../app';
import { type HandlersFor, vaultFailure } from './shared';

/** Unlock, lock, passphrase change and forgetting: the only ways to the secrets' state. */
export const vaultHandlers = (app: BackgroundApp): HandlersFor<'vault'> => ({
  'vault.status': async () => app.vaultView(),
  'vault.unlock': async ({ passphrase }) => {
    try {
      return await app.unlock(passphrase);
    } catch (error) {
      return vaultFailure(error);
    }
  },
  'vault.lock': async () => app.lock(),
  'vault.changePassphrase': async ({ current, next }) => {
    try {
      await app.vault.changePassphrase(current, next);
    } catch (error) {
      vaultFailure(error);
    }
    await app.afterUnlock();
    return app.vaultView();
  },
  'vault.forget': async () => app.forget(),
});
