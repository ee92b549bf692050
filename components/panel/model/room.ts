import {
  type Box,
  boxOf,
  type Corner,
  dockBox,
  PANEL_TYPICAL_HEIGHT,
  PANEL_WIDTH,
  type PanelPlacement,
  type Point,
  type Size,
} from './placement';

/*
 * Finding room for the page panel: given the boxes of what the trader needs on the page
 * (controls, tables, prices, text: page-room.ts measures them), the best place of the
 * panel's size that covers none of them. The boxes are marked on a grid of CELL px cells
 * (a cell any box touches is taken, so a free grid box is free on the page too), and a
 * summed-area table answers "is this box free" in constant time: the cost is the
 * viewport's cells plus the boxes, whatever the page holds.
 */

/** Grid cell, px: fine enough for the gaps between a page's columns, and cheap. */
const CELL = 8;
/** Distance kept from the viewport's edges, as the default placement keeps. */
export const ROOM_MARGIN = 16;

/** Where the panel goes and whether it is folded to its bar, when the user has not placed it. */
export interface AutoPlacement {
  placement: PanelPlacement;
  collapsed: boolean;
}

export const OPEN_SIZE: Size = { width: PANEL_WIDTH.open, height: PANEL_TYPICAL_HEIGHT.open };
export const BAR_SIZE: Size = {
  width: PANEL_WIDTH.collapsed,
  height: PANEL_TYPICAL_HEIGHT.collapsed,
};

/** The viewport's taken cells, for asking whether boxes are free. */
export interface Occupancy {
  free(box: Box): boolean;
}

export function occupancy(obstacles: readonly Box[], viewport: Size): Occupancy {
  const cols = Math.max(1, Math.ceil(viewport.width / CELL));
  const rows = Math.max(1, Math.ceil(viewport.height / CELL));
  // A 2-D difference array: each box is four writes, whatever its size.
  const diff = new Int32Array((cols + 1) * (rows + 1));
  const at = (c: number, r: number) => r * (cols + 1) + c;
  const bump = (i: number, by: number) => {
    diff[i] = (diff[i] ?? 0) + by;
  };
  for (const o of obstacles) {
    if (!(o.width > 0 && o.height > 0)) continue;
    const c0 = Math.max(0, Math.floor(o.x / CELL));
    const r0 = Math.max(0, Math.floor(o.y / CELL));
    const c1 = Math.min(cols, Math.ceil((o.x + o.width) / CELL));
    const r1 = Math.min(rows, Math.ceil((o.y + o.height) / CELL));
    if (c0 >= c1 || r0 >= r1) continue;
    bump(at(c0, r0), 1);
    bump(at(c1, r0), -1);
    bump(at(c0, r1), -1);
    bump(at(c1, r1), 1);
  }
  // Prefix sums turn the differences into "taken" cells, then into the summed-area table
  // (sums[c][r]: taken cells above and left of c, r).
  const taken = new Uint8Array(cols * rows);
  const row = new Int32Array(cols + 1);
  for (let r = 0; r < rows; r += 1) {
    let run = 0;
    for (let c = 0; c < cols; c += 1) {
      row[c] = (row[c] ?? 0) + (diff[at(c, r)] ?? 0);
      run += row[c] ?? 0;
      taken[r * cols + c] = run > 0 ? 1 : 0;
    }
  }
  const sums = new Int32Array((cols + 1) * (rows + 1));
  for (let r = 1; r <= rows; r += 1) {
    for (let c = 1; c <= cols; c += 1) {
      sums[at(c, r)] =
        (taken[(r - 1) * cols + (c - 1)] ?? 0) +
        (sums[at(c - 1, r)] ?? 0) +
        (sums[at(c, r - 1)] ?? 0) -
        (sums[at(c - 1, r - 1)] ?? 0);
    }
  }
  return {
    free(box) {
      if (box.x < 0 || box.y < 0) return false;
      if (box.x + box.width > viewport.width || box.y + box.height > viewport.height) return false;
      const c0 = Math.floor(box.x / CELL);
      const r0 = Math.floor(box.y / CELL);
      const c1 = Math.min(cols, Math.ceil((box.x + box.width) / CELL));
      const r1 = Math.min(rows, Math.ceil((box.y + box.height) / CELL));
      const count =
        (sums[at(c1, r1)] ?? 0) -
        (sums[at(c0, r1)] ?? 0) -
        (sums[at(c1, r0)] ?? 0) +
        (sums[at(c0, r0)] ?? 0);
      return count === 0;
    },
  };
}

