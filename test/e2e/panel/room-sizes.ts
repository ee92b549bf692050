/** The window sizes the panel must find room at (issue 32), in Chromium and Firefox. */
export const SIZES = [
  { width: 1280, height: 860 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/** What the trader needs on the sandbox's market page, by its selectors there. */
export const SANDBOX_MARKET_NEEDS = {
  'order book': '[data-orderbook]',
  'price cards': '.price-panel',
  'buy form': '[data-trade-form]',
} as const;
