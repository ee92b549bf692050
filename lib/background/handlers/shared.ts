import { ExchangeError } from '../../core/client/errors';
import type { Handlers } from '../../protocol/router';
import type { SenderVerdict } from '../../protocol/sender';
import { VaultError } from '../../vault/vault';
import type { BackgroundApp } from '../app';
import type { TradingSession } from '../trading/session';

/** The handlers of one area: the messages whose names start with `area.`. */
export type HandlersFor<Area extends string> = Pick<
  Handlers,
  Extract<keyof Handlers, `${Area}.${string}`>
>;

/** A sender on a page (the panel, a content script) may only speak about that page's market. */
export function assertPageMarket(
  app: BackgroundApp,
  sender: Exclude<SenderVerdict, { kind: 'refused' }>,
  slug: string,
): void {
  if (sender.kind === 'page') return;
  if (app.pageMarket(sender.url) !== slug) {
    throw new ExchangeError({
      kind: 'forbidden',
      message: 'that market is not the one on this page',
    });
  }
}

export const unavailable = (message: string) => new ExchangeError({ kind: 'unavailable', message });

/** A vault refusal the user can act on names the passphrase field; the rest say why. */
export function vaultFailure(error: unknown): never {
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

/** The signed session for an action of the user's (which postpones the auto-lock). */
export async function tradingSession(app: BackgroundApp): Promise<TradingSession> {
  const session = app.session;
  if (!session)
    throw unavailable(
      app.vault.status === 'empty' ? 'Set up your API token first.' : 'Unlock the extension first.',
    );
  app.accountSession.activity();
  return session;
}

/** Cancels one of the user's open orders, after checking it is one on that market. */
export async function cancelOne(
  app: BackgroundApp,
  { marketSlug, orderId }: { marketSlug: string; orderId: string },
) {
  const session = await tradingSession(app);
  if (!(await app.ownsOrder(marketSlug, orderId))) {
    throw new ExchangeError({
      kind: 'forbidden',
      message: 'that order is not one of your open orders on this market',
    });
  }
  const result = await session.client.cancelOrder({ orderId }, session.actAs());
  void app.refreshOrders(marketSlug);
  return { message: result.message };
}

export async function cancelAll(app: BackgroundApp, { marketSlug }: { marketSlug: string }) {
  const session = await tradingSession(app);
  const result = await session.client.cancelAllOnMarket(marketSlug, session.actAs());
  void app.refreshOrders(marketSlug);
  return { canceled: result.canceled };
}
