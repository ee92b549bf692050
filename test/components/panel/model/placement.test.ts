import { describe, expect, it } from 'vitest';
import {
  boxOf,
  dockBox,
  dragBox,
  keepInView,
  movedBeyondThreshold,
  nextCorner,
  placementStyle,
  savedPlacement,
} from '../../../../components/panel/model/placement';

const viewport = { width: 1280, height: 800 };
const size = { width: 300, height: 400 };

describe('savedPlacement', () => {
  it('keeps the corner and offset of the panel settings, and nothing else of them', () => {
    const settings = {
      corner: 'top-left' as const,
      offset: { x: 24, y: 40 },
      collapsed: true,
      placed: true,
      disabledOrigins: ['https://x.example'],
    };
    expect(savedPlacement(settings)).toEqual({ corner: 'top-left', offset: { x: 24, y: 40 } });
  });
});

describe('placementStyle and boxOf', () => {
  it('measures the offsets from the docking corner’s own edges', () => {
    expect(placementStyle({ corner: 'bottom-right', offset: { x: 16, y: 24 } })).toEqual({
      right: 16,
      bottom: 24,
    });
    expect(placementStyle({ corner: 'top-left', offset: { x: 5, y: 6 } })).toEqual({
      left: 5,
      top: 6,
    });
  });

  it('places the box at the corner, kept inside the viewport', () => {
    expect(boxOf({ corner: 'bottom-right', offset: { x: 16, y: 16 } }, size, viewport)).toEqual({
      x: 964,
      y: 384,
      ...size,
    });
    expect(boxOf({ corner: 'top-left', offset: { x: 5000, y: 5000 } }, size, viewport)).toEqual({
      x: 980,
      y: 400,
      ...size,
    });
  });
});

describe('dragging', () => {
  it('follows the pointer and stops at the viewport edges', () => {
    const start = { x: 100, y: 100, ...size };
    expect(dragBox(start, { x: 10, y: 10 }, { x: 60, y: 30 }, viewport)).toMatchObject({
      x: 150,
      y: 120,
    });
    expect(dragBox(start, { x: 10, y: 10 }, { x: -500, y: 5000 }, viewport)).toMatchObject({
      x: 0,
      y: 400,
    });
  });

  it('tells a click on the header from a drag', () => {
    expect(movedBeyondThreshold({ x: 0, y: 0 }, { x: 2, y: 2 })).toBe(false);
    expect(movedBeyondThreshold({ x: 0, y: 0 }, { x: 3, y: 3 })).toBe(true);
  });

  it('docks a dropped panel to the nearest corner with offsets from its edges', () => {
    expect(dockBox({ x: 20, y: 30, ...size }, viewport)).toEqual({
      corner: 'top-left',
      offset: { x: 20, y: 30 },
    });
    expect(dockBox({ x: 900, y: 350, ...size }, viewport)).toEqual({
      corner: 'bottom-right',
      offset: { x: 80, y: 50 },
    });
    expect(dockBox({ x: 10.4, y: 380, ...size }, viewport)).toEqual({
      corner: 'bottom-left',
      offset: { x: 10, y: 20 },
    });
  });

  it('round-trips: a docked box docks to the same placement', () => {
    const placement = { corner: 'top-right' as const, offset: { x: 40, y: 12 } };
    expect(dockBox(boxOf(placement, size, viewport), viewport)).toEqual(placement);
  });
});

describe('keyboard and resizing', () => {
  it('moves clockwise through the corners, keeping the offsets', () => {
    const offset = { x: 1, y: 2 };
    expect(nextCorner({ corner: 'top-left', offset })).toEqual({ corner: 'top-right', offset });
    expect(nextCorner({ corner: 'bottom-left', offset })).toEqual({ corner: 'top-left', offset });
  });

  it('keeps the width and the header inside a smaller window', () => {
    expect(
      keepInView({ corner: 'bottom-right', offset: { x: 2000, y: 2000 } }, 300, viewport),
    ).toEqual({ corner: 'bottom-right', offset: { x: 980, y: 760 } });
    expect(keepInView({ corner: 'top-left', offset: { x: -5, y: 8 } }, 300, viewport)).toEqual({
      corner: 'top-left',
      offset: { x: 0, y: 8 },
    });
  });
});
