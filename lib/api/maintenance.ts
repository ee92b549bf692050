import { z } from 'zod';
import { IsoTime, record, TradingMode } from './primitives';

export const MaintenanceStatus = record({
  mode: TradingMode,
  resumeAt: IsoTime.nullable(),
  restrictions: z.array(z.string()),
});
export type MaintenanceStatus = z.infer<typeof MaintenanceStatus>;

/** Which modes accept which actions (spec: Trading modes, rule 12, cancel tables). */
export const modeAllowsNewOrder = (mode: TradingMode, postOnly: boolean): boolean =>
  mode === 'normal' || (mode === 'post_only' && postOnly);

export const modeAllowsCancel = (mode: TradingMode): boolean => mode !== 'disabled';
