import { z } from 'zod';

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

export const PanelSettings = z.object({
  /** Site origin → panel shown; absent means shown. */
  disabledOrigins: z.array(z.string()),
  corner: PanelCorner,
  offset: z.object({ x: z.number(), y: z.number() }),
  collapsed: z.boolean(),
  /**
   * Whether the user docked the panel themselves (dragged, moved or folded it). Until then
   * the panel picks, per page, a corner clear of the page's own forms.
   */
  placed: z.boolean(),
  marketPages: MarketPagesSetting,
});
