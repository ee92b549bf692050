import type { BadgeEntry, BadgesPortMessage } from './badge-views';
import { MAX_BADGE_ENTRIES } from './names';

/*
 * The badges' message checked by hand, field by field, without a schema library: any page
 * of the site runs the script that reads it, and what it draws must be what the
 * background's schema (badge-views.ts) accepts. test/lib/protocol/badge-shapes.test.ts
 * holds the two to the same verdicts.
 */

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isString = (v: unknown, re: RegExp): v is string => typeof v === 'string' && re.test(v);

export function isBadgeEntry(raw: unknown): raw is BadgeEntry {
  if (!isRecord(raw)) return false;
  const slug = raw.marketSlug;
  return (
    typeof slug === 'string' &&
    slug.length >= 1 &&
    slug.length <= 200 &&
    (raw.side === 'YES' || raw.side === 'NO') &&
    isString(raw.contractsRaw, /^\d*[1-9]\d*$/) &&
    (raw.unrealizedPnlRaw === null || isString(raw.unrealizedPnlRaw, /^-?\d+$/))
  );
}

export function isBadgesPortMessage(raw: unknown): raw is BadgesPortMessage {
  if (!isRecord(raw) || raw.topic !== 'badges' || !isRecord(raw.data)) return false;
  const entries = raw.data.entries;
  return (
    Array.isArray(entries) && entries.length <= MAX_BADGE_ENTRIES && entries.every(isBadgeEntry)
  );
}
