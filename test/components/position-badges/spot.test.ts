import { describe, expect, it } from 'vitest';
import { type Box, freeSpot, spotZone } from '../../../components/position-badges/spot';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});
const VIEWPORT = box(0, 0, 1280, 800);
const SIZE = { width: 120, height: 18 };
/** A card's link: 400 px wide, its top edge at y = 300. */
const LINK = box(100, 300, 400, 60);

describe('freeSpot', () => {
  it('with no text near, sits on the top-right corner, centred on the top edge', () => {
    expect(freeSpot(LINK, SIZE, [], VIEWPORT)).toEqual({ right: 500, middle: 300 });
  });

  it('text just above the corner (the card above): just inside the top edge', () => {
    const chipsAbove = box(420, 285, 80, 10);
    expect(freeSpot(LINK, SIZE, [chipsAbove], VIEWPORT)).toEqual({ right: 500, middle: 309 });
  });

  it('text above and inside at the corner: slid left along the edge, clear of both', () => {
    const chipsAbove = box(420, 285, 80, 10);
    const chipsInside = box(420, 305, 80, 20);
    const spot = freeSpot(LINK, SIZE, [chipsAbove, chipsInside], VIEWPORT);
    expect(spot).not.toBeNull();
    expect(spot?.right).toBeLessThanOrEqual(420);
    expect(spot?.right).toBeGreaterThan(400);
  });

  it('text all along the edge: no place, so no badge', () => {
    expect(freeSpot(LINK, SIZE, [box(0, 280, 1280, 40)], VIEWPORT)).toBeNull();
  });

  it('a link narrower than its badge still has its corner', () => {
    expect(freeSpot(box(100, 300, 40, 20), SIZE, [], VIEWPORT)).toEqual({
      right: 140,
      middle: 300,
    });
  });

  it('the zone it reads the page in is the link’s width, a badge’s height about its top', () => {
    expect(spotZone(LINK, SIZE)).toEqual({ left: 100, right: 500, top: 282, bottom: 318 });
  });
});
