import { describe, expect, it } from 'vitest';
import { mergeSettings } from '../../../../lib/core/settings/merge';
import { MAX_PLACED_SITES } from '../../../../lib/core/settings/placement-cap';
import { placedOn, placementOn } from '../../../../lib/core/settings/site-placements';

const site = (n: number) => `http://127.0.0.1:${5000 + n}`;
const at = (x: number) => ({ corner: 'top-left' as const, offset: { x, y: 0 }, collapsed: false });

describe('per-site placements', () => {
  it('keeps each site’s own placement, the most recently placed first', () => {
    let placements = placedOn([], 'http://127.0.0.1:4011', at(1));
    placements = placedOn(placements, 'http://localhost:4011', { ...at(2), collapsed: true });
    expect(placementOn(placements, 'http://127.0.0.1:4011')?.offset.x).toBe(1);
    expect(placementOn(placements, 'http://localhost:4011')).toMatchObject({
      offset: { x: 2 },
      collapsed: true,
    });
    expect(placementOn(placements, 'https://other.example')).toBeNull();
    expect(placements.map((p) => p.origin)).toEqual([
      'http://localhost:4011',
      'http://127.0.0.1:4011',
    ]);
  });

  it('placing again on a site replaces its entry and makes it the most recent', () => {
    let placements = placedOn([], site(1), at(1));
    placements = placedOn(placements, site(2), at(2));
    placements = placedOn(placements, site(1), at(3));
    expect(placements.map((p) => [p.origin, p.offset.x])).toEqual([
      [site(1), 3],
      [site(2), 2],
    ]);
  });

  it('forgets the least recently placed site beyond the cap', () => {
    let placements = placedOn([], site(0), at(0));
    for (let n = 1; n < MAX_PLACED_SITES; n++) placements = placedOn(placements, site(n), at(n));
    // Site 0 placed again: now site 1 is the least recently placed.
    placements = placedOn(placements, site(0), at(0));
    expect(placements).toHaveLength(MAX_PLACED_SITES);
    placements = placedOn(placements, site(MAX_PLACED_SITES), at(0));
    expect(placements).toHaveLength(MAX_PLACED_SITES);
    expect(placementOn(placements, site(1))).toBeNull();
    expect(placementOn(placements, site(0))).not.toBeNull();
    expect(placements[0]?.origin).toBe(site(MAX_PLACED_SITES));
  });

  it('the schema refuses more sites than the cap', () => {
    const placements = Array.from({ length: MAX_PLACED_SITES + 1 }, (_, n) => ({
      origin: site(n),
      ...at(n),
    }));
    expect(mergeSettings({ panel: { placements } }).panel.placements).toEqual([]);
    expect(
      mergeSettings({ panel: { placements: placements.slice(1) } }).panel.placements,
    ).toHaveLength(MAX_PLACED_SITES);
  });
});
