import type { BackgroundApp } from '../app';
import { cancelAll, cancelOne, type HandlersFor, tradingSession, unavailable } from './shared';

/** What the popup and the options page ask for: orders, intents, feed, portfolio, markets. */
export const popupHandlers = (
  app: BackgroundApp,
): HandlersFor<'orders' | 'intents' | 'feed' | 'portfolio' | 'maintenance' | 'markets'> => ({
  'orders.cancel': async (request) => cancelOne(app, request),
  'orders.cancelAll': async (request) => cancelAll(app, request),
  'intents.cancel': async ({ clientOrderId }) => {
    await tradingSession(app);
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
    const session = await tradingSession(app);
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
});
