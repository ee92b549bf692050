import { useRef, useState } from 'preact/hooks';
import type { FramedLayout } from '../frame-geometry';
import {
  type Box,
  dockBox,
  dragBox,
  movedBeyondThreshold,
  type PanelPlacement,
  type Point,
} from '../model/placement';

interface DragStart {
  pointerId: number;
  from: Point;
  box: Box;
  moved: boolean;
  /** The handle pressed, which takes the pointer once the press becomes a drag. */
  handle: Element | null;
}

export interface Drag {
  /** The panel's box while it follows the pointer (null when docked). */
  box: Box | null;
  /** True right after a drag ends, so the click that follows it is not a press. */
  consumeDragClick(): boolean;
  handlers: {
    onPointerDown(event: PointerEvent): void;
    onPointerMove(event: PointerEvent): void;
    onPointerUp(event: PointerEvent): void;
    onPointerCancel(event: PointerEvent): void;
  };
}

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * Framed, the frame moves under the pointer while it drags: its own coordinates would
 * follow it, the screen's do not (and the host, in the page, reads the same ones).
 */
const pointOf = (event: PointerEvent, framed: boolean): Point =>
  framed ? { x: event.screenX, y: event.screenY } : { x: event.clientX, y: event.clientY };

/**
 * Dragging the panel by its header with pointer events: it follows the pointer inside the
 * viewport and, on release, docks to the nearest corner (`onDock`). Only the user's own
 * pointer counts (`isTrusted`). Framed, the host does the moving and the docking.
 */
export function useDrag(
  panel: { current: HTMLElement | null },
  onDock: (placement: PanelPlacement) => void,
  framed?: FramedLayout,
): Drag {
  const start = useRef<DragStart | null>(null);
  const dragged = useRef(false);
  const [box, setBox] = useState<Box | null>(null);

  const end = (event: PointerEvent, dock: boolean) => {
    const current = start.current;
    if (!current || current.pointerId !== event.pointerId) return;
    start.current = null;
    (event.currentTarget as Element | null)?.releasePointerCapture?.(event.pointerId);
    const to = pointOf(event, framed !== undefined);
    if (framed) {
      // The pointer may have travelled over the page, unseen here: the release tells.
      if (current.moved || movedBeyondThreshold(current.from, to)) dragged.current = true;
      framed.dragged(dock ? 'end' : 'cancel', to);
      return;
    }
    if (!current.moved) return;
    dragged.current = true;
    const last = dragBox(current.box, current.from, to, viewport());
    setBox(null);
    if (dock) onDock(dockBox(last, viewport()));
  };

  return {
    box,
    consumeDragClick() {
      const was = dragged.current;
      dragged.current = false;
      return was;
    },
    handlers: {
      onPointerDown(event) {
        if (!event.isTrusted || event.button !== 0 || !panel.current) return;
        // The collapse button is a button, not a handle.
        if ((event.target as Element | null)?.closest?.('[data-no-drag]')) return;
        const rect = panel.current.getBoundingClientRect();
        start.current = {
          pointerId: event.pointerId,
          from: pointOf(event, framed !== undefined),
          box: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
          moved: false,
          handle: event.currentTarget as Element | null,
        };
        dragged.current = false;
        // Not captured yet: a captured pointer's click goes to the handle, not to the button
        // pressed in it (the next-corner grip), so a plain click would do nothing.
        framed?.dragged('start', pointOf(event, true));
      },
      onPointerMove(event) {
        const current = start.current;
        if (!current || current.pointerId !== event.pointerId || !event.isTrusted) return;
        // Framed, a release over the page is the host's: this press is over.
        if (framed && event.buttons === 0) {
          start.current = null;
          return;
        }
        const to = pointOf(event, framed !== undefined);
        if (!current.moved && !movedBeyondThreshold(current.from, to)) return;
        if (!current.moved) current.handle?.setPointerCapture?.(event.pointerId);
        current.moved = true;
        if (framed) {
          framed.dragged('move', to);
          return;
        }
        setBox(dragBox(current.box, current.from, to, viewport()));
      },
      onPointerUp: (event) => end(event, true),
      onPointerCancel: (event) => {
        end(event, false);
        setBox(null);
      },
    },
  };
}
