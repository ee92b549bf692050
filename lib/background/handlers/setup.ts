import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import type { ApiCredentials, ExchangeProfile } from '../../core/api/exchange';
import { SandboxAccounts } from '../../core/api/sandbox';
import { ExchangeError } from '../../core/client/errors';
import { ExchangeClient } from '../../core/client/exchange-client';
import { RequestSigner } from '../../core/client/hmac';
import type { CredentialCheck, ScopeProbe } from '../../protocol/messages';
import type { AccountInfo } from '../account/account';
import type { BackgroundApp } from '../app';
import { type HandlersFor, unavailable, vaultFailure } from './shared';

/** HTTP status of a probe: the answer tells whether the token has a scope, and changes nothing. */
async function probeStatus(attempt: () => Promise<unknown>): Promise<number | null> {
  try {
    await attempt();
    return 200;
  } catch (error) {
    if (!(error instanceof ExchangeError)) return null;
    const { info } = error;
    switch (info.kind) {
      case 'forbidden':
        return 403;
      case 'not-found':
        return 404;
      case 'validation':
      case 'rejected':
        return 400;
      case 'unauthenticated':
        return 401;
      default:
        return null;
    }
  }
}

async function checkCredentials(
  exchange: ExchangeProfile,
  credentials: ApiCredentials,
): Promise<CredentialCheck> {
  let signer: RequestSigner;
  try {
    signer = await RequestSigner.create(credentials.tokenId, credentials.secret);
  } catch (error) {
    throw new ExchangeError({
      kind: 'validation',
      source: 'client',
      issues: [
        {
          field: 'secret',
          message: error instanceof Error ? error.message : 'the secret is not valid',
        },
      ],
    });
  }
  const client = new ExchangeClient({
    baseUrl: exchange.apiUrl,
    signer,
    retry: { maxAttempts: 2 },
  });
  const profile = await client.getMyProfile();
  const probeId = `scope-probe-${crypto.randomUUID()}`;
  // Cancelling an order that cannot exist: 404 means the token may trade, 403 means it may not.
  const trading = await probeStatus(() => client.cancelOrder({ clientOrderId: probeId }));
  // A withdrawal of a negative amount: 403 without the scope, a validation error with it.
  // No exchange can move it, whatever it does with missing fields (an empty body might
  // mean "everything" somewhere).
  const withdrawal = await probeStatus(() =>
    client.http.request({
      method: 'POST',
      path: '/portfolio/withdraw',
      body: JSON.stringify({ amount: '-1' }),
      auth: 'required',
      schema: z.unknown(),
      retry: false,
    }),
  );
  let partnerAccounts: CredentialCheck['partnerAccounts'] = [];
  try {
    partnerAccounts = await client.getPartnerAccounts();
  } catch {
    partnerAccounts = [];
  }
  const firstSub = partnerAccounts[0];
  const delegated = firstSub
    ? await probeStatus(() =>
        client.cancelOrder({ clientOrderId: probeId }, { onBehalfOf: firstSub.id }),
      )
    : null;
  const scopes: ScopeProbe = {
    trading: trading === 404 || trading === 400 ? true : trading === 403 ? false : null,
    withdrawal: withdrawal === 400 || withdrawal === 200 ? true : withdrawal === 403 ? false : null,
    delegatedSigning:
      delegated === 404 || delegated === 400 ? true : delegated === 403 ? false : null,
  };
  return { profile, scopes, partnerAccounts };
}

/** Onboarding (the options page): demo accounts, the credential check, saving; the sub-account. */
export const setupHandlers = (app: BackgroundApp): HandlersFor<'setup' | 'account'> => ({
  'setup.sandboxAccounts': async ({ exchange }) => {
    const client = new ExchangeClient({ baseUrl: exchange.apiUrl, retry: { maxAttempts: 1 } });
    try {
      return await client.http.request({
        method: 'GET',
        path: '/__sandbox/accounts',
        auth: 'none',
        schema: SandboxAccounts,
      });
    } catch (error) {
      if (error instanceof ExchangeError && error.kind === 'not-found') {
        throw unavailable('This exchange is not the sandbox: it has no demo accounts.');
      }
      throw error;
    }
  },
  'setup.checkCredentials': async ({ exchange, credentials }) =>
    checkCredentials(exchange, credentials),
  'setup.save': async ({ exchange, credentials, signing, passphrase }) => {
    const check = await checkCredentials(exchange, credentials);
    const { profile } = check;
    let activeSubAccountId: number | null = null;
    if (signing.kind === 'eoa') {
      const address = privateKeyToAccount(signing.privateKey as `0x${string}`).address;
      if (address.toLowerCase() !== profile.account.toLowerCase()) {
        throw new ExchangeError({
          kind: 'validation',
          source: 'client',
          issues: [
            {
              field: 'privateKey',
              message: `this key belongs to ${address}, but the token's profile trades as ${profile.account}; paste the key of that account`,
            },
          ],
        });
      }
    } else {
      if (!check.partnerAccounts.some((s) => s.id === signing.activeSubAccountId)) {
        throw new ExchangeError({
          kind: 'validation',
          source: 'client',
          issues: [
            {
              field: 'activeSubAccountId',
              message: 'pick one of the sub-accounts this partner token manages',
            },
          ],
        });
      }
      activeSubAccountId = signing.activeSubAccountId;
    }
    try {
      await app.vault.create(
        {
          apiToken: credentials,
          signing:
            signing.kind === 'eoa'
              ? { kind: 'eoa', privateKey: signing.privateKey }
              : { kind: 'delegated' },
        },
        passphrase,
        true,
      );
    } catch (error) {
      vaultFailure(error);
    }
    const account: AccountInfo = {
      exchange,
      tokenId: credentials.tokenId,
      profile,
      signingKind: signing.kind,
      subAccounts: check.partnerAccounts,
      activeSubAccountId,
    };
    await app.updateSettings((s) => ({ ...s, exchange }));
    await app.accountSession.saveAccount(account);
    await app.accountSession.afterUnlock();
    return app.accountSession.view();
  },
  'account.setActiveSubAccount': async ({ subAccountId }) => {
    const account = app.account;
    if (account?.signingKind !== 'delegated')
      throw unavailable('Sub-accounts apply to delegated signing only.');
    if (!account.subAccounts.some((s) => s.id === subAccountId))
      throw unavailable('That sub-account is not managed by this token.');
    await app.accountSession.saveAccount({ ...account, activeSubAccountId: subAccountId });
    app.portfolio.clear();
    void app.refreshPortfolio();
    return app.accountSession.view();
  },
});
