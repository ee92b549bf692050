import { describe, expect, it } from 'vitest';
import { ClientErrorInfo } from '../../../../lib/core/client/error-info';
import {
  ExchangeError,
  errorSentence,
  isRetryable,
  toErrorInfo,
} from '../../../../lib/core/client/errors';
import { errorFromResponse } from '../../../../lib/core/client/http';
import { OrderRuleError } from '../../../../lib/core/orders/issues';
import { errorBodies } from '../api/examples';

const NOW = Date.parse('2026-11-22T08:15:30.000Z');
const map = (status: number, body: unknown, retryAfter: string | null = null) => {
  const info = errorFromResponse(status, body, retryAfter, NOW);
  // Every result is plain data that crosses extension messaging as it is.
  expect(ClientErrorInfo.parse(JSON.parse(JSON.stringify(info)))).toEqual(info);
  return info;
};

describe('errorFromResponse: every row of the Errors table', () => {
  it('400 with a message array is a validation failure listing the fields', () => {
    expect(map(400, errorBodies.validation())).toEqual({
      kind: 'validation',
      source: 'server',
      issues: [
        { field: 'orderIds', message: 'orderIds should not be empty' },
        { field: 'order.nonce', message: 'nonce must be 0' },
      ],
    });
  });

  it('400 with a string message is a business refusal', () => {
    expect(map(400, errorBodies.general())).toEqual({
      kind: 'rejected',
      status: 400,
      message: 'Insufficient balance',
    });
    expect(map(400, errorBodies.messageOnly('Order not found or already canceled'))).toEqual({
      kind: 'rejected',
      status: 400,
      message: 'Order not found or already canceled',
    });
    expect(
      map(400, errorBodies.general('Profile ID does not match the order owner')),
    ).toMatchObject({ kind: 'rejected', message: 'Profile ID does not match the order owner' });
  });

  it('400 feed cursor codes', () => {
    expect(map(400, errorBodies.feed('TRADING_FEED_CURSOR_INVALID', 400))).toEqual({
      kind: 'feed-cursor',
      code: 'TRADING_FEED_CURSOR_INVALID',
      message: 'feed error TRADING_FEED_CURSOR_INVALID',
    });
    expect(map(400, errorBodies.feed('TRADING_FEED_CURSOR_AUDIENCE_MISMATCH', 400))).toMatchObject({
      kind: 'feed-cursor',
      code: 'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH',
    });
  });

  it('401, 403, 404 and 409 keep the server message', () => {
    expect(map(401, errorBodies.general('Invalid signature', 401, 'Unauthorized'))).toEqual({
      kind: 'unauthenticated',
      message: 'Invalid signature',
    });
    expect(
      map(403, errorBodies.general('Token lacks the trading scope', 403, 'Forbidden')),
    ).toEqual({ kind: 'forbidden', message: 'Token lacks the trading scope' });
    expect(map(403, errorBodies.messageOnly('Not available in your region'))).toEqual({
      kind: 'forbidden',
      message: 'Not available in your region',
    });
    expect(map(404, errorBodies.general('Order not found', 404, 'Not Found'))).toEqual({
      kind: 'not-found',
      message: 'Order not found',
    });
    expect(map(409, errorBodies.general('clientOrderId already exists', 409, 'Conflict'))).toEqual({
      kind: 'conflict',
      message: 'clientOrderId already exists',
    });
  });

  it("401 on a cancel of another profile's order is told apart from a refused token by its message", () => {
    const info = map(
      401,
      errorBodies.general('This order belongs to another profile', 401, 'Unauthorized'),
    );
    expect(info).toEqual({
      kind: 'unauthenticated',
      message: 'This order belongs to another profile',
      reason: 'order-owner',
    });
    const sentence = errorSentence(info);
    expect(sentence).toMatch(/^That order belongs to another profile/);
    expect(sentence).not.toMatch(/token|clock/);
    // A refused token keeps its own sentence.
    expect(errorSentence(map(401, errorBodies.general('Invalid request signature', 401)))).toMatch(
      /did not accept the API token .*clock/,
    );
  });

  it('an error without a readable body still says its status', () => {
    expect(map(401, null)).toEqual({ kind: 'unauthenticated', message: 'HTTP 401' });
    expect(map(502, 'Bad Gateway')).toEqual({ kind: 'server', status: 502, message: 'HTTP 502' });
  });

  it('425 with a trading-mode code is the maintenance mode, with code, mode and resumeAt', () => {
    expect(map(425, errorBodies.tradingMode())).toEqual({
      kind: 'trading-mode',
      code: 'trading_disabled',
      mode: 'disabled',
      resumeAt: '2026-11-22T09:00:00.000Z',
      message: 'Trading is disabled for maintenance',
    });
  });

  it('425 with a message only is the receive window', () => {
    expect(map(425, errorBodies.receiveWindow())).toEqual({
      kind: 'receive-window',
      message: 'Order is older than recvWindow',
    });
  });

  it('429 reads Retry-After in seconds or as an HTTP date', () => {
    expect(map(429, null, '7')).toEqual({ kind: 'rate-limited', retryAfterMs: 7_000 });
    expect(map(429, null, new Date(NOW + 12_000).toUTCString())).toEqual({
      kind: 'rate-limited',
      retryAfterMs: 12_000,
    });
    expect(map(429, errorBodies.messageOnly('Too Many Requests'))).toEqual({
      kind: 'rate-limited',
      retryAfterMs: null,
    });
  });

  it('500 is a server error', () => {
    expect(
      map(500, errorBodies.general('Internal server error', 500, 'Internal Server Error')),
    ).toEqual({ kind: 'server', status: 500, message: 'Internal server error' });
  });

  it('503 from the feed: initializing or stale; any other 503 is a server error', () => {
    expect(map(503, errorBodies.feed('TRADING_FEED_INITIALIZING', 503))).toEqual({
      kind: 'feed-unavailable',
      code: 'TRADING_FEED_INITIALIZING',
      message: 'feed error TRADING_FEED_INITIALIZING',
    });
    expect(map(503, errorBodies.feed('TRADING_FEED_STALE', 503))).toMatchObject({
      kind: 'feed-unavailable',
      code: 'TRADING_FEED_STALE',
    });
    expect(map(503, null)).toEqual({ kind: 'server', status: 503, message: 'HTTP 503' });
  });

  it('a status outside the table is a refusal with its message', () => {
    expect(map(418, errorBodies.messageOnly("I'm a teapot"))).toEqual({
      kind: 'rejected',
      status: 418,
      message: "I'm a teapot",
    });
  });
});

