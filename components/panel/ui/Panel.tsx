import type { ReadonlySignal, Signal } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PanelFrame } from '../frame-geometry';
import type { PanelController } from '../model/controller';
import {
  keepInView,
  nextCorner,
  PANEL_WIDTH,
  type PanelPlacement,
  placementStyle,
} from '../model/placement';
import type { PanelVisibility } from '../model/trust';
import { placeByUser, toggleFold } from '../user-place';
import { watchVisibility } from '../visibility';
import { Header } from './Header';
import { PanelBody } from './PanelBody';
import { useDrag } from './useDrag';

function useViewport() {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/**
 * The page panel: docked at a corner, collapsible, draggable by its header, showing one
 * market at a time (`session` changes when the page navigates to another market).
 */
export function Panel({
  session,
  frame,
  visibility,
}: {
  session: ReadonlySignal<PanelController>;
  frame: PanelFrame;
  visibility: Signal<PanelVisibility>;
}) {
  const controller = session.value;
  const root = useRef<HTMLElement>(null);
  const pageViewport = useViewport();
  const framed = frame.framed;
  const viewport = framed ? framed.viewport.value : pageViewport;
  const collapsed = frame.collapsed.value;

  useEffect(() => {
    if (!root.current) return;
    return watchVisibility(root.current, visibility);
  }, []);

  const place = (placement: PanelPlacement) => placeByUser(frame, controller, placement);
  const drag = useDrag(root, (placement) => place(placement), framed);

  const docked = keepInView(
    frame.placement.value,
    collapsed ? PANEL_WIDTH.collapsed : PANEL_WIDTH.open,
    viewport,
  );
  // Framed, the host places the frame and the panel fills it.
  const style = framed
    ? undefined
    : drag.box
      ? { left: drag.box.x, top: drag.box.y }
      : placementStyle(docked);

  return (
    <section
      ref={root}
      class={`mc-panel${collapsed ? ' collapsed' : ''}${drag.box ? ' dragging' : ''}`}
      style={style}
      aria-label="Market Companion: quick trade"
      data-slug={controller.slug}
      data-corner={frame.placement.value.corner}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && controller.armed.value) {
          event.stopPropagation();
          controller.disarm();
        }
      }}
    >
      <Header
        controller={controller}
        collapsed={collapsed}
        drag={drag}
        onToggle={() => toggleFold(frame, controller)}
        onNextCorner={() => place(nextCorner(frame.placement.value))}
      />
      {collapsed ? null : <PanelBody controller={controller} />}
    </section>
  );
}
