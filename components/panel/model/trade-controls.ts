/*
 * What the panel counts as a trade control: anything whose press places or cancels an order
 * (buy, sell, book level, cancel, cancel all, the retry of a failed order). Their boxes on
 * the screen never depend on the panel's other content (issue 29); the key guard
 * (key-aim.ts) and the end-to-end layout test find them by this selector.
 */
export const TRADE_CONTROL = '.mc-trade, .mc-level, [data-action^="cancel"], [data-action="retry"]';

/** The book ladder's reserved places, each holding a level or nothing. */
export const TRADE_SLOT = '[data-slot]';

/**
 * Places kept per side of the ladder: the background's `LADDER_DEPTH`
 * (lib/core/orders/book-ladder.ts, a module the page's bundle must not load: it carries
 * the schema library); a unit test holds the two equal.
 */
export const LADDER_SLOTS = 5;
