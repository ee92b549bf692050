/** Words a market's title starts with that say nothing of it ("Will the …"). */
const FILLER = new Set(['will', 'the', 'a', 'an', 'of', 'in', 'on', 'at', 'to', 'by', 'be', 'is']);

/**
 * A market's (or a trader's) initials, the stand-in for an image that is missing or does
 * not load (offline, a broken URL): `Will BTC close above $100k?` → `BC`.
 */
export function initialsOf(title: string): string {
  const words = title
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter((w) => w !== '');
  const meaningful = words.filter((w) => !FILLER.has(w.toLowerCase()));
  const chosen = (meaningful.length > 0 ? meaningful : words).slice(0, 2);
  return chosen.map((w) => [...w][0]?.toUpperCase() ?? '').join('') || '?';
}
