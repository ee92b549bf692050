/*
 * How the panel's markup marks a trade control: anything whose press places or cancels an
 * order (buy, sell, book level, cancel, cancel all, the retry of a failed order), and the
 * book ladder's reserved places. Their boxes on the screen never depend on the panel's
 * other content (issue 29): the layout tests find them by these selectors.
 */
export const TRADE_CONTROL = '.mc-trade, .mc-level, [data-action^="cancel"], [data-action="retry"]';

/** The book ladder's reserved places, each holding a level or nothing. */
export const TRADE_SLOT = '[data-slot]';
