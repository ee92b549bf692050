import { z } from 'zod';
import { MAX_PLACED_SITES } from './placement-cap';

/*
 * The settings sections the page panel reads, apart from the rest of the schema so the
 * content script constructs only these.
 */

/** Collateral in raw units as a string (settings cross messaging and JSON). */
export const RawSetting = z.string().regex(/^\d+$/, 'expected a whole number of raw units');

export const PanelCorner = z.enum(['bottom-right', 'bottom-left', 'top-right', 'top-left']);

export const QuickTradeSettings = z.object({
  /** Buy presets in raw collateral (defaults $5, $10, $25, $50). */
  presets: z.array(RawSetting).min(1).max(6),
  /** FAK limit = best ask + slippage (BUY) or best bid − slippage (SELL), in price thousandths. */
  slippageMillis: z.number().int().min(0).max(200),
  /** Orders above this notional need a second click within 3 s. */
  confirmAboveRaw: RawSetting,
  orderType: z.enum(['FOK', 'FAK']),
});

/** The user's own limits on orders: the desk applies them, the panel names them. */
export const CapsSettings = z.object({
  maxOrderNotionalRaw: RawSetting,
  maxOrdersPerMinute: z.number().int().min(1).max(600),
});

/** The extension's pages and the page panel: light, dark, or as the system says. */
export const ThemeSetting = z.enum(['system', 'light', 'dark']);

/**
 * What trades on a market page: the page panel drawn in the page, the side panel following
 * the tab (the browser's own pane, opened by the user), or both.
 */
export const MarketPagesSetting = z.enum(['page', 'side', 'both']);

/** Where the panel docks: a corner and the distances (px) from that corner's two edges. */
export const PanelDock = z.object({
  corner: PanelCorner,
  offset: z.object({ x: z.number(), y: z.number() }),
});

/** A placement the user made (dragged, moved or folded the panel) on one site. */
export const SitePlacement = PanelDock.extend({
  /** The page's origin, as the background read it from the sender (never from the page). */
  origin: z.string(),
  collapsed: z.boolean(),
});

export const PanelSettings = z.object({
  /** Site origin → panel shown; absent means shown. */
  disabledOrigins: z.array(z.string()),
  /**
   * The user's own placement per site, the most recently placed first (the order is the
   * LRU; one entry per origin). On a site without one, the panel picks, per page, a place
   * clear of the page's own forms.
   */
  placements: z.array(SitePlacement).max(MAX_PLACED_SITES),
  marketPages: MarketPagesSetting,
});
