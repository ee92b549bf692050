import { z } from 'zod';
import { IsoTime, ReportedTradingMode, record } from './primitives';

export const MaintenanceStatus = record({
  mode: ReportedTradingMode,
  resumeAt: IsoTime.nullable(),
  restrictions: z.array(z.string()),
});
export type MaintenanceStatus = z.infer<typeof MaintenanceStatus>;

/**
 * Which modes accept which actions (spec: Trading modes, rule 12, cancel tables). A mode
 * this version does not know is not ours to judge: the request goes out and the exchange's
 * answer (a trading-mode 425, read as such) decides.
 */
export const modeAllowsNewOrder = (mode: ReportedTradingMode, postOnly: boolean): boolean =>
  mode === 'normal' || mode === 'UNRECOGNIZED' || (mode === 'post_only' && postOnly);

export const modeAllowsCancel = (mode: ReportedTradingMode): boolean => mode !== 'disabled';

/** The modes that block something (every one but `normal`). */
export type RestrictedTradingMode = Exclude<ReportedTradingMode, 'normal'>;