const cornerBox = (corner: Corner, size: Size, viewport: Size): Box => ({
  x: corner.endsWith('right') ? viewport.width - size.width - ROOM_MARGIN : ROOM_MARGIN,
  y: corner.startsWith('bottom') ? viewport.height - size.height - ROOM_MARGIN : ROOM_MARGIN,
  ...size,
});

/**
 * The best free box of `size`: a corner (the preferred one first, then the nearest), else a
 * place along an edge, else anywhere, each time the one nearest the preferred corner.
 * Null when every place covers something. Tried in that order, so that a page with a free
 * corner costs four looks.
 */
export function freeSpot(room: Occupancy, size: Size, viewport: Size, prefer: Corner): Box | null {
  const home = cornerBox(prefer, size, viewport);
  const left = ROOM_MARGIN;
  const right = viewport.width - size.width - ROOM_MARGIN;
  const top = ROOM_MARGIN;
  const bottom = viewport.height - size.height - ROOM_MARGIN;
  if (right < left || bottom < top) return null;
  const steps = (from: number, to: number): number[] => {
    const list = [from, to];
    for (let v = Math.ceil(from / CELL) * CELL; v < to; v += CELL) if (v > from) list.push(v);
    return list;
  };
  const xs = steps(left, right);
  const ys = steps(top, bottom);
  const nearest = (boxes: Iterable<Point>): Box | null => {
    let best: Box | null = null;
    let distance = Number.POSITIVE_INFINITY;
    for (const { x, y } of boxes) {
      const d = (x - home.x) ** 2 + (y - home.y) ** 2;
      if (d >= distance) continue;
      const box = { x, y, ...size };
      if (room.free(box)) {
        best = box;
        distance = d;
      }
    }
    return best;
  };
  function* corners(): Generator<Point> {
    for (const x of [left, right]) for (const y of [top, bottom]) yield { x, y };
  }
  function* edges(): Generator<Point> {
    for (const x of [left, right]) for (const y of ys) yield { x, y };
    for (const y of [top, bottom]) for (const x of xs) yield { x, y };
  }
  function* anywhere(): Generator<Point> {
    for (const x of xs) for (const y of ys) yield { x, y };
  }
  return nearest(corners()) ?? nearest(edges()) ?? nearest(anywhere());
}

/**
 * Where the panel goes on a page the user has not placed it on: open where it covers
 * nothing; else folded to its bar where the bar covers nothing; else the bar at the
 * preferred corner (nothing is free anywhere, and the bar is the least it can cover).
 * `current`, the automatic place it has now: kept while the open panel there still covers
 * nothing, so it does not wander while the trader works (a folded bar opens as soon as
 * there is room). `barOnly`: the obstacles are known to be partial, so only the bar is risked.
 */
export function autoPlacement(
  obstacles: readonly Box[],
  viewport: Size,
  prefer: PanelPlacement,
  { current, barOnly = false }: { current?: AutoPlacement; barOnly?: boolean } = {},
): AutoPlacement {
  const room = occupancy(obstacles, viewport);
  if (!barOnly) {
    if (current && !current.collapsed && room.free(boxOf(current.placement, OPEN_SIZE, viewport)))
      return current;
    const open = freeSpot(room, OPEN_SIZE, viewport, prefer.corner);
    if (open) return { placement: dockBox(open, viewport), collapsed: false };
  }
  const bar = freeSpot(room, BAR_SIZE, viewport, prefer.corner);
  if (bar) return { placement: dockBox(bar, viewport), collapsed: true };
  return { placement: prefer, collapsed: true };
}
