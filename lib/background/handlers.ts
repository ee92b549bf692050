import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import type { ApiCredentials, ExchangeProfile } from '../core/api/exchange';
import { SandboxAccounts } from '../core/api/sandbox';
import { ExchangeError } from '../core/client/errors';
import { ExchangeClient } from '../core/client/exchange-client';
import { RequestSigner } from '../core/client/hmac';
import { formatUsd } from '../core/format/money';
import { CONFIRM_FIELD } from '../core/orders/confirm';
import { priceQuickOrder } from '../core/orders/pricing';
import type { CredentialCheck, ScopeProbe } from '../protocol/messages';
import type { Handlers } from '../protocol/router';
import type { SenderVerdict } from '../protocol/sender';
import { VaultError } from '../vault/vault';
import type { AccountInfo } from './account';
import type { BackgroundApp } from './app';

const unavailable = (message: string) => new ExchangeError({ kind: 'unavailable', message });

function vaultFailure(error: unknown): never {
  if (error instanceof VaultError) {
    throw new ExchangeError(
      error.code === 'wrong-passphrase' ||
        error.code === 'weak-passphrase' ||
        error.code === 'throttled'
        ? {
            kind: 'validation',
            source: 'client',
            issues: [{ field: 'passphrase', message: error.message }],
          }
        : { kind: 'unavailable', message: error.message },
    );
  }
  throw error;
}

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

/** Content scripts may only speak about the market of the page they run in. */
function assertPageMarket(
  app: BackgroundApp,
  sender: Exclude<SenderVerdict, { kind: 'refused' }>,
  slug: string,
): void {
  if (sender.kind !== 'content') return;
  if (app.pageMarket(sender.url) !== slug) {
    throw new ExchangeError({
      kind: 'forbidden',
      message: 'that market is not the one on this page',
    });
  }
}

/**
 * A quick order above the confirmation threshold needs the second click. The desk refuses
 * it too; refusing here first says so with a field the panel can act on (it arms the
 * button). Orders above the per-order cap are left to the desk, which names the cap.
 */
function assertConfirmed(app: BackgroundApp, notionalRaw: bigint, confirmed: boolean): void {
  const { quickTrade, caps } = app.settings;
  const threshold = BigInt(quickTrade.confirmAboveRaw);
  if (confirmed || notionalRaw <= threshold || notionalRaw > BigInt(caps.maxOrderNotionalRaw))
    return;
  throw new ExchangeError({
    kind: 'validation',
    source: 'client',
    issues: [
      {
        field: CONFIRM_FIELD,
        message: `orders above ${formatUsd(threshold)} need a second click within 3 seconds`,
      },
    ],
  });
}