describe('errorSentence', () => {
  const cases: [ClientErrorInfo, RegExp][] = [
    [
      {
        kind: 'validation',
        source: 'client',
        issues: [{ field: 'price', message: 'price 0.991 is outside 0.01 to 0.99' }],
      },
      /^Not sent: price 0\.991 is outside 0\.01 to 0\.99\.$/,
    ],
    [
      {
        kind: 'validation',
        source: 'server',
        issues: [
          { field: 'a', message: 'nonce must be 0' },
          { field: 'b', message: 'orderIds should not be empty' },
        ],
      },
      /^The exchange refused the request: nonce must be 0; orderIds should not be empty\.$/,
    ],
    [
      {
        kind: 'validation',
        source: 'client',
        issues: [{ field: 'passphrase', message: 'That passphrase does not open the vault.' }],
      },
      /^Not sent: That passphrase does not open the vault\.$/,
    ],
    [
      {
        kind: 'trading-mode',
        code: 'trading_disabled',
        mode: 'disabled',
        resumeAt: '2026-11-22T09:00:00.000Z',
        message: 'x',
      },
      /^Not accepted now: trading is disabled\. Trading resumes at .*2026.*\.$/,
    ],
    [
      { kind: 'trading-mode', code: 'c', mode: 'post_only', resumeAt: null, message: 'x' },
      /^Not accepted now: the exchange accepts post-only orders only\.$/,
    ],
    [
      {
        kind: 'trading-mode',
        code: 'trading_paused',
        mode: 'UNRECOGNIZED',
        resumeAt: null,
        message: 'Paused for an upgrade',
      },
      /^Not accepted now: the exchange is in a trading mode this version does not know \(Paused for an upgrade\)\.$/,
    ],
    [{ kind: 'receive-window', message: 'old' }, /receive window.*not placed/],
    [
      { kind: 'feed-cursor', code: 'TRADING_FEED_CURSOR_INVALID', message: 'x' },
      /no longer valid; reload the feed\.$/,
    ],
    [
      { kind: 'feed-cursor', code: 'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH', message: 'x' },
      /another tab; reload the feed\.$/,
    ],
    [
      { kind: 'feed-unavailable', code: 'TRADING_FEED_INITIALIZING', message: 'x' },
      /still being built/,
    ],
    [{ kind: 'feed-unavailable', code: 'TRADING_FEED_STALE', message: 'x' }, /feed is behind/],
    [{ kind: 'rate-limited', retryAfterMs: 7_000 }, /^Too many requests; try again in 7 s\.$/],
    [{ kind: 'rate-limited', retryAfterMs: null }, /^Too many requests; try again in a moment\.$/],
    [{ kind: 'unauthenticated', message: 'Invalid signature' }, /\(Invalid signature\)/],
    [{ kind: 'forbidden', message: 'geo' }, /^Not permitted: geo\.$/],
    [{ kind: 'not-found', message: 'Order not found' }, /^Not found: Order not found\.$/],
    [{ kind: 'conflict', message: 'dup' }, /^Already submitted: dup\.$/],
    [{ kind: 'rejected', status: 400, message: 'Insufficient balance' }, /Insufficient balance/],
    [{ kind: 'server', status: 500, message: 'x' }, /problem \(500\); try again\.$/],
    [{ kind: 'network', message: 'x', timedOut: true }, /may or may not have been handled/],
    [{ kind: 'network', message: 'ECONNREFUSED', timedOut: false }, /\(ECONNREFUSED\)/],
    [{ kind: 'invalid-response', status: 200, message: 'GET /x: body' }, /GET \/x: body/],
    [{ kind: 'aborted' }, /^Cancelled\.$/],
    [{ kind: 'unavailable', message: 'Unlock first.' }, /^Unlock first\.$/],
  ];

  it('gives one readable sentence for each kind', () => {
    const kinds = new Set(cases.map(([info]) => info.kind));
    expect([...kinds].sort()).toEqual(
      ClientErrorInfo.options.map((o) => o.shape.kind.value).sort(),
    );
    for (const [info, pattern] of cases) {
      const sentence = errorSentence(info);
      expect(sentence, info.kind).toMatch(pattern);
      expect(sentence).not.toMatch(/undefined|\[object|null/);
    }
  });

  it('an ExchangeError reads as its sentence', () => {
    const error = new ExchangeError({ kind: 'conflict', message: 'dup' });
    expect(error.message).toBe('Already submitted: dup.');
    expect(error.kind).toBe('conflict');
  });
});

describe('isRetryable and toErrorInfo', () => {
  it('only transient kinds are worth retrying', () => {
    expect(isRetryable({ kind: 'rate-limited', retryAfterMs: null })).toBe(true);
    expect(isRetryable({ kind: 'server', status: 500, message: '' })).toBe(true);
    expect(isRetryable({ kind: 'network', message: '', timedOut: true })).toBe(true);
    expect(isRetryable({ kind: 'feed-unavailable', code: 'TRADING_FEED_STALE', message: '' })).toBe(
      true,
    );
    expect(isRetryable({ kind: 'receive-window', message: '' })).toBe(false);
    expect(isRetryable({ kind: 'conflict', message: '' })).toBe(false);
    expect(isRetryable({ kind: 'validation', source: 'server', issues: [] })).toBe(false);
  });

  it('turns any thrown value into error info', () => {
    const info = { kind: 'forbidden', message: 'geo' } as const;
    expect(toErrorInfo(new ExchangeError(info))).toEqual(info);
    expect(toErrorInfo(new OrderRuleError([{ field: 'price', message: 'bad' }]))).toEqual({
      kind: 'validation',
      source: 'client',
      issues: [{ field: 'price', message: 'bad' }],
    });
    expect(toErrorInfo(new DOMException('stop', 'AbortError'))).toEqual({ kind: 'aborted' });
    expect(toErrorInfo(new Error('boom'))).toEqual({ kind: 'unavailable', message: 'boom' });
    expect(toErrorInfo({ weird: true })).toEqual({
      kind: 'unavailable',
      message: 'Something went wrong.',
    });
  });
});
