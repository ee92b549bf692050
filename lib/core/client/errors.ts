import type { ReportedTradingMode } from '../api/primitives';
import type { ClientErrorInfo } from './error-info';

// The schema lives apart (error-info.ts): UIs that only show and raise errors, a market
// page's tab above all, stay free of a schema library.
export type { ClientErrorInfo };

export type ClientErrorKind = ClientErrorInfo['kind'];

export class ExchangeError extends Error {
  override name = 'ExchangeError';
  constructor(readonly info: ClientErrorInfo) {
    super(errorSentence(info));
  }
  get kind(): ClientErrorKind {
    return this.info.kind;
  }
}

/** Whether trying the same thing again later can help (a UI shows "Retry" for these). */
export function isRetryable(info: ClientErrorInfo): boolean {
  return (
    info.kind === 'rate-limited' ||
    info.kind === 'server' ||
    info.kind === 'network' ||
    info.kind === 'feed-unavailable'
  );
}

function when(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : ` Trading resumes at ${date.toLocaleString()}.`;
}

const MODE_WORDS: Record<ReportedTradingMode, string> = {
  normal: 'trading is open',
  post_only: 'the exchange accepts post-only orders only',
  cancel_only: 'the exchange accepts cancellations only',
  disabled: 'trading is disabled',
  UNRECOGNIZED: 'the exchange is in a trading mode this version does not know',
};

/** One sentence a person can act on. */
export function errorSentence(info: ClientErrorInfo): string {
  switch (info.kind) {
    case 'validation': {
      // Issues may be sentences already: one final period, not two.
      const list = info.issues.map((i) => i.message.replace(/\.$/, '')).join('; ');
      return info.source === 'client'
        ? `Not sent: ${list || 'the order is not valid'}.`
        : `The exchange refused the request: ${list || 'invalid data'}.`;
    }
    case 'trading-mode': {
      // Of a mode we cannot name, the exchange's own words are the only explanation.
      const detail = info.mode === 'UNRECOGNIZED' && info.message ? ` (${info.message})` : '';
      return `Not accepted now: ${MODE_WORDS[info.mode]}${detail}.${when(info.resumeAt)}`;
    }
    case 'receive-window':
      return 'The order reached the exchange too late (receive window); it was not placed.';
    case 'feed-cursor':
      return info.code === 'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH'
        ? 'That page of the feed belongs to another tab; reload the feed.'
        : 'The feed position is no longer valid; reload the feed.';
    case 'feed-unavailable':
      return info.code === 'TRADING_FEED_INITIALIZING'
        ? 'The trading feed is still being built after an update; retrying shortly.'
        : 'The trading feed is behind; retrying shortly rather than showing old trades as new.';
    case 'rate-limited':
      return info.retryAfterMs !== null
        ? `Too many requests; try again in ${Math.ceil(info.retryAfterMs / 1000)} s.`
        : 'Too many requests; try again in a moment.';
    case 'unauthenticated':
      return info.reason === 'order-owner'
        ? `That order belongs to another profile, so this account cannot cancel it (${info.message}). If it is a sub-account's order, act for that sub-account.`
        : `The exchange did not accept the API token (${info.message}). Check the token id and secret, and the computer's clock.`;
    case 'forbidden':
      return `Not permitted: ${info.message}.`;
    case 'not-found':
      return `Not found: ${info.message}.`;
    case 'conflict':
      return `Already submitted: ${info.message}.`;
    case 'rejected':
      return `Refused by the exchange: ${info.message}.`;
    case 'server':
      return `The exchange had a problem (${info.status}); try again.`;
    case 'network':
      return info.timedOut
        ? 'No answer from the exchange in time; the request may or may not have been handled.'
        : `Could not reach the exchange (${info.message}).`;
    case 'invalid-response':
      return `The exchange sent an answer this extension cannot read (${info.message}).`;
    case 'aborted':
      return 'Cancelled.';
    case 'unavailable':
      return info.message;
  }
}

type Issue = Extract<ClientErrorInfo, { kind: 'validation' }>['issues'][number];

/** An `OrderRuleError`'s issues, copied field by field (it crossed no boundary, but is `unknown` here). */
function issuesFrom(raw: unknown): Issue[] | null {
  if (!Array.isArray(raw)) return null;
  const issues: Issue[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) return null;
    const { field, message } = item as Record<string, unknown>;
    if (typeof field !== 'string' || typeof message !== 'string') return null;
    issues.push({ field, message });
  }
  return issues;
}

/** Any thrown value as error info, so nothing reaches a UI as `[object Object]`. */
export function toErrorInfo(error: unknown): ClientErrorInfo {
  if (error instanceof ExchangeError) return error.info;
  if (error instanceof Error && error.name === 'OrderRuleError' && 'issues' in error) {
    const issues = issuesFrom(error.issues);
    if (issues) return { kind: 'validation', source: 'client', issues };
  }
  if (error instanceof Error && error.name === 'AbortError') return { kind: 'aborted' };
  return {
    kind: 'unavailable',
    message: error instanceof Error ? error.message : 'Something went wrong.',
  };
}
