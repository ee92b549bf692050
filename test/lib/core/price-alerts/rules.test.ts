import { describe, expect, it } from 'vitest';
import {
  CAP_SENTENCE,
  checkMillis,
  describeCondition,
  millisAsCents,
  parseCents,
} from '../../../../lib/core/price-alerts/rules';

describe('a threshold typed in cents', () => {
  it('is read exactly into thousandths of a dollar, a tenth of a cent at most', () => {
    expect(parseCents('70')).toEqual({ ok: true, millis: 700 });
    expect(parseCents(' 70.5 ')).toEqual({ ok: true, millis: 705 });
    expect(parseCents('70.50¢')).toEqual({ ok: true, millis: 705 });
    expect(parseCents('0.1¢')).toEqual({ ok: true, millis: 1 });
    expect(parseCents('99.9')).toEqual({ ok: true, millis: 999 });
  });

  it('under one without "¢" (the way the exchange writes prices) is refused with the cents meant', () => {
    // Read as 0.7¢ it was an alert true at once: "YES best bid ≥ 0.7¢".
    expect(parseCents('0.7')).toEqual({
      ok: false,
      message: 'Alert prices are in cents: did you mean 70¢ (for 0.7 of a cent, type 0.7¢)?',
    });
    expect(parseCents('$0.705')).toEqual({
      ok: false,
      message: 'Alert prices are in cents: did you mean 70.5¢?',
    });
    expect(parseCents('.42')).toMatchObject({ ok: false, message: expect.stringContaining('42¢') });
    expect(parseCents('0.7055')).toMatchObject({
      ok: false,
      message: expect.stringContaining('in cents'),
    });
    expect(parseCents('0.7¢')).toEqual({ ok: true, millis: 7 });
    expect(parseCents('7')).toEqual({ ok: true, millis: 70 });
  });

  it('finer than the tick says to use one decimal', () => {
    const result = parseCents('70.55');
    expect(result).toEqual({
      ok: false,
      message: 'Prices move in steps of 0.1¢: use at most one decimal, e.g. 70.5.',
    });
  });

  it('at or beyond 0¢ and 100¢ says what range to choose', () => {
    for (const text of ['0', '100', '0.0', '150']) {
      expect(parseCents(text)).toEqual({
        ok: false,
        message: 'Choose a price above 0¢ and below 100¢.',
      });
    }
  });

  it('that is not a number, or is empty, says what to type', () => {
    expect(parseCents('')).toEqual({ ok: false, message: 'Enter a price in cents, e.g. 70.' });
    expect(parseCents('0.7$')).toMatchObject({
      ok: false,
      message: expect.stringContaining('70.5'),
    });
    expect(parseCents('-5')).toMatchObject({ ok: false });
  });

  it('as thousandths outside the range or not whole is refused', () => {
    expect(checkMillis(0).ok).toBe(false);
    expect(checkMillis(1000).ok).toBe(false);
    expect(checkMillis(70.5).ok).toBe(false);
    expect(checkMillis(500)).toEqual({ ok: true, millis: 500 });
  });
});

describe('what an alert says', () => {
  it('names the outcome, the price watched, the comparison and the threshold in cents', () => {
    expect(millisAsCents(705)).toBe('70.5¢');
    expect(millisAsCents(700)).toBe('70¢');
    expect(
      describeCondition({ outcome: 'NO', field: 'ask', comparator: '<=', priceMillis: 305 }),
    ).toBe('NO best ask ≤ 30.5¢');
    expect(
      describeCondition({ outcome: 'YES', field: 'last', comparator: '>=', priceMillis: 700 }),
    ).toBe('YES last price ≥ 70¢');
  });

  it('at the cap, says how many and what to do', () => {
    expect(CAP_SENTENCE).toBe(
      'You have 50 alerts, the most the extension keeps: remove one to add another.',
    );
  });
});
