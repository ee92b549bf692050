import type { z } from 'zod';
import type { TradingMode } from '../../lib/core/api/primitives';

/**
 * What an operation answers, as an HTTP status and a JSON body: the same value serves the
 * HTTP routes and in-process callers (bots), so both see exactly the same outcome.
 */
export interface ApiResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  425: 'Too Early',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const statusText = (status: number): string => STATUS_TEXT[status] ?? 'Error';

export const ok = (body: unknown): ApiResult => ({ status: 200, body });

/** `{ message, error, statusCode }`: business failures, auth, not found, conflicts. */
export const fail = (status: number, message: string): ApiResult => ({
  status,
  body: { message, error: statusText(status), statusCode: status },
});

export interface FieldIssue {
  field: string;
  message: string;
}

/** `{ message: [{field, message}], error: 'Bad Request', statusCode: 400 }`. */
export const validationFailure = (issues: FieldIssue[]): ApiResult => ({
  status: 400,
  body: { message: issues, error: 'Bad Request', statusCode: 400 },
});

export const zodIssues = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((i) => ({
    field: i.path.length > 0 ? i.path.map(String).join('.') : 'body',
    message: i.message,
  }));

/** Codes of the trading-mode 425 (`trading_disabled` is the spec's; the others are ours). */
export const TRADING_MODE_CODES: Record<Exclude<TradingMode, 'normal'>, string> = {
  disabled: 'trading_disabled',
  cancel_only: 'trading_cancel_only',
  post_only: 'trading_post_only',
};

const MODE_MESSAGES: Record<Exclude<TradingMode, 'normal'>, string> = {
  disabled: 'Trading is disabled: no orders or cancellations are accepted',
  cancel_only: 'Trading is in cancel-only mode: new orders are not accepted',
  post_only: 'Trading is in post-only mode: only post-only orders are accepted',
};

export const tradingModeFailure = (
  mode: Exclude<TradingMode, 'normal'>,
  resumeAt: string | null,
): ApiResult => ({
  status: 425,
  body: { code: TRADING_MODE_CODES[mode], message: MODE_MESSAGES[mode], mode, resumeAt },
});
