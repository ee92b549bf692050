import type { z } from 'zod';
import { MAX_PLACED_SITES } from './placement-cap';
import type { Settings } from './schema';
import type {
  PanelDock as PanelDockSchema,
  SitePlacement as SitePlacementSchema,
} from './sections';

/*
 * Plain functions over the per-site placements (no schema is constructed): the background
 * writes them, the page panel reads its own site's.
 */

export type PanelDock = z.infer<typeof PanelDockSchema>;
export type SitePlacement = z.infer<typeof SitePlacementSchema>;
type Placements = Settings['panel']['placements'];

/** The placement the user made on `origin`, or null where they have not placed the panel. */
export const placementOn = (placements: Placements, origin: string): SitePlacement | null =>
  placements.find((p) => p.origin === origin) ?? null;

/**
 * The placements after the user placed the panel on `origin`: that site's entry first
 * (most recently placed), its old one gone, and beyond the cap the least recently placed
 * site forgotten.
 */
export function placedOn(
  placements: Placements,
  origin: string,
  placement: PanelDock & { collapsed: boolean },
): Placements {
  const entry: SitePlacement = {
    origin,
    corner: placement.corner,
    offset: { x: placement.offset.x, y: placement.offset.y },
    collapsed: placement.collapsed,
  };
  return [entry, ...placements.filter((p) => p.origin !== origin)].slice(0, MAX_PLACED_SITES);
}
