import { describe, expect, it } from 'vitest';
import {
  type Box,
  boxOf,
  dockBox,
  type PanelPlacement,
} from '../../../../components/panel/model/placement';
import {
  autoPlacement,
  BAR_SIZE,
  freeSpot,
  OPEN_SIZE,
  occupancy,
  ROOM_MARGIN,
} from '../../../../components/panel/model/room';
import { overlaps } from '../../../support/boxes';

const box = (left: number, top: number, right: number, bottom: number): Box => ({
  x: left,
  y: top,
  width: right - left,
  height: bottom - top,
});

const home: PanelPlacement = { corner: 'bottom-right', offset: { x: 16, y: 16 } };

/** The sandbox's market page at 1280 × 860 (boxes read from it): header, form, prices, book. */
const sandbox1280 = [
  box(0, 0, 1280, 50),
  box(74, 74, 1206, 176),
  box(74, 192, 394, 624),
  box(414, 192, 1206, 408),
  box(414, 424, 1206, 851),
];
/** The same page at 1920 × 1080: the content is centred, with room on either side. */
const sandbox1920 = [
  box(0, 0, 1920, 50),
  box(394, 74, 1526, 176),
  box(394, 192, 714, 624),
  box(734, 192, 1526, 408),
  box(734, 424, 1526, 851),
];

describe('occupancy', () => {
  const viewport = { width: 400, height: 300 };
  it('tells a box that touches an obstacle from one that only borders it', () => {
    const room = occupancy([box(100, 100, 200, 200)], viewport);
    expect(room.free(box(0, 0, 96, 96))).toBe(true);
    expect(room.free(box(0, 0, 101, 101))).toBe(false);
    expect(room.free(box(150, 150, 160, 160))).toBe(false);
    expect(room.free(box(208, 0, 400, 300))).toBe(true);
  });
  it('takes a cell a fraction of a pixel touches (a free box is free on the page)', () => {
    const room = occupancy([box(99.5, 99.5, 100.2, 100.2)], viewport);
    expect(room.free(box(96, 96, 104, 104))).toBe(false);
  });
  it('is never free outside the viewport, and ignores empty or outside boxes', () => {
    const room = occupancy(
      [box(0, 0, 0, 300), box(-50, -50, -10, -10), box(500, 0, 600, 10)],
      viewport,
    );
    expect(room.free(box(0, 0, 400, 300))).toBe(true);
    expect(room.free(box(-1, 0, 10, 10))).toBe(false);
    expect(room.free(box(390, 290, 401, 300))).toBe(false);
  });
});

describe('freeSpot: corners first, then edges, then anywhere', () => {
  const viewport = { width: 1280, height: 800 };
  const size = { width: 300, height: 200 };
  it('takes the preferred corner when it is free', () => {
    const room = occupancy([], viewport);
    expect(freeSpot(room, size, viewport, 'bottom-right')).toEqual({
      x: 1280 - 300 - ROOM_MARGIN,
      y: 800 - 200 - ROOM_MARGIN,
      ...size,
    });
  });
  it('takes the nearest other corner before any edge', () => {
    const room = occupancy([box(900, 500, 1280, 800)], viewport);
    expect(freeSpot(room, size, viewport, 'bottom-right')).toMatchObject({
      x: 1280 - 300 - ROOM_MARGIN,
      y: ROOM_MARGIN,
    });
    const rightColumn = box(900, 0, 1280, 800);
    expect(
      freeSpot(occupancy([rightColumn], viewport), size, viewport, 'bottom-right'),
    ).toMatchObject({
      x: ROOM_MARGIN,
      y: 800 - 200 - ROOM_MARGIN,
    });
  });
  it('takes an edge when every corner is taken, and the interior last', () => {
    const corners = [
      box(0, 0, 320, 220),
      box(960, 0, 1280, 220),
      box(0, 580, 320, 800),
      box(960, 580, 1280, 800),
    ];
    const edge = freeSpot(occupancy(corners, viewport), size, viewport, 'bottom-right');
    expect(edge).not.toBeNull();
    // Along the right edge, as near the bottom-right corner as the corner's obstacle allows.
    expect(edge).toMatchObject({ x: 1280 - 300 - ROOM_MARGIN, y: 376 });
    const rim = [
      box(0, 0, 1280, 220),
      box(0, 580, 1280, 800),
      box(0, 0, 100, 800),
      box(1180, 0, 1280, 800),
    ];
    const inner = freeSpot(occupancy(rim, viewport), size, viewport, 'bottom-right');
    expect(inner).not.toBeNull();
    if (inner) for (const o of rim) expect(overlaps(inner, o)).toBe(false);
  });
  it('finds nothing when nothing is free, or when the box is larger than the viewport', () => {
    expect(
      freeSpot(occupancy([box(0, 0, 1280, 800)], viewport), size, viewport, 'top-left'),
    ).toBeNull();
    expect(
      freeSpot(occupancy([], viewport), { width: 2000, height: 10 }, viewport, 'top-left'),
    ).toBeNull();
  });
});

describe('autoPlacement on the sandbox’s market page', () => {
  it('folds to the bar where it covers nothing when the open panel has no room (1280 × 860)', () => {
    const viewport = { width: 1280, height: 860 };
    const auto = autoPlacement(sandbox1280, viewport, home);
    expect(auto.collapsed).toBe(true);
    const bar = boxOf(auto.placement, BAR_SIZE, viewport);
    for (const o of sandbox1280) expect(overlaps(bar, o)).toBe(false);
  });
  it('opens in a free corner when there is room (1920 × 1080)', () => {
    const viewport = { width: 1920, height: 1080 };
    const auto = autoPlacement(sandbox1920, viewport, home);
    expect(auto).toEqual({ placement: home, collapsed: false });
    const panel = boxOf(auto.placement, OPEN_SIZE, viewport);
    for (const o of sandbox1920) expect(overlaps(panel, o)).toBe(false);
  });
  it('keeps an open panel where it still covers nothing, and moves it when it would', () => {
    const viewport = { width: 1920, height: 1080 };
    const left = dockBox({ x: 16, y: 300, ...OPEN_SIZE }, viewport);
    const current = { placement: left, collapsed: false };
    expect(autoPlacement(sandbox1920, viewport, home, { current })).toBe(current);
    const covered = [...sandbox1920, box(0, 300, 100, 400)];
    expect(autoPlacement(covered, viewport, home, { current })).toEqual({
      placement: home,
      collapsed: false,
    });
  });
  it('opens a folded bar once the window has room', () => {
    const viewport = { width: 1920, height: 1080 };
    const bar = { placement: home, collapsed: true };
    expect(autoPlacement(sandbox1920, viewport, home, { current: bar })).toEqual({
      placement: home,
      collapsed: false,
    });
  });
  it('risks only the bar when the page was not read whole', () => {
    const viewport = { width: 1920, height: 1080 };
    const auto = autoPlacement(sandbox1920, viewport, home, { barOnly: true });
    expect(auto.collapsed).toBe(true);
    const bar = boxOf(auto.placement, BAR_SIZE, viewport);
    for (const o of sandbox1920) expect(overlaps(bar, o)).toBe(false);
  });
  it('falls back to the bar at the preferred corner when nothing at all is free', () => {
    const viewport = { width: 800, height: 600 };
    expect(autoPlacement([box(0, 0, 800, 600)], viewport, home)).toEqual({
      placement: home,
      collapsed: true,
    });
  });
});
