import type { AppSnapshot, PortfolioPatch, PortfolioView, StatePatch } from './views';

/*
 * A UI's side of the state port's patches (the background's is lib/background/ui/state-diff.ts):
 * folded into the state the UI holds, every part the patch leaves alone kept as the same
 * object, so a card drawn from an unchanged position or mark is not rebuilt.
 */

/** `list` with the entries of `changed` (by index) put in its place; `list` itself when none. */
function withEntries<T>(list: T[], changed: Record<string, T> | undefined): T[] {
  if (!changed) return list;
  const next = list.slice();
  for (const [index, entry] of Object.entries(changed)) {
    const at = Number(index);
    // A patch is made against a list of this length (else the portfolio comes whole): an
    // index beyond it is a patch for some other state, and putting it in would invent a row.
    if (at >= list.length) {
      throw new Error(`state patch: position ${at} of a list of ${list.length}`);
    }
    next[at] = entry;
  }
  return next;
}

function patchedMarks(
  current: PortfolioView['marks'],
  changed: PortfolioPatch['marks'],
): PortfolioView['marks'] {
  if (!changed) return current;
  const next = { ...current };
  for (const [slug, mark] of Object.entries(changed)) {
    if (mark === null) delete next[slug];
    else next[slug] = mark;
  }
  return next;
}

function patchedPortfolio(current: PortfolioView, patch: PortfolioPatch): PortfolioView {
  if (patch.whole) return patch.whole;
  const { positions } = current;
  const next: PortfolioView = {
    ...current,
    positions:
      positions && (patch.clob || patch.amm || patch.group)
        ? {
            ...positions,
            clob: withEntries(positions.clob, patch.clob),
            amm: withEntries(positions.amm, patch.amm),
            group: withEntries(positions.group, patch.group),
          }
        : positions,
  };
  const marks = patchedMarks(current.marks, patch.marks);
  if (marks !== undefined) next.marks = marks;
  if (patch.fetchedAt !== undefined) next.fetchedAt = patch.fetchedAt;
  if (patch.error !== undefined) next.error = patch.error;
  return next;
}

/** The state `current` becomes with `patch`: the parts it names replaced, the rest kept. */
export function applyStatePatch(current: AppSnapshot, patch: StatePatch): AppSnapshot {
  const { portfolio, ...parts } = patch;
  const next: AppSnapshot = { ...current, ...parts };
  if (portfolio) next.portfolio = patchedPortfolio(current.portfolio, portfolio);
  return next;
}
