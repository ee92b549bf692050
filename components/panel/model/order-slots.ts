/*
 * Where each open order's row sits in the panel's list. A Cancel button is a trade control:
 * it must not change its place because another order came or went (issue 29), or a
 * pointer resting on one order's Cancel would press another's. So a row keeps its slot
 * while it lives; a new row takes a new slot below the last one (never a slot another
 * row just left, which would put a different order under a resting pointer); and a row
 * that leaves leaves its slot empty. The list closes its gaps only while the pointer is
 * out of it (`compact`), when no Cancel is under it; a row that then moves is new to the
 * aim rule, which refuses a press on it for the settle time (aim.ts).
 */

/** The list's slots, each holding a row's key or nothing (a gap). */
export type OrderSlots = readonly (string | null)[];

/**
 * The slots for the rows `live` (their keys, in the order the state lists them), given the
 * slots as they were. `compact`: the pointer is out of the list, so gaps may close.
 */
export function placeOrders(
  previous: OrderSlots,
  live: readonly string[],
  compact: boolean,
): OrderSlots {
  const alive = new Set(live);
  const kept = previous.map((key) => (key !== null && alive.has(key) ? key : null));
  const placed = new Set(kept.filter((key) => key !== null));
  const slots = [...kept, ...live.filter((key) => !placed.has(key))];
  // Even a gap at the end stays: the list scrolls, and a shorter list scrolled to its end
  // would move every row.
  return compact ? slots.filter((key) => key !== null) : slots;
}
