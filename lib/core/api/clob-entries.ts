import type { ClobPosition, Positions } from './portfolio';

// Types only from the schemas' module: the popup counts with these, and its scripts carry no
// zod (the background parsed what its port sends; test/e2e/harness/bundle.test.ts).

/** Every CLOB position, standalone or inside a group. */
export function clobEntries(positions: Positions): ClobPosition[] {
  return [...positions.clob, ...positions.group.flatMap((g) => g.positions)];
}

/**
 * The open orders the positions hold, on every market, whether the exchange named its slug
 * or not: the one count the toolbar badge and the popup's Orders tab both say.
 */
export function openOrderCount(positions: Positions): number {
  return clobEntries(positions).reduce((n, p) => n + p.orders.length, 0);
}
