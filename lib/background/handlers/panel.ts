import { ExchangeError } from '../../core/client/errors';
import { formatUsd } from '../../core/format/money';
import { CONFIRM_FIELD } from '../../core/orders/confirm';
import { priceLimitOrder } from '../../core/orders/limit-pricing';
import { priceQuickOrder } from '../../core/orders/pricing';
import type { PlaceSpec } from '../../desk/desk';
import type { IntentView } from '../../protocol/intent';
import type { BackgroundApp } from '../app';
import {
  assertPageMarket,
  cancelAll,
  cancelOne,
  type HandlersFor,
  tradingSession,
  unavailable,
} from './shared';

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

/** A panel order once priced, quick or from the book: past the threshold, into the desk. */
function placeFromPanel(
  app: BackgroundApp,
  request: Pick<PlaceSpec, 'marketSlug' | 'outcome' | 'confirmed' | 'pressId' | 'decidedAt'>,
  marketTitle: string,
  priced: Pick<PlaceSpec, 'amounts' | 'notionalRaw'>,
  postOnly: boolean,
): Promise<IntentView> {
  assertConfirmed(app, priced.notionalRaw, request.confirmed);
  return app.desk.place({
    marketSlug: request.marketSlug,
    marketTitle,
    outcome: request.outcome,
    amounts: priced.amounts,
    notionalRaw: priced.notionalRaw,
    confirmed: request.confirmed,
    ...(postOnly ? { postOnly: true } : {}),
    pressId: request.pressId,
    ...(request.decidedAt !== undefined ? { decidedAt: request.decidedAt } : {}),
  });
}

/** What the page panel asks for: its market's state, quick orders, cancels, its own settings. */
export const panelHandlers = (
  app: BackgroundApp,
  // The panel's price alert is with the other alerts (handlers/price-alerts.ts).
): Omit<HandlersFor<'panel'>, 'panel.addAlert'> => ({
  'panel.state': async ({ marketSlug }, sender) => {
    assertPageMarket(app, sender, marketSlug);
    return app.panels.state(marketSlug);
  },
  'panel.quickOrder': async (request, sender) => {
    // The press's deadline counts from here: what follows may wait on the exchange.
    const decidedAt = app.now();
    assertPageMarket(app, sender, request.marketSlug);
    await tradingSession(app);
    const market = await app.market(request.marketSlug);
    if (!market) throw unavailable('This market is not known to the exchange.');
    const block = app.panels.orderBlock(market);
    if (block) throw unavailable(block.message);
    // Live, or read for this order: never a copy that nothing keeps current.
    await app.panels.bookForOrder(request.marketSlug);
    const priced = priceQuickOrder(
      request,
      app.books.get(request.marketSlug),
      app.portfolio.held(request.marketSlug, request.outcome),
      app.settings.quickTrade.slippageMillis,
      app.books.depth(request.marketSlug),
    );
    const view = await placeFromPanel(app, { ...request, decidedAt }, market.title, priced, false);
    // A delayed order sends no event before eligibleAt: list it among the open orders now.
    if (view.state === 'delayed' || view.state === 'resting')
      void app.refreshOrders(request.marketSlug);
    return view;
  },
  'panel.limitOrder': async (request, sender) => {
    const decidedAt = app.now();
    assertPageMarket(app, sender, request.marketSlug);
    await tradingSession(app);
    const market = await app.market(request.marketSlug);
    if (!market) throw unavailable('This market is not known to the exchange.');
    // Post-only mode pauses one-click orders, not these: they are what it still accepts.
    const block = app.panels.orderBlock(market);
    if (block && !(block.code === 'trading-mode' && app.mode?.mode === 'post_only'))
      throw unavailable(block.message);
    // The price is the one the user clicked, re-checked here but never moved.
    const priced = priceLimitOrder(
      request,
      app.portfolio.held(request.marketSlug, request.outcome),
    );
    const view = await placeFromPanel(app, { ...request, decidedAt }, market.title, priced, true);
    // Listed among the open orders with its cancel button before the socket says so.
    if (view.state === 'resting') void app.refreshOrders(request.marketSlug);
    return view;
  },
  'panel.cancelOrder': async (request, sender) => {
    assertPageMarket(app, sender, request.marketSlug);
    return cancelOne(app, request);
  },
  'panel.cancelAll': async (request, sender) => {
    assertPageMarket(app, sender, request.marketSlug);
    return cancelAll(app, request);
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
    await tradingSession(app);
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
});
