import { z } from 'zod';
import { IsoTime, ReportedTradingMode, record } from './primitives';

/** `{ message: [ {field, message} ], error, statusCode }`. */
export const ValidationErrorBody = record({
  message: z.array(record({ field: z.string(), message: z.string() })),
  error: z.string(),
  statusCode: z.number().int(),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** `{ message, error, statusCode }` or `{ message }`. */
export const GeneralErrorBody = record({
  message: z.string(),
  error: z.string().optional(),
  statusCode: z.number().int().optional(),
});
export type GeneralErrorBody = z.infer<typeof GeneralErrorBody>;

/**
 * Maintenance 425: `{ code, message, mode, resumeAt }`. What tells it from a receive-window
 * 425 is the `code`; `resumeAt` may be absent or null (a mode with no planned end), and a
 * mode we do not know reads as `UNRECOGNIZED`, so neither loses the mode that was sent.
 */
export const TradingModeErrorBody = record({
  code: z.string().min(1),
  message: z.string(),
  mode: ReportedTradingMode,
  resumeAt: IsoTime.nullish().transform((v) => v ?? null),
});
export type TradingModeErrorBody = z.infer<typeof TradingModeErrorBody>;

export const FEED_ERROR_CODES = [
  'TRADING_FEED_CURSOR_INVALID',
  'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH',
  'TRADING_FEED_INITIALIZING',
  'TRADING_FEED_STALE',
] as const;
export const FeedErrorCode = z.enum(FEED_ERROR_CODES);
export type FeedErrorCode = z.infer<typeof FeedErrorCode>;

export const FeedErrorBody = record({
  code: FeedErrorCode,
  message: z.string(),
  statusCode: z.number().int().optional(),
});
export type FeedErrorBody = z.infer<typeof FeedErrorBody>;
