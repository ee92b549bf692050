import { type Signal, signal } from '@preact/signals';
import type { PanelPlacement } from '@/components/panel/model/placement';

/** Where the panel sits and whether it is folded: per page, kept across market changes. */
export interface PanelFrame {
  placement: Signal<PanelPlacement>;
  collapsed: Signal<boolean>;
}

export const createFrame = (placement: PanelPlacement, collapsed: boolean): PanelFrame => ({
  placement: signal(placement),
  collapsed: signal(collapsed),
});
