import { formatContracts, formatPnl, pnlTone, type Tone } from '../../lib/core/format/money';
import type { BadgeEntry } from '../../lib/protocol/badge-views';

/** One side held, as a badge says it: `YES 120` then `+$3.40` in its tone. */
export interface BadgeLine {
  held: string;
  pnl: string;
  tone: Tone;
}

/** With no price to value the side at, the badge says what is held and no P&L. */
export const badgeLine = (entry: BadgeEntry): BadgeLine => ({
  held: `${entry.side} ${formatContracts(entry.contractsRaw)}`,
  pnl: entry.unrealizedPnlRaw === null ? '' : formatPnl(entry.unrealizedPnlRaw),
  tone: entry.unrealizedPnlRaw === null ? 'flat' : pnlTone(entry.unrealizedPnlRaw),
});

/** Entries by market, YES before NO, so a badge reads the same from one push to the next. */
export function linesByMarket(entries: readonly BadgeEntry[]): Map<string, BadgeLine[]> {
  const out = new Map<string, BadgeLine[]>();
  const ordered = [...entries].sort((a, b) => (a.side === b.side ? 0 : a.side === 'YES' ? -1 : 1));
  for (const entry of ordered) {
    const lines = out.get(entry.marketSlug) ?? [];
    lines.push(badgeLine(entry));
    out.set(entry.marketSlug, lines);
  }
  return out;
}
