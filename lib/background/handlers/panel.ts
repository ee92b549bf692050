import type { MarketRecord } from '../../core/api/markets';
import { ExchangeError } from '../../core/client/errors';
import { formatUsd } from '../../core/format/money';
import { aboveCapReason, buyAboveCap } from '../../core/orders/cap';
import { CONFIRM_FIELD } from '../../core/orders/confirm';
import { priceLimitOrder } from '../../core/orders/limit-pricing';
import { priceQuickOrder } from '../../core/orders/pricing';
import { placedOn } from '../../core/settings/site-placements';
import type { PlaceSpec } from '../../desk/desk';
import type { IntentView, ParsedQuickOrder } from '../../protocol/intent';
import type { ParsedRequestOf } from '../../protocol/messages';
import type { SenderVerdict } from '../../protocol/sender';
import type { PanelBlock } from '../../protocol/views';
import type { BackgroundApp } from '../app';
import {
  assertPageMarket,
  cancelAll,
  cancelOne,
  type HandlersFor,
  tradingSession,
  unavailable,
} from './shared';

type ParsedLimitOrder = ParsedRequestOf<'panel.limitOrder'>;
type PanelSenderVerdict = Exclude<SenderVerdict, { kind: 'refused' }>;

/** Whose presses pair up: a tab's panel, or the extension pages. */
const pressScope = (sender: PanelSenderVerdict): string =>
  sender.kind === 'page' ? 'page' : `tab:${sender.tabId}`;

/** A quick-trade button, by what it orders. */
const quickPress = (r: ParsedQuickOrder): string =>
  JSON.stringify([
    'quick',
    r.marketSlug,
    r.outcome,
    r.side,
    r.orderType,
    r.amountRaw ?? null,
    r.sellPercent ?? null,
  ]);

/** A level of the book ladder, by what it orders. */
const limitPress = (r: ParsedLimitOrder): string =>
  JSON.stringify(['limit', r.marketSlug, r.outcome, r.side, r.price, r.amountRaw]);

/** The refusal of a large order's first press, with the field the panel arms its button on. */
function secondPressNeeded(app: BackgroundApp): ExchangeError {
  const threshold = BigInt(app.settings.quickTrade.confirmAboveRaw);
  return new ExchangeError({
    kind: 'validation',
    source: 'client',
    issues: [
      {
        field: CONFIRM_FIELD,
        message: `Orders above ${formatUsd(threshold)} need a second click on the same button within 3 seconds; click it again to place this one.`,
      },
    ],
  });
}

/**
 * A press the panel marks as a large order's first: armed as it arrives, before anything
 * is awaited, so the second press (sent right after it) always finds it; never placed.
 */
function armFirstPress(app: BackgroundApp, sender: PanelSenderVerdict, press: string): never {
  app.armedPresses.arm(pressScope(sender), press);
  throw secondPressNeeded(app);
}

/**
 * Whether a panel order above the confirmation threshold is the second press: the
 * background's own record says so (`ArmedPresses`), never the message. A press nothing was
 * armed for is armed and refused (the panel then arms its button). Orders above the
 * per-order cap are left to the desk, which names the cap.
 */
function confirmation(
  app: BackgroundApp,
  sender: PanelSenderVerdict,
  press: string,
  notionalRaw: bigint,
): boolean {
  const { quickTrade, caps } = app.settings;
  const threshold = BigInt(quickTrade.confirmAboveRaw);
  const needed = notionalRaw > threshold && notionalRaw <= BigInt(caps.maxOrderNotionalRaw);
  const scope = pressScope(sender);
  if (app.armedPresses.take(scope, press) || !needed) return needed;
  app.armedPresses.arm(scope, press);
  throw secondPressNeeded(app);
}

/**
 * The intent this press already made on this market (a retry after a lost answer): the
 * same order, whatever its confirmation or the book now say.
 */
