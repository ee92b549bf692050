import type { Box } from '../../components/panel/model/placement';

/** Whether two boxes (viewport coordinates) share any area: touching edges do not. */
export const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
