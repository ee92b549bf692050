import type { MarketMarkView } from '../../protocol/position-marks';
import type { AppSnapshot, PortfolioPatch, PortfolioView, StatePatch } from '../../protocol/views';

/*
 * The background's side of the state port's patches (a UI folds them in with
 * lib/protocol/state-patch.ts): what changed between the state a UI was last sent and the
 * state now. What was sent is kept as text, not as the objects: a service may change a part
 * in place after it was sent, and a kept object would then read as unchanged.
 */

/** A state as text, part by part: what a patch is worked out from. */
export interface SentState {
  /** Each part of the state but the portfolio. */
  parts: Map<string, string>;
  portfolio: SentPortfolio;
}

interface SentPortfolio {
  /**
   * What a patch of entries cannot carry: whether there are positions, each list's length,
   * the totals beside the lists, whether there are marks. A change here sends it whole.
   */
  frame: string;
  clob: string[];
  amm: string[];
  group: string[];
  marks: Map<string, string>;
  fetchedAt: number | null;
  error: string;
}

const text = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

function sentPortfolio(portfolio: PortfolioView): SentPortfolio {
  const { positions, marks } = portfolio;
  const { clob = [], amm = [], group = [], ...totals } = positions ?? {};
  return {
    frame: text([
      positions && [clob.length, amm.length, group.length],
      positions && totals,
      marks !== undefined,
    ]),
    clob: clob.map(text),
    amm: amm.map(text),
    group: group.map(text),
    marks: new Map(Object.entries(marks ?? {}).map(([slug, mark]) => [slug, text(mark)])),
    fetchedAt: portfolio.fetchedAt,
    error: text(portfolio.error),
  };
}

export function sentState(snapshot: AppSnapshot): SentState {
  const parts = new Map<string, string>();
  for (const [key, value] of Object.entries(snapshot)) {
    if (key !== 'portfolio') parts.set(key, text(value));
  }
  return { parts, portfolio: sentPortfolio(snapshot.portfolio) };
}

/** The entries of `now` whose text differs from `before`'s, by index (the lists are as long). */
function changedEntries<T>(
  before: readonly string[],
  after: readonly string[],
  now: readonly T[],
): Record<string, T> | undefined {
  let changed: Record<string, T> | undefined;
  after.forEach((entry, i) => {
    const value = now[i];
    if (entry === before[i] || value === undefined) return;
    changed ??= {};
    changed[i] = value;
  });
  return changed;
}

function portfolioPatch(
  before: SentPortfolio,
  after: SentPortfolio,
  now: PortfolioView,
): PortfolioPatch | null {
  if (before.frame !== after.frame) return { whole: now };
  const patch: PortfolioPatch = {};
  if (now.positions) {
    const clob = changedEntries(before.clob, after.clob, now.positions.clob);
    const amm = changedEntries(before.amm, after.amm, now.positions.amm);
    const group = changedEntries(before.group, after.group, now.positions.group);
    if (clob) patch.clob = clob;
    if (amm) patch.amm = amm;
    if (group) patch.group = group;
  }
  const marks: Record<string, MarketMarkView | null> = {};
  let marksChanged = false;
  for (const [slug, mark] of after.marks) {
    if (before.marks.get(slug) === mark) continue;
    marks[slug] = now.marks?.[slug] ?? null;
    marksChanged = true;
  }
  for (const slug of before.marks.keys()) {
    if (after.marks.has(slug)) continue;
    marks[slug] = null;
    marksChanged = true;
  }
  if (marksChanged) patch.marks = marks;
  if (before.fetchedAt !== after.fetchedAt) patch.fetchedAt = now.fetchedAt;
  if (before.error !== after.error) patch.error = now.error;
  return Object.keys(patch).length > 0 ? patch : null;
}

/**
 * What a UI sent `before` needs to hold `now` (`after` is `now` as text): each changed part
 * whole, the portfolio by entry. Null when nothing changed.
 */
export function statePatch(
  before: SentState,
  after: SentState,
  now: AppSnapshot,
): StatePatch | null {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of after.parts) {
    if (before.parts.get(key) !== value) patch[key] = now[key as keyof AppSnapshot];
  }
  const portfolio = portfolioPatch(before.portfolio, after.portfolio, now.portfolio);
  if (portfolio) patch.portfolio = portfolio;
  return Object.keys(patch).length > 0 ? (patch as StatePatch) : null;
}