function earlierPress(app: BackgroundApp, marketSlug: string, pressId: string): IntentView | null {
  const view = app.desk.ofPress(pressId);
  return view?.marketSlug === marketSlug ? view : null;
}

/**
 * The first steps of every order press, before anything is awaited: its deadline starts
 * (what follows may wait on the exchange), its page's market is checked, and a retry of a
 * press already placed is answered with that order.
 */
function pressReceived(
  app: BackgroundApp,
  sender: PanelSenderVerdict,
  request: { marketSlug: string; pressId: string },
): { earlier: IntentView } | { decidedAt: number } {
  const decidedAt = app.now();
  assertPageMarket(app, sender, request.marketSlug);
  const earlier = earlierPress(app, request.marketSlug, request.pressId);
  return earlier ? { earlier } : { decidedAt };
}

/**
 * The market an order goes to, once the session is open: its record, and nothing blocking
 * orders there (`passes`: a block this kind of order is still allowed through).
 */
async function orderableMarket(
  app: BackgroundApp,
  marketSlug: string,
  passes: (block: PanelBlock) => boolean = () => false,
): Promise<MarketRecord> {
  await tradingSession(app);
  const market = await app.market(marketSlug);
  if (!market) throw unavailable('This market is not known to the exchange.');
  const block = app.panels.orderBlock(market);
  if (block && !passes(block)) throw unavailable(block.message);
  return market;
}

/** A panel order once priced, quick or from the book: past the threshold, into the desk. */
function placeFromPanel(
  app: BackgroundApp,
  request: Pick<PlaceSpec, 'marketSlug' | 'outcome' | 'pressId' | 'decidedAt'>,
  confirmed: boolean,
  marketTitle: string,
  priced: Pick<PlaceSpec, 'amounts' | 'notionalRaw'>,
  postOnly: boolean,
): Promise<IntentView> {
  return app.desk.place({
    marketSlug: request.marketSlug,
    marketTitle,
    outcome: request.outcome,
    amounts: priced.amounts,
    notionalRaw: priced.notionalRaw,
    confirmed,
    ...(postOnly ? { postOnly: true } : {}),
    pressId: request.pressId,
    ...(request.decidedAt !== undefined ? { decidedAt: request.decidedAt } : {}),
  });
}

/** A quick order priced from its market's book as it is now. */
async function pricedNow(app: BackgroundApp, request: ParsedQuickOrder) {
  // Live, or read for this order: never a copy that nothing keeps current.
  await app.panels.bookForOrder(request.marketSlug);
  return priceQuickOrder(
    request,
    app.books.get(request.marketSlug),
    app.portfolio.held(request.marketSlug, request.outcome),
    app.settings.quickTrade.slippageMillis,
    app.books.depth(request.marketSlug),
  );
}

/**
 * A quick-trade button's pointer-down: the order its click would make, priced from the book
 * now, handed to the desk to sign and journal (`OrderDesk.prime`). A large order's presses
 * (the two of a confirmation) and a press already placed are not primed: they take the
 * click's own way, as does every click whose order differs from the primed one.
 */
async function primeQuickOrder(
  app: BackgroundApp,
  sender: PanelSenderVerdict,
  request: ParsedQuickOrder,
): Promise<void> {
  const decidedAt = app.now();
  assertPageMarket(app, sender, request.marketSlug);
  if (request.firstPress || earlierPress(app, request.marketSlug, request.pressId)) return;
  const market = await orderableMarket(app, request.marketSlug);
  const priced = await pricedNow(app, request);
  if (priced.notionalRaw > BigInt(app.settings.quickTrade.confirmAboveRaw)) return;
  app.desk.prime({
    marketSlug: request.marketSlug,
    marketTitle: market.title,
    outcome: request.outcome,
    amounts: priced.amounts,
    notionalRaw: priced.notionalRaw,
    confirmed: false,
    pressId: request.pressId,
    decidedAt,
  });
}

