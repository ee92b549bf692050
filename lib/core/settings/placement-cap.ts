/**
 * How many sites keep a placement. Every site the user placed the panel on adds one entry
 * to settings that every market page's script reads and every settings write copies: the
 * cap keeps that small however many sites (extra origins, ports of a local copy) the user
 * passes through. Placing it on one more site forgets the one placed least recently: "used"
 * is placed, not visited, since counting visits would write the settings on every page.
 */
export const MAX_PLACED_SITES = 50;
