/**
 * Places kept per side of the ladder: the background's `LADDER_DEPTH`
 * (lib/core/orders/book-ladder.ts, a module the page's bundle must not load: it carries
 * the schema library); a unit test holds the two equal.
 */
export const LADDER_SLOTS = 5;