export function createHandlers(app: BackgroundApp): Handlers {
  const trade = async () => {
    const session = app.session;
    if (!session)
      throw unavailable(
        app.vault.status === 'empty'
          ? 'Set up your API token first.'
          : 'Unlock the extension first.',
      );
    app.activity();
    return session;
  };

  const cancelOne = async ({ marketSlug, orderId }: { marketSlug: string; orderId: string }) => {
    const session = await trade();
    if (!(await app.ownsOrder(marketSlug, orderId))) {
      throw new ExchangeError({
        kind: 'forbidden',
        message: 'that order is not one of your open orders on this market',
      });
    }
    const result = await session.client.cancelOrder({ orderId }, session.actAs());
    void app.refreshOrders(marketSlug);
    return { message: result.message };
  };

  const cancelAll = async ({ marketSlug }: { marketSlug: string }) => {
    const session = await trade();
    const result = await session.client.cancelAllOnMarket(marketSlug, session.actAs());
    void app.refreshOrders(marketSlug);
    return { canceled: result.canceled };
  };

  return {
    'panel.state': async ({ marketSlug }, sender) => {
      assertPageMarket(app, sender, marketSlug);
      return app.panelState(marketSlug);
    },
    'panel.quickOrder': async (request, sender) => {
      assertPageMarket(app, sender, request.marketSlug);
      await trade();
      const market = await app.market(request.marketSlug);
      if (!market) throw unavailable('This market is not known to the exchange.');
      const block = (await app.panelState(request.marketSlug)).block;
      if (block) throw unavailable(block.message);
      await app.ensureBook(request.marketSlug);
      const priced = priceQuickOrder(
        request,
        app.books.get(request.marketSlug),
        app.portfolio.held(request.marketSlug, request.outcome),
        app.settings.quickTrade.slippageMillis,
        app.books.depth(request.marketSlug),
      );
      assertConfirmed(app, priced.notionalRaw, request.confirmed);
      const view = await app.desk.place({
        marketSlug: request.marketSlug,
        marketTitle: market.title,
        outcome: request.outcome,
        amounts: priced.amounts,
        notionalRaw: priced.notionalRaw,
        confirmed: request.confirmed,
        pressId: request.pressId,
      });
      // A delayed order sends no event before eligibleAt: list it among the open orders now.
      if (view.state === 'delayed' || view.state === 'resting')
        void app.refreshOrders(request.marketSlug);
      return view;
    },
    'panel.cancelOrder': async (request, sender) => {
      assertPageMarket(app, sender, request.marketSlug);
      return cancelOne(request);
    },
    'panel.cancelAll': async (request, sender) => {
      assertPageMarket(app, sender, request.marketSlug);
      return cancelAll(request);
    },
    'panel.savePlacement': async (placement) => {
      // From now on the panel stays where the user put it instead of avoiding the page's forms.
      await app.updateSettings((s) => ({
        ...s,
        panel: { ...s.panel, ...placement, placed: true },
      }));
      return {};
    },
    'panel.openOptions': async () => {
      await app.platform.openOptionsPage();
      return {};
    },
    'panel.cancelIntent': async ({ marketSlug, clientOrderId }, sender) => {
      assertPageMarket(app, sender, marketSlug);
      await trade();
      if (app.desk.view(clientOrderId)?.marketSlug !== marketSlug) {
        throw new ExchangeError({
          kind: 'forbidden',
          message: 'that order is not one the extension placed for you on this market',
        });
      }
      const view = await app.desk.cancel(clientOrderId);
      void app.refreshOrders(marketSlug);
      return view;
    },
    'panel.saveQuickTrade': async ({ presets, orderType }) => {
      await app.updateSettings((s) => ({
        ...s,
        quickTrade: {
          ...s.quickTrade,
          ...(presets ? { presets } : {}),
          ...(orderType ? { orderType } : {}),
        },
      }));
      return {};
    },

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
      await app.saveAccount(account);
      await app.afterUnlock();
      return app.vaultView();
    },
    'account.setActiveSubAccount': async ({ subAccountId }) => {
      const account = app.account;
      if (account?.signingKind !== 'delegated')
        throw unavailable('Sub-accounts apply to delegated signing only.');
      if (!account.subAccounts.some((s) => s.id === subAccountId))
        throw unavailable('That sub-account is not managed by this token.');
      await app.saveAccount({ ...account, activeSubAccountId: subAccountId });
      app.portfolio.clear();
      void app.refreshPortfolio();
      return app.vaultView();
    },

    'orders.cancel': async (request) => cancelOne(request),
    'orders.cancelAll': async (request) => cancelAll(request),
    'intents.cancel': async ({ clientOrderId }) => {
      await trade();
      return app.desk.cancel(clientOrderId);
    },

    'feed.page': async ({ audience, cursor, limit }) => {
      if (audience === 'following' && !app.session)
        throw unavailable('Unlock the extension to see the traders you follow.');
      return app
        .api()
        .getFeed({ audience, ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}) });
    },
    'portfolio.refresh': async () => {
      await app.refreshPortfolio();
      return {};
    },
    'portfolio.pnlChart': async ({ timeframe }) => {
      const session = await trade();
      return session.client.getPnlChart(timeframe, session.actAs());
    },
    'maintenance.refresh': async () => {
      await app.refreshMaintenance();
      if (!app.mode) throw unavailable('The exchange did not say its trading mode.');
      const { checkedAt: _checkedAt, ...status } = app.mode;
      return status;
    },
    'markets.venues': async () => {
      const { data } = await app.api().getActiveMarkets({ limit: 100 });
      return data.flatMap((m) =>
        m.tradeType === 'clob' && m.venue
          ? [
              {
                slug: m.slug,
                title: m.title,
                negRisk: m.negRisk,
                grouped: m.group !== null,
                venue: m.venue,
              },
            ]
          : [],
      );
    },
    'withdraw.targets': async () => {
      const session = await trade();
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
      const session = await trade();
      const act = session.actAs();
      return session.client.withdraw({
        amount: amountRaw,
        ...(token ? { token } : {}),
        ...(destination ? { destination } : {}),
        ...(act.onBehalfOf ? { onBehalfOf: act.onBehalfOf } : {}),
      });
    },
  };
}
