import type { BackgroundApp } from '../app';
import { type HandlersFor, tradingSession, vaultFailure } from './shared';

/** Where funds may go, and the withdrawal itself (which asks for the passphrase again). */
export const withdrawHandlers = (app: BackgroundApp): HandlersFor<'withdraw'> => ({
  'withdraw.targets': async () => {
    const session = await tradingSession(app);
    const act = session.actAs();
    const allowlist = await session.client.getWithdrawalAddresses(act);
    const sub = act.onBehalfOf
      ? session.info.subAccounts.find((s) => s.id === act.onBehalfOf)
      : null;
    // The caller is the token's owner (the partner for a sub-account): its account, smart
    // wallet and allowlist are the allowed destinations; the funds leave the sub-account.
    return {
      source: sub ? sub.account : session.info.profile.account,
      account: session.info.profile.account,
      smartWallet: session.info.profile.smartWallet,
      allowlist,
      allowlistOwner: sub ? 'partner' : 'self',
    };
  },
  'withdraw.submit': async ({ amountRaw, token, destination, passphrase }) => {
    try {
      await app.vault.verify(passphrase);
    } catch (error) {
      vaultFailure(error);
    }
    const session = await tradingSession(app);
    const act = session.actAs();
    return session.client.withdraw({
      amount: amountRaw,
      ...(token ? { token } : {}),
      ...(destination ? { destination } : {}),
      ...(act.onBehalfOf ? { onBehalfOf: act.onBehalfOf } : {}),
    });
  },
});
