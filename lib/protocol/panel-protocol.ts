import { z } from 'zod';
import { NewPriceAlert, PriceAlert } from '../core/price-alerts/schema';
import { IntentView, LimitOrderRequest, QuickOrderRequest } from './intent';
import { PANEL_COMMAND_NAMES } from './keyboard-commands';
import { PORTS, PROTOCOL } from './names';
import { PanelState } from './panel-views';

/*
 * The messages the page panel may send, apart from the rest of the protocol: the page
 * panel imports only this module, so a web page's tab never constructs the feed, portfolio
 * or onboarding schemas. `MESSAGES` in protocol.ts includes all of these.
 */

/**
 * Who a sender is (`lib/protocol/sender.ts` tells them apart):
 * - `page`: our own extension pages (popup, options).
 * - `content`: our content script in the top frame of a tab on the configured exchange site
 *   (Chromium: the loader; Firefox: the page panel itself). It runs in the page's process.
 * - `panel-frame`: our page panel's own frame (`panel-frame.html`, Chromium), an extension
 *   page in the extension's process, in a tab of the exchange site.
 */
export type SenderKind = 'page' | 'content' | 'panel-frame';

/**
 * Who may send a message: a sender kind, or `panel`, whichever kind draws the page panel in
 * this browser (`PanelSender`, lib/protocol/panel-sender.ts): the panel's frame in Chromium,
 * the content script in Firefox. Everything that trades, cancels or changes settings or
 * alerts is `panel`'s, so in Chromium a page's process can ask for none of it.
 */
export type SenderRole = SenderKind | 'panel';

export interface MessageDef<Req extends z.ZodType, Res extends z.ZodType> {
  request: Req;
  response: Res;
  senders: readonly SenderRole[];
}

export const message = <Req extends z.ZodType, Res extends z.ZodType>(
  def: MessageDef<Req, Res>,
): MessageDef<Req, Res> => def;

export const Empty = z.object({}).strict();
export const Slug = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'not a market slug');
export const OrderId = z.string().min(1).max(128);

export const CancelOne = z.object({ marketSlug: Slug, orderId: OrderId });
export const CancelAllOnMarket = z.object({ marketSlug: Slug });
export const CancelOneResult = z.object({ message: z.string() });
export const CancelAllResult = z.object({ canceled: z.array(z.string()) });

/** Messages the page panel may send (extension pages may send most of them too). */
export const PANEL_MESSAGES = {
  // ── The page panel (its frame, or Firefox's content script) — narrow, re-validated intents ──
  'panel.state': message({
    request: z.object({ marketSlug: Slug }),
    response: PanelState,
    senders: ['panel', 'page'],
  }),
  'panel.quickOrder': message({
    request: QuickOrderRequest,
    response: IntentView,
    senders: ['panel', 'page'],
  }),
  /**
   * A quick-trade button's pointer went down: the background signs and journals the order
   * its click would ask for, so the click has only to send it. Never an order by itself,
   * never shown; answered `{}` whatever happens (the click meets any refusal and says it).
   */
  'panel.primeOrder': message({
    request: QuickOrderRequest,
    response: Empty,
    senders: ['panel', 'page'],
  }),
  /** A post-only GTC order at a level of the panel's book ladder. */
  'panel.limitOrder': message({
    request: LimitOrderRequest,
    response: IntentView,
    senders: ['panel', 'page'],
  }),
  'panel.cancelOrder': message({
    request: CancelOne,
    response: CancelOneResult,
    senders: ['panel', 'page'],
  }),
  'panel.cancelAll': message({
    request: CancelAllOnMarket,
    response: CancelAllResult,
    senders: ['panel', 'page'],
  }),
  'panel.savePlacement': message({
    request: z.object({
      corner: z.enum(['bottom-right', 'bottom-left', 'top-right', 'top-left']),
      offset: z.object({ x: z.number().min(0).max(4000), y: z.number().min(0).max(4000) }),
      collapsed: z.boolean(),
    }),
    response: Empty,
    senders: ['panel'],
  }),
  'panel.openOptions': message({ request: Empty, response: Empty, senders: ['panel', 'page'] }),
  /**
   * The page panel's "open the side panel". The background's message listener opens it as
   * the message arrives (the browser wants the user's click behind the call, which any wait
   * loses: lib/background/ui/side-panel.ts); this answer only confirms it.
   */
  'panel.openSidePanel': message({ request: Empty, response: Empty, senders: ['panel'] }),
  /** Cancels a delayed (or resting) order the desk placed on this market, by its intent. */
  'panel.cancelIntent': message({
    request: z.object({ marketSlug: Slug, clientOrderId: z.string().min(1).max(128) }),
    response: IntentView,
    senders: ['panel', 'page'],
  }),
  /** The quick-trade presets and order type as edited in the panel (nothing else). */
  'panel.saveQuickTrade': message({
    request: z
      .object({
        presets: z
          .array(z.string().regex(/^[1-9]\d{0,14}$/, 'a preset is a positive amount in raw units'))
          .min(1)
          .max(6)
          .optional(),
        orderType: z.enum(['FOK', 'FAK']).optional(),
      })
      .strict(),
    response: Empty,
    senders: ['panel', 'page'],
  }),
  /**
   * A price alert on the page's market: the page panel may name no other. The same as
   * `priceAlerts.add` of the extension pages; the background names the market (its title).
   */
  'panel.addPriceAlert': message({
    request: NewPriceAlert,
    response: PriceAlert,
    senders: ['panel', 'page'],
  }),
} as const;

export { PORTS, PROTOCOL };

export const Envelope = z.object({
  protocol: z.literal(PROTOCOL),
  name: z.string().max(64),
  payload: z.unknown(),
});
export type Envelope = z.infer<typeof Envelope>;

/**
 * Page panel → background, first on the panel port: the market to watch, or the market of
 * the sender's own page (`thisPage`), which a content script asks for before it has read
 * which URL is a market page, so the answer is on its way while the page still loads.
 */
export const PanelPortRequest = z.union([
  z.object({ marketSlug: Slug }),
  z.object({ thisPage: z.literal(true) }),
]);
export type PanelPortRequest = z.infer<typeof PanelPortRequest>;

/**
 * Extension page → background, first on the state port: whether the user just opened the
 * page (which postpones the auto-lock) or the page is reconnecting to a restarted
 * background (which is nobody's action).
 */
export const StatePortHello = z.object({ opened: z.boolean() });
export type StatePortHello = z.infer<typeof StatePortHello>;

/** Background → the active tab's page panel: a keyboard command (only the background sends it). */
export const PanelCommandMessage = z.object({
  protocol: z.literal(PROTOCOL),
  name: z.literal('panel.command'),
  payload: z.object({ command: z.enum(PANEL_COMMAND_NAMES) }),
});
export type PanelCommandMessage = z.infer<typeof PanelCommandMessage>;
