import { z } from 'zod';
import { ReportedTradingMode } from '../api/primitives';

const Issue = z.object({ field: z.string(), message: z.string() });

/**
 * Every failure the client reports, as plain data: it crosses extension messaging
 * unchanged and each kind reads as one sentence (`errorSentence`).
 */
export const ClientErrorInfo = z.discriminatedUnion('kind', [
  /** Refused before sending (`source: client`) or by the server's validation (`server`). */
  z.object({
    kind: z.literal('validation'),
    source: z.enum(['client', 'server']),
    issues: z.array(Issue),
  }),
  z.object({
    kind: z.literal('trading-mode'),
    code: z.string(),
    mode: ReportedTradingMode,
    resumeAt: z.string().nullable(),
    message: z.string(),
  }),
  z.object({ kind: z.literal('receive-window'), message: z.string() }),
  z.object({
    kind: z.literal('feed-cursor'),
    code: z.enum(['TRADING_FEED_CURSOR_INVALID', 'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH']),
    message: z.string(),
  }),
  z.object({
    kind: z.literal('feed-unavailable'),
    code: z.enum(['TRADING_FEED_INITIALIZING', 'TRADING_FEED_STALE']),
    message: z.string(),
  }),
  z.object({ kind: z.literal('rate-limited'), retryAfterMs: z.number().nullable() }),
  /**
   * 401. `reason: 'order-owner'`: the request was authenticated, but the order it names
   * belongs to another profile (spec: a cancel of another profile's order is 401); else the
   * token itself was refused.
   */
  z.object({
    kind: z.literal('unauthenticated'),
    message: z.string(),
    reason: z.literal('order-owner').optional(),
  }),
  z.object({ kind: z.literal('forbidden'), message: z.string() }),
  z.object({ kind: z.literal('not-found'), message: z.string() }),
  z.object({ kind: z.literal('conflict'), message: z.string() }),
  /** A business refusal with a string message (balance, market state, matching engine). */
  z.object({ kind: z.literal('rejected'), status: z.number(), message: z.string() }),
  z.object({ kind: z.literal('server'), status: z.number(), message: z.string() }),
  /** No answer: the request may or may not have been handled. */
  z.object({ kind: z.literal('network'), message: z.string(), timedOut: z.boolean() }),
  z.object({ kind: z.literal('invalid-response'), status: z.number(), message: z.string() }),
  z.object({ kind: z.literal('aborted') }),
  /** Anything the client cannot do in its present state (locked, not configured, …). */
  z.object({ kind: z.literal('unavailable'), message: z.string() }),
]);
export type ClientErrorInfo = z.infer<typeof ClientErrorInfo>;
