import { describe, expect, it } from 'vitest';
import { parseDollarAmount } from '../../../../lib/core/format/dollars';

describe('parseDollarAmount', () => {
  it('converts dollars to raw units exactly', () => {
    expect(parseDollarAmount('12.5')).toEqual({ ok: true, raw: 12_500_000n });
    expect(parseDollarAmount('$ 0.000001')).toEqual({ ok: true, raw: 1n });
    expect(parseDollarAmount('.5')).toEqual({ ok: true, raw: 500_000n });
    // A float would make this 0.30000000000000004.
    expect(parseDollarAmount('0.3')).toEqual({ ok: true, raw: 300_000n });
    expect(parseDollarAmount('90071992547409931.123456')).toEqual({
      ok: true,
      raw: 90071992547409931123456n,
    });
  });

  it('says what is wrong with an amount', () => {
    expect(parseDollarAmount('')).toEqual({ ok: false, message: 'Enter an amount.' });
    expect(parseDollarAmount('0')).toEqual({ ok: false, message: 'Enter more than zero.' });
    expect(parseDollarAmount('-5')).toMatchObject({ ok: false, message: /in dollars/ });
    expect(parseDollarAmount('1e3')).toMatchObject({ ok: false, message: /in dollars/ });
    expect(parseDollarAmount('1,5')).toMatchObject({ ok: false, message: /Use a dot/ });
    expect(parseDollarAmount('1.0000001')).toMatchObject({ ok: false, message: /6 decimals/ });
  });

  it('accepts trailing zeros beyond six decimals and zero when allowed', () => {
    expect(parseDollarAmount('1.50000000')).toEqual({ ok: true, raw: 1_500_000n });
    expect(parseDollarAmount('0', { allowZero: true })).toEqual({ ok: true, raw: 0n });
  });
});
