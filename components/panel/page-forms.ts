import type { PageSettings } from './model/page-settings-reader';
import {
  type Box,
  clearCorner,
  PANEL_TYPICAL_HEIGHT,
  PANEL_WIDTH,
  type PanelPlacement,
  savedPlacement,
} from './model/placement';

/**
 * The boxes of the page's own visible forms (its trade form, typically), read together:
 * one layout for all of them. The panel's own controls are in its shadow root, not here.
 */
export function visibleFormBoxes(doc: Document): Box[] {
  const boxes: Box[] = [];
  for (const form of doc.querySelectorAll('form')) {
    const rect = form.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) continue;
    if (form.checkVisibility && !form.checkVisibility({ visibilityProperty: true })) continue;
    boxes.push({ x: rect.left, y: rect.top, width: rect.width, height: rect.height });
  }
  return boxes;
}

/**
 * Where the panel first appears on this page: where the user put it, else the default
 * corner or, when that would cover one of the page's forms, the first corner that covers
 * none (the default again if every corner does). Not saved: on another page the choice
 * is made again, until the user places the panel.
 */
export function arrivalPlacement(
  panel: PageSettings['panel'],
  doc: Document,
  viewport: { width: number; height: number },
): PanelPlacement {
  const saved = savedPlacement(panel);
  if (panel.placed) return saved;
  const size = panel.collapsed
    ? { width: PANEL_WIDTH.collapsed, height: PANEL_TYPICAL_HEIGHT.collapsed }
    : { width: PANEL_WIDTH.open, height: PANEL_TYPICAL_HEIGHT.open };
  return clearCorner(saved, size, viewport, visibleFormBoxes(doc));
}
