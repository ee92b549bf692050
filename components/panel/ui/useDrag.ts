import { useRef, useState } from 'preact/hooks';
import {
  type Box,
  dockBox,
  dragBox,
  movedBeyondThreshold,
  type PanelPlacement,
  type Point,
} from '@/components/panel/model/placement';

interface DragStart {
  pointerId: number;
  from: Point;
  box: Box;
  moved: boolean;
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
 * Dragging the panel by its header with pointer events: it follows the pointer inside the
 * viewport and, on release, docks to the nearest corner (`onDock`). Only the user's own
 * pointer counts (`isTrusted`).
 */
export function useDrag(
  panel: { current: HTMLElement | null },
  onDock: (placement: PanelPlacement) => void,
): Drag {
  const start = useRef<DragStart | null>(null);
  const dragged = useRef(false);
  const [box, setBox] = useState<Box | null>(null);

  const end = (event: PointerEvent, dock: boolean) => {
    const current = start.current;
    if (!current || current.pointerId !== event.pointerId) return;
    start.current = null;
    (event.currentTarget as Element | null)?.releasePointerCapture?.(event.pointerId);
    if (!current.moved) return;
    dragged.current = true;
    const last = dragBox(
      current.box,
      current.from,
      { x: event.clientX, y: event.clientY },
      viewport(),
    );
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
          from: { x: event.clientX, y: event.clientY },
          box: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
          moved: false,
        };
        dragged.current = false;
        (event.currentTarget as Element | null)?.setPointerCapture?.(event.pointerId);
      },
      onPointerMove(event) {
        const current = start.current;
        if (!current || current.pointerId !== event.pointerId || !event.isTrusted) return;
        const to = { x: event.clientX, y: event.clientY };
        if (!current.moved && !movedBeyondThreshold(current.from, to)) return;
        current.moved = true;
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
