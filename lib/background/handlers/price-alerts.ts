import { ExchangeError } from '../../core/client/errors';
import type { PriceAlert } from '../../core/price-alerts/schema';
import type { Handlers } from '../../protocol/router';
import type { BackgroundApp } from '../app';
import { PriceAlertCapError, pricesOfBook, pricesOfPool } from '../price-watch';
import { assertPageMarket, type HandlersFor, unavailable } from './shared';

type NewAlert = Parameters<BackgroundApp['priceWatch']['add']>[0];

/** Adds an alert on a market the exchange knows, and checks it against the book at once. */
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
  let added: PriceAlert;
  try {
    added = await app.priceWatch.add(request, market.title);
  } catch (error) {
    if (error instanceof PriceAlertCapError) throw unavailable(error.message);
    throw error;
  }
  // A condition already true fires now, not at the next change of the book.
  if (market.tradeType === 'clob') {
    await app.panels.ensureBook(market.slug);
    const book = app.books.book(market.slug);
    if (book) await app.priceWatch.observe(market.slug, pricesOfBook(book));
  } else if (market.prices) {
    await app.priceWatch.observe(market.slug, pricesOfPool(market.prices));
  }
  return added;
}

/** Price alerts: set from the popup or the page panel (its own market only), listed and removed from the popup. */
export const priceAlertHandlers = (
  app: BackgroundApp,
): HandlersFor<'alerts'> & Pick<Handlers, 'panel.addAlert'> => ({
  'alerts.list': async () => app.priceWatch.list(),
  'alerts.add': async (request) => addAlert(app, request),
  'panel.addAlert': async (request, sender) => {
    assertPageMarket(app, sender, request.marketSlug);
    return addAlert(app, request);
  },
  'alerts.remove': async ({ id }) => {
    await app.priceWatch.remove(id);
    return {};
  },
});
