import type { PanelDock } from '../../../lib/core/settings/site-placements';

export type PanelPlacement = PanelDock;
export type Corner = PanelPlacement['corner'];

/** Whether two placements put the panel in the same place. */
export const samePlacement = (a: PanelPlacement, b: PanelPlacement): boolean =>
  a.corner === b.corner && a.offset.x === b.offset.x && a.offset.y === b.offset.y;

/** Where the settings keep the panel (its corner and offset), without the rest of them. */
export const savedPlacement = (panel: PanelPlacement): PanelPlacement => ({
  corner: panel.corner,
  offset: panel.offset,
});

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}
/** A box in viewport coordinates. */
export interface Box extends Point, Size {}

/** The panel's width, open and folded (its CSS says the same). */
export const PANEL_WIDTH = { open: 320, collapsed: 220 } as const;
/**
 * The height a corner is chosen for and the frame is first given before the panel has
 * said its size: open, the panel's one height (every part of it has a fixed room,
 * panel.css: its content never changes it); folded, its header.
 */
export const PANEL_TYPICAL_HEIGHT = { open: 690, collapsed: 40 } as const;

/** Pointer travel below this is a click on the header, not a drag. */
export const DRAG_THRESHOLD_PX = 4;
/** The protocol's bound on a saved offset. */
export const MAX_OFFSET = 4000;

const clamp = (value: number, low: number, high: number): number =>
  Math.min(Math.max(value, low), Math.max(low, high));

const isRight = (corner: Corner) => corner.endsWith('right');
const isBottom = (corner: Corner) => corner.startsWith('bottom');

/** CSS distances from the docking corner's two edges, in pixels. */
export function placementStyle(
  placement: PanelPlacement,
): Partial<Record<'top' | 'bottom' | 'left' | 'right', number>> {
  const { corner, offset } = placement;
  return {
    [isRight(corner) ? 'right' : 'left']: Math.max(0, offset.x),
    [isBottom(corner) ? 'bottom' : 'top']: Math.max(0, offset.y),
  };
}

/** Where a docked panel of `size` sits in the viewport, kept fully inside it. */
export function boxOf(placement: PanelPlacement, size: Size, viewport: Size): Box {
  const { corner, offset } = placement;
  const x = isRight(corner) ? viewport.width - size.width - offset.x : offset.x;
  const y = isBottom(corner) ? viewport.height - size.height - offset.y : offset.y;
  return {
    x: clamp(x, 0, viewport.width - size.width),
    y: clamp(y, 0, viewport.height - size.height),
    ...size,
  };
}

/** The panel's box while dragging: moved with the pointer, never leaving the viewport. */
export function dragBox(start: Box, from: Point, to: Point, viewport: Size): Box {
  return {
    ...start,
    x: clamp(start.x + to.x - from.x, 0, viewport.width - start.width),
    y: clamp(start.y + to.y - from.y, 0, viewport.height - start.height),
  };
}

export const movedBeyondThreshold = (from: Point, to: Point): boolean =>
  Math.hypot(to.x - from.x, to.y - from.y) >= DRAG_THRESHOLD_PX;

/**
 * Docks a dropped panel to the corner nearest its centre, with the offsets from that
 * corner's edges, so it keeps its place when the window is resized.
 */
export function dockBox(box: Box, viewport: Size): PanelPlacement {
  const right = box.x + box.width / 2 > viewport.width / 2;
  const bottom = box.y + box.height / 2 > viewport.height / 2;
  const x = right ? viewport.width - box.x - box.width : box.x;
  const y = bottom ? viewport.height - box.y - box.height : box.y;
  return {
    corner: `${bottom ? 'bottom' : 'top'}-${right ? 'right' : 'left'}` as Corner,
    offset: {
      x: Math.round(clamp(x, 0, MAX_OFFSET)),
      y: Math.round(clamp(y, 0, MAX_OFFSET)),
    },
  };
}

const CORNER_ORDER: readonly Corner[] = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];

/** Clockwise to the next corner, same offsets (moving the panel from the keyboard). */
export function nextCorner(placement: PanelPlacement): PanelPlacement {
  const index = CORNER_ORDER.indexOf(placement.corner);
  return {
    corner: CORNER_ORDER[(index + 1) % CORNER_ORDER.length] ?? 'bottom-right',
    offset: placement.offset,
  };
}

/**
 * Offsets saved in a larger window can push the panel out of a smaller one: keep the whole
 * width and at least its header (`keepHeight`) inside the viewport.
 */
export function keepInView(
  placement: PanelPlacement,
  panelWidth: number,
  viewport: Size,
  keepHeight = 40,
): PanelPlacement {
  return {
    corner: placement.corner,
    offset: {
      x: clamp(placement.offset.x, 0, viewport.width - panelWidth),
      y: clamp(placement.offset.y, 0, viewport.height - keepHeight),
    },
  };
}
