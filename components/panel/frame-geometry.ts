import { type ReadonlySignal, type Signal, signal } from '@preact/signals';
import type { PanelPlacement, Point, Size } from './model/placement';

/**
 * Where a framed panel's geometry lives (Chromium): the content script places the frame in
 * the page, so the panel draws at the frame's origin, hears the page's viewport from it, and
 * hands it the user's moves instead of moving itself.
 */
export interface FramedLayout {
  /** The page's viewport (the frame's own window is only the panel's size). */
  viewport: ReadonlySignal<Size>;
  /** The user docked the panel elsewhere or folded it: the host moves the frame. */
  placed(placement: PanelPlacement, collapsed: boolean): void;
  /** The header pressed, dragged or released at a screen point; the host moves the frame. */
  dragged(phase: 'start' | 'move' | 'end' | 'cancel', screen: Point): void;
}

/** Where the panel sits and whether it is folded: per page, kept across market changes. */
export interface PanelFrame {
  placement: Signal<PanelPlacement>;
  collapsed: Signal<boolean>;
  /** Set when the panel runs in its own frame; in the page itself it places itself. */
  framed?: FramedLayout;
}

export const createFrame = (
  placement: PanelPlacement,
  collapsed: boolean,
  framed?: FramedLayout,
): PanelFrame => ({
  placement: signal(placement),
  collapsed: signal(collapsed),
  ...(framed ? { framed } : {}),
});
