import { clobEntries } from '../../core/api/clob-entries';
import type { Positions } from '../../core/api/portfolio';
import { BadgeEntry, type BadgesView } from '../../protocol/badge-views';
import { MAX_BADGE_ENTRIES } from '../../protocol/names';
import { ammHoldings } from '../account/amm-holdings';

export interface BadgeInputs {
  /** The user's `badges` setting. */
  enabled: boolean;
  /** Whether a signed session is open (vault unlocked, account set up). */
  signedIn: boolean;
  positions: Positions | null;
}

const NO_BADGES: BadgesView = { entries: [] };

/**
 * The badges' summary of the portfolio: one entry per side held (CLOB, then AMM), none at all when badges
 * are off or nobody is signed in. Each entry is parsed by its schema before it leaves, like
 * every view a page receives; one the schema refuses (a slug no market page could have) is
 * left out, not the others.
 */
export function buildBadgesView(input: BadgeInputs): BadgesView {
  if (!input.enabled || !input.signedIn || !input.positions) return NO_BADGES;
  const entries: BadgeEntry[] = [];
  for (const position of clobEntries(input.positions)) {
    const slug = position.market.slug;
    if (!slug) continue;
    for (const side of ['YES', 'NO'] as const) {
      const contractsRaw = side === 'YES' ? position.tokensBalance.yes : position.tokensBalance.no;
      if (BigInt(contractsRaw) === 0n) continue;
      const pnl = position.positions[side === 'YES' ? 'yes' : 'no'].unrealizedPnl;
      const entry = BadgeEntry.safeParse({
        marketSlug: slug,
        side,
        contractsRaw,
        unrealizedPnlRaw: pnl,
      });
      if (entry.success) entries.push(entry.data);
      if (entries.length === MAX_BADGE_ENTRIES) return { entries };
    }
  }
  for (const [slug, holdings] of ammHoldings(input.positions)) {
    for (const side of ['YES', 'NO'] as const) {
      const held = holdings[side];
      if (held.contractsRaw === 0n) continue;
      const entry = BadgeEntry.safeParse({
        marketSlug: slug,
        side,
        contractsRaw: held.contractsRaw.toString(),
        unrealizedPnlRaw: held.unrealizedPnlRaw === null ? null : held.unrealizedPnlRaw.toString(),
      });
      if (entry.success) entries.push(entry.data);
      if (entries.length === MAX_BADGE_ENTRIES) return { entries };
    }
  }
  return { entries };
}
