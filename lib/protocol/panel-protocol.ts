import { z } from 'zod';
import { NewPriceAlert, PriceAlert } from '../core/price-alerts/schema';
import { PANEL_COMMAND_NAMES } from './commands';
import { IntentView, LimitOrderRequest, QuickOrderRequest } from './intent';
import { PORTS, PROTOCOL } from './names';
import { PanelState } from './panel-views';

/*
 * The messages a content script may send, apart from the rest of the protocol: the page
 * panel imports only this module, so a web page's tab never constructs the feed, portfolio
 * or onboarding schemas. `MESSAGES` in protocol.ts includes all of these.
 */

/**
 * Who may send a message:
 * - `page`: our own extension pages (popup, options).
 * - `content`: our content script in the top frame of a tab on the configured exchange site.
 */
export type SenderKind = 'page' | 'content';

export interface MessageDef<Req extends z.ZodType, Res extends z.ZodType> {
  request: Req;
  response: Res;
  senders: readonly SenderKind[];
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

/** Messages a content script may send (extension pages may send most of them too). */
export const PANEL_MESSAGES = {
  // ── The page panel (content scripts) — narrow, re-validated intents only ──────
  'panel.state': message({
    request: z.object({ marketSlug: Slug }),
    response: PanelState,
    senders: ['content', 'page'],
  }),
  'panel.quickOrder': message({
    request: QuickOrderRequest,
    response: IntentView,
    senders: ['content', 'page'],
  }),
  /** A post-only GTC order at a level of the panel's book ladder. */
  'panel.limitOrder': message({
    request: LimitOrderRequest,
    response: IntentView,
    senders: ['content', 'page'],
  }),
  'panel.cancelOrder': message({
    request: CancelOne,
    response: CancelOneResult,
    senders: ['content', 'page'],
  }),
  'panel.cancelAll': message({
    request: CancelAllOnMarket,
    response: CancelAllResult,
    senders: ['content', 'page'],
  }),
  'panel.savePlacement': message({
    request: z.object({
      corner: z.enum(['bottom-right', 'bottom-left', 'top-right', 'top-left']),
      offset: z.object({ x: z.number().min(0).max(4000), y: z.number().min(0).max(4000) }),
      collapsed: z.boolean(),
    }),
    response: Empty,
    senders: ['content'],
  }),
  'panel.openOptions': message({ request: Empty, response: Empty, senders: ['content', 'page'] }),
  /** Cancels a delayed (or resting) order the desk placed on this market, by its intent. */
  'panel.cancelIntent': message({
    request: z.object({ marketSlug: Slug, clientOrderId: z.string().min(1).max(128) }),
    response: IntentView,
    senders: ['content', 'page'],
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
    senders: ['content', 'page'],
  }),
  /**
   * A price alert on the page's market: a content script may name no other. The same as
   * `alerts.add` of the extension pages; the background names the market (its title).
   */
  'panel.addAlert': message({
    request: NewPriceAlert,
    response: PriceAlert,
    senders: ['content', 'page'],
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
