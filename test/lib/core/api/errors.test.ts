import { describe, expect, it } from 'vitest';
import {
  FEED_ERROR_CODES,
  FeedErrorBody,
  GeneralErrorBody,
  TradingModeErrorBody,
  ValidationErrorBody,
} from '../../../../lib/core/api/errors';
import { errorBodies } from './examples';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(true);
const fails = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

describe('error bodies of the spec', () => {
  it('validation: a message array of {field, message} with error and statusCode', () => {
    const parsed = ValidationErrorBody.parse(errorBodies.validation());
    expect(parsed.message.map((m) => m.field)).toEqual(['orderIds', 'order.nonce']);
    fails(ValidationErrorBody, errorBodies.general());
    fails(ValidationErrorBody, { ...errorBodies.validation(), message: [{ field: 'orderIds' }] });
  });

  it('general: {message, error, statusCode} or just {message}', () => {
    expect(GeneralErrorBody.parse(errorBodies.general())).toEqual({
      message: 'Insufficient balance',
      error: 'Bad Request',
      statusCode: 400,
    });
    expect(GeneralErrorBody.parse(errorBodies.messageOnly())).toEqual({
      message: 'Invalid order data',
    });
    fails(GeneralErrorBody, errorBodies.validation());
    fails(GeneralErrorBody, { error: 'Bad Request', statusCode: 400 });
  });

  it('trading mode 425: {code, message, mode, resumeAt}', () => {
    expect(TradingModeErrorBody.parse(errorBodies.tradingMode())).toMatchObject({
      code: 'trading_disabled',
      mode: 'disabled',
    });
    ok(TradingModeErrorBody, { ...errorBodies.tradingMode(), resumeAt: null });
    ok(TradingModeErrorBody, {
      ...errorBodies.tradingMode(),
      code: 'trading_cancel_only',
      mode: 'cancel_only',
    });
    // The receive-window 425 carries a message only: it is not a trading-mode body.
    fails(TradingModeErrorBody, errorBodies.receiveWindow());
  });

  it('trading mode 425 without resumeAt keeps its mode; resumeAt reads as null', () => {
    const { resumeAt: _, ...withoutResume } = errorBodies.tradingMode();
    expect(
      TradingModeErrorBody.parse({
        ...withoutResume,
        code: 'trading_post_only',
        mode: 'post_only',
      }),
    ).toMatchObject({ code: 'trading_post_only', mode: 'post_only', resumeAt: null });
  });

  it('trading mode 425 with a mode it does not know reads the mode as UNRECOGNIZED', () => {
    expect(
      TradingModeErrorBody.parse({ ...errorBodies.tradingMode(), mode: 'maintenance' }).mode,
    ).toBe('UNRECOGNIZED');
  });

  it('feed errors carry one of the four codes', () => {
    expect(FEED_ERROR_CODES).toEqual([
      'TRADING_FEED_CURSOR_INVALID',
      'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH',
      'TRADING_FEED_INITIALIZING',
      'TRADING_FEED_STALE',
    ]);
    for (const code of FEED_ERROR_CODES) ok(FeedErrorBody, errorBodies.feed(code, 400));
    ok(FeedErrorBody, { code: 'TRADING_FEED_STALE', message: 'behind' });
    fails(FeedErrorBody, errorBodies.feed('trading_disabled', 425));
    fails(FeedErrorBody, errorBodies.general());
  });

  it('keeps keys it does not read', () => {
    expect(GeneralErrorBody.parse({ ...errorBodies.general(), requestId: 'r-9' })).toHaveProperty(
      'requestId',
      'r-9',
    );
  });
});
