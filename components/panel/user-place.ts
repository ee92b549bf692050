import type { PanelFrame } from './frame-geometry';
import type { PanelPlacement } from './model/placement';

/** What a user's placement is kept with: the settings, for this site. */
interface PlacementSaver {
  savePlacement(placement: PanelPlacement, collapsed: boolean): void;
}

/**
 * The user's own move or fold of the panel (a drop, the header's buttons, the fold
 * shortcut): drawn at once, saved for the site, and, framed, handed to the loader that
 * moves the frame. One path, so the aim rule sees every such change as the same move.
 */
export function placeByUser(
  frame: PanelFrame,
  saver: PlacementSaver,
  placement: PanelPlacement,
  collapsed = frame.collapsed.value,
): void {
  frame.placement.value = placement;
  frame.collapsed.value = collapsed;
  saver.savePlacement(placement, collapsed);
  frame.framed?.placed(placement, collapsed);
}

/** Folds an open panel to its bar, or opens a folded one, where it is. */
export function toggleFold(frame: PanelFrame, saver: PlacementSaver): void {
  placeByUser(frame, saver, frame.placement.value, !frame.collapsed.value);
}