/** What the page panel asks for: its market's state, quick orders, cancels, its own settings. */
export const panelHandlers = (
  app: BackgroundApp,
  // The panel's price alert is with the other alerts (handlers/price-alerts.ts).
): Omit<HandlersFor<'panel'>, 'panel.addPriceAlert'> => ({
  'panel.state': async ({ marketSlug }, sender) => {
    assertPageMarket(app, sender, marketSlug);
    return app.panels.state(marketSlug);
  },
  'panel.quickOrder': async (request, sender) => {
    const received = pressReceived(app, sender, request);
    if ('earlier' in received) return received.earlier;
    // Named before the book is read or a confirmation armed: the cap is the reason.
    const capRaw = BigInt(app.settings.caps.maxOrderNotionalRaw);
    if (request.amountRaw !== undefined && buyAboveCap(BigInt(request.amountRaw), capRaw))
      throw unavailable(aboveCapReason(capRaw));
    if (request.firstPress) armFirstPress(app, sender, quickPress(request));
    const market = await orderableMarket(app, request.marketSlug);
    const priced = await pricedNow(app, request);
    const confirmed = confirmation(app, sender, quickPress(request), priced.notionalRaw);
    const view = await placeFromPanel(
      app,
      { ...request, decidedAt: received.decidedAt },
      confirmed,
      market.title,
      priced,
      false,
    );
    // A delayed order sends no event before eligibleAt: list it among the open orders now.
    if (view.state === 'delayed' || view.state === 'resting')
      void app.refreshOrders(request.marketSlug);
    return view;
  },
  'panel.primeOrder': async (request, sender) => {
    try {
      await primeQuickOrder(app, sender, request);
    } catch {
      // Nothing is said to a pointer-down: its click meets the same refusal and says it.
    }
    return {};
  },
  'panel.limitOrder': async (request, sender) => {
    const received = pressReceived(app, sender, request);
    if ('earlier' in received) return received.earlier;
    // The ladder's words for a level above the cap (components/panel/model/ladder.ts).
    const capRaw = BigInt(app.settings.caps.maxOrderNotionalRaw);
    if (request.side === 'BUY' && buyAboveCap(BigInt(request.amountRaw), capRaw))
      throw unavailable(aboveCapReason(capRaw));
    if (request.firstPress) armFirstPress(app, sender, limitPress(request));
    // Post-only mode pauses one-click orders, not these: they are what it still accepts.
    const market = await orderableMarket(
      app,
      request.marketSlug,
      (block) => block.code === 'trading-mode' && app.mode?.mode === 'post_only',
    );
    // The price is the one the user clicked, re-checked here but never moved.
    const priced = priceLimitOrder(
      request,
      app.portfolio.held(request.marketSlug, request.outcome),
    );
    if (priced.notionalRaw > capRaw) throw unavailable(aboveCapReason(capRaw));
    const confirmed = confirmation(app, sender, limitPress(request), priced.notionalRaw);
    const view = await placeFromPanel(
      app,
      { ...request, decidedAt: received.decidedAt },
      confirmed,
      market.title,
      priced,
      true,
    );
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
  'panel.savePlacement': async (placement, sender) => {
    // The site is the sender's origin, which the browser reports (the panel's frame: its
    // tab's page), never a field of the request a page could forge. The router admits only
    // the panel; an extension page has no site to place it on.
    if (sender.kind === 'page') {
      throw new ExchangeError({
        kind: 'forbidden',
        message: 'only the page panel can save its placement on a site',
      });
    }
    // From now on the panel stays where the user put it on this site instead of avoiding
    // the page's forms; other sites keep theirs.
    await app.updateSettings((s) => ({
      ...s,
      panel: { ...s.panel, placements: placedOn(s.panel.placements, sender.origin, placement) },
    }));
    return {};
  },
  'panel.openOptions': async () => {
    await app.platform.openOptionsPage();
    return {};
  },
  // Opened by the message listener itself, before any await (lib/background/ui/side-panel.ts).
  'panel.openSidePanel': async () => ({}),
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
