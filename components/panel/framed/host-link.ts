import { isPanelCommand, type PanelCommand } from '../../../lib/protocol/keyboard-commands';
import { isRecord } from '../../../lib/protocol/shapes';
import type { Illegibility } from '../legibility';
import type { Corner, PanelPlacement, Size } from '../model/placement';

/*
 * What the content script (the host, which places the frame in the page) and the framed
 * panel tell each other over their port. Both ends are ours and the port is the
 * extension's own, but each still checks the shape by hand: neither end carries a schema
 * library, and a surprise is dropped rather than drawn.
 */

/** Host → frame. */
export type ToFrame =
  /** The market this page shows (the frame renders nothing before it). */
  | { t: 'market'; slug: string }
  /** Where the panel is, and whether folded; `save` after the user dropped it. */
  | { t: 'placement'; placement: PanelPlacement; collapsed: boolean; save: boolean }
  /** The page's viewport: the frame's own window is only as big as the panel. */
  | { t: 'view'; size: Size }
  | { t: 'command'; command: PanelCommand }
  /**
   * What the loader saw of the frame's host in the page (host-watch.ts): it `moved` on the
   * screen since the last report, and how the page draws it now.
   */
  | { t: 'host'; moved: boolean; look: HostDrawn };

/** How the page draws the frame's host (legibility.ts). */
export type HostDrawn = Illegibility | 'legible';
const LOOKS: readonly HostDrawn[] = ['legible', 'hidden', 'faded', 'small'];

/** Frame → host. */
export type ToHost =
  /** The panel's rendered size: the frame is resized to it. */
  | { t: 'size'; size: Size }
  /** The user moved or folded the panel (not a drag): the host places the frame. */
  | { t: 'placement'; placement: PanelPlacement; collapsed: boolean }
  /**
   * The header pressed ('start'), dragged, released ('end': the host docks it) at this
   * screen point. Once the pointer leaves the frame the page gets its moves: the host
   * follows them itself, in the same screen coordinates.
   */
  | { t: 'drag'; phase: DragPhase; x: number; y: number }
  /** The pointer or the focus is in the frame (`on`), or neither is any more. */
  | { t: 'reach'; on: boolean };

export type DragPhase = 'start' | 'move' | 'end' | 'cancel';
const DRAG_PHASES: readonly DragPhase[] = ['start', 'move', 'end', 'cancel'];

const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const sizeFrom = (v: unknown): Size | null =>
  isRecord(v) && isNumber(v.width) && isNumber(v.height) && v.width >= 0 && v.height >= 0
    ? { width: v.width, height: v.height }
    : null;

function placementFrom(v: unknown): PanelPlacement | null {
  if (!isRecord(v) || !CORNERS.includes(v.corner as Corner) || !isRecord(v.offset)) return null;
  const { x, y } = v.offset;
  if (!isNumber(x) || !isNumber(y)) return null;
  return { corner: v.corner as Corner, offset: { x, y } };
}

export function toFrameFrom(raw: unknown): ToFrame | null {
  if (!isRecord(raw)) return null;
  switch (raw.t) {
    case 'market':
      return typeof raw.slug === 'string' && raw.slug.length > 0
        ? { t: 'market', slug: raw.slug }
        : null;
    case 'placement': {
      const placement = placementFrom(raw.placement);
      if (!placement || typeof raw.collapsed !== 'boolean') return null;
      return { t: 'placement', placement, collapsed: raw.collapsed, save: raw.save === true };
    }
    case 'view': {
      const size = sizeFrom(raw.size);
      return size ? { t: 'view', size } : null;
    }
    case 'command':
      return typeof raw.command === 'string' && isPanelCommand(raw.command)
        ? { t: 'command', command: raw.command }
        : null;
    case 'host':
      return typeof raw.moved === 'boolean' && LOOKS.includes(raw.look as HostDrawn)
        ? { t: 'host', moved: raw.moved, look: raw.look as HostDrawn }
        : null;
    default:
      return null;
  }
}

export function toHostFrom(raw: unknown): ToHost | null {
  if (!isRecord(raw)) return null;
  switch (raw.t) {
    case 'size': {
      const size = sizeFrom(raw.size);
      return size ? { t: 'size', size } : null;
    }
    case 'placement': {
      const placement = placementFrom(raw.placement);
      if (!placement || typeof raw.collapsed !== 'boolean') return null;
      return { t: 'placement', placement, collapsed: raw.collapsed };
    }
    case 'drag':
      return DRAG_PHASES.includes(raw.phase as DragPhase) && isNumber(raw.x) && isNumber(raw.y)
        ? { t: 'drag', phase: raw.phase as DragPhase, x: raw.x, y: raw.y }
        : null;
    case 'reach':
      return typeof raw.on === 'boolean' ? { t: 'reach', on: raw.on } : null;
    default:
      return null;
  }
}
