import { ExchangeError } from '../../core/client/errors';
import { alreadyTrue, type MarketPrices } from '../../core/price-alerts/condition';
import type { PriceAlert } from '../../core/price-alerts/schema';
import type { Handlers } from '../../protocol/router';
import type { BackgroundApp } from '../app';
import { PriceAlertCapError, pricesOfBook, pricesOfPool } from '../market/price-watch';
import { assertPageMarket, type HandlersFor, unavailable } from './shared';

type NewAlert = Parameters<BackgroundApp['priceWatch']['add']>[0];

type Market = NonNullable<Awaited<ReturnType<BackgroundApp['market']>>>;

/** The market's prices as the alerts read them; null while no book or pool price is known. */
async function pricesNow(app: BackgroundApp, market: Market): Promise<MarketPrices | null> {
  if (market.tradeType === 'clob') {
    await app.panels.ensureBook(market.slug);
    const book = app.books.book(market.slug);
    return book ? pricesOfBook(book) : null;
  }
  return market.prices ? pricesOfPool(market.prices) : null;
}

/** Adds an alert on a market the exchange knows, unless its condition already holds. */
async function addAlert(app: BackgroundApp, request: NewAlert): Promise<PriceAlert> {
  const market = await app.market(request.marketSlug).catch(() => null);
  if (!market) throw unavailable('This market is not known to the exchange.');
  if (market.tradeType !== 'clob' && request.field !== 'last') {
    throw new ExchangeError({
      kind: 'validation',
      source: 'client',
      issues: [
        {
          field: 'field',
          message: 'this market has no order book: alert on its last price instead',
        },
      ],
    });
  }
  // An alert already true would fire at once and tell nothing: refused with what holds.
  const before = await pricesNow(app, market);
  const refusal = before ? alreadyTrue(request, before) : null;
  if (refusal) throw unavailable(refusal);
  let added: PriceAlert;
  try {
    added = await app.priceWatch.add(request, market.title);
  } catch (error) {
    if (error instanceof PriceAlertCapError) throw unavailable(error.message);
    throw error;
  }
  // The book may have moved since: it is checked as it is now, not at its next change.
  const prices = await pricesNow(app, market);
  if (prices) await app.priceWatch.observe(market.slug, prices);
  return added;
}

/** Price alerts: set from the popup or the page panel (its own market only), listed and removed from the popup. */
export const priceAlertHandlers = (
  app: BackgroundApp,
): HandlersFor<'priceAlerts'> & Pick<Handlers, 'panel.addPriceAlert'> => ({
  'priceAlerts.list': async () => app.priceWatch.list(),
  'priceAlerts.add': async (request) => addAlert(app, request),
  'panel.addPriceAlert': async (request, sender) => {
    assertPageMarket(app, sender, request.marketSlug);
    return addAlert(app, request);
  },
  'priceAlerts.remove': async ({ id }) => {
    await app.priceWatch.remove(id);
    return {};
  },
});
