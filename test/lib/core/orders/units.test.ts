import { describe, expect, it } from 'vitest';
import {
  DecimalFormatError,
  decimalPlaces,
  formatScaled,
  fromRaw,
  gcd,
  millisToPrice,
  parseScaled,
  priceToMillis,
  toRaw,
  toRawRoundedForDisplay,
} from '../../../../lib/core/orders/units';

describe('parseScaled', () => {
  it('reads decimal strings exactly at the given scale', () => {
    expect(parseScaled('12.5', 6)).toBe(12_500_000n);
    expect(parseScaled('0.000001', 6)).toBe(1n);
    expect(parseScaled('7', 6)).toBe(7_000_000n);
    expect(parseScaled('123456789012345678901234567890', 6)).toBe(
      123456789012345678901234567890000000n,
    );
  });

  it('accepts a leading or trailing point and surrounding spaces', () => {
    expect(parseScaled('.5', 6)).toBe(500_000n);
    expect(parseScaled('5.', 6)).toBe(5_000_000n);
    expect(parseScaled('  2.25 ', 6)).toBe(2_250_000n);
  });

  it('reads negative numbers', () => {
    expect(parseScaled('-0.25', 6)).toBe(-250_000n);
    expect(parseScaled('-.5', 3)).toBe(-500n);
    expect(parseScaled(-1.5, 6)).toBe(-1_500_000n);
    expect(parseScaled('-0', 6)).toBe(0n);
  });

  it('ignores trailing zeros when counting decimals', () => {
    expect(parseScaled('0.5500000000', 3)).toBe(550n);
  });

  it('refuses more decimals than the scale instead of rounding', () => {
    expect(() => parseScaled('0.0000001', 6)).toThrow(DecimalFormatError);
    expect(() => parseScaled('0.5555', 3)).toThrow(/more than 3 decimals/);
    expect(() => parseScaled('-0.0005', 3)).toThrow(DecimalFormatError);
  });

  it('reads JS numbers from their shortest round-trip text, so float noise is refused', () => {
    expect(parseScaled(0.55, 3)).toBe(550n);
    expect(parseScaled(0.3, 3)).toBe(300n);
    expect(() => parseScaled(0.1 + 0.2 - 0.2, 6)).toThrow(DecimalFormatError);
    expect(() => parseScaled(0.1 + 0.2, 3)).toThrow(/more than 3 decimals/);
  });

  it('expands numbers that print in exponent form exactly', () => {
    expect(parseScaled(1e-6, 6)).toBe(1n);
    expect(parseScaled(1.5e-6, 7)).toBe(15n);
    expect(parseScaled(1e21, 0)).toBe(10n ** 21n);
    expect(parseScaled(-2e-7, 7)).toBe(-2n);
    expect(() => parseScaled(1e-7, 6)).toThrow(DecimalFormatError);
  });

  it('refuses exponent notation written as a string and other non-decimals', () => {
    for (const bad of [
      '5.5e-1',
      '1e3',
      '',
      ' ',
      '-',
      '.',
      '-.',
      '1,5',
      '+1',
      '0x10',
      'abc',
      '1.2.3',
    ]) {
      expect(() => parseScaled(bad, 6), bad).toThrow(DecimalFormatError);
    }
  });

  it('refuses NaN and infinities', () => {
    expect(() => parseScaled(Number.NaN, 6)).toThrow(DecimalFormatError);
    expect(() => parseScaled(Number.POSITIVE_INFINITY, 6)).toThrow(DecimalFormatError);
  });

  it('takes bigints as whole units', () => {
    expect(parseScaled(3n, 6)).toBe(3_000_000n);
    expect(parseScaled(-3n, 2)).toBe(-300n);
  });

  it('names what it was reading in the error', () => {
    expect(() => parseScaled('x', 6, 'amount')).toThrow(/amount "x" is not a decimal number/);
  });
});

describe('formatScaled', () => {
  it('trims trailing zeros and never prints exponent form', () => {
    expect(formatScaled(12_500_000n, 6)).toBe('12.5');
    expect(formatScaled(1n, 6)).toBe('0.000001');
    expect(formatScaled(10n ** 30n, 6)).toBe('1000000000000000000000000');
    expect(formatScaled(0n, 6)).toBe('0');
  });

  it('keeps the sign of negative values, including below one unit', () => {
    expect(formatScaled(-1n, 6)).toBe('-0.000001');
    expect(formatScaled(-2_500_000n, 6)).toBe('-2.5');
  });

  it('pads to a minimum number of decimals without dropping any', () => {
    expect(formatScaled(5_000_000n, 6, 2)).toBe('5.00');
    expect(formatScaled(5_123_400n, 6, 2)).toBe('5.1234');
  });

  it('round-trips with parseScaled', () => {
    for (const text of ['0', '1', '0.000001', '-3.14', '999999.999999', '-0.5']) {
      expect(formatScaled(parseScaled(text, 6), 6)).toBe(text);
    }
  });
});

describe('raw and price helpers', () => {
  it('convert between decimal text and raw units (6 decimals)', () => {
    expect(toRaw('10')).toBe(10_000_000n);
    expect(fromRaw(5_500_000n)).toBe('5.5');
    expect(fromRaw(5_500_000n, 2)).toBe('5.50');
  });

  it('read prices as thousandths and refuse a fourth decimal', () => {
    expect(priceToMillis('0.555')).toBe(555n);
    expect(priceToMillis(0.01)).toBe(10n);
    expect(() => priceToMillis('0.5555')).toThrow(/price 0.5555 has more than 3 decimals/);
    expect(millisToPrice(555n)).toBe(0.555);
    expect(millisToPrice(550n)).toBe(0.55);
  });

  it('counts decimals without trailing zeros', () => {
    expect(decimalPlaces('0.120')).toBe(2);
    expect(decimalPlaces(0.1 + 0.2)).toBe(17);
    expect(decimalPlaces(5n)).toBe(0);
    expect(() => decimalPlaces('1e-3')).toThrow(DecimalFormatError);
    expect(() => decimalPlaces('')).toThrow(DecimalFormatError);
    expect(() => decimalPlaces('.')).toThrow(DecimalFormatError);
  });

  it('computes gcd of signed values', () => {
    expect(gcd(550n, 1000n)).toBe(50n);
    expect(gcd(-12n, 18n)).toBe(6n);
    expect(gcd(7n, 0n)).toBe(7n);
  });
});

describe('one decimal rule: refuse extra decimals, round only for display and by name', () => {
  it('toRaw refuses a 7th decimal instead of truncating it', () => {
    expect(() => toRaw('0.1234567')).toThrow(/more than 6 decimals/);
    expect(toRaw('0.123456')).toBe(123_456n);
    expect(toRaw('0.1234560')).toBe(123_456n);
  });

  it('toRawRoundedForDisplay reads server decimals exactly, rounding a 7th decimal half away from zero', () => {
    expect(toRawRoundedForDisplay('12.5')).toBe(12_500_000n);
    expect(toRawRoundedForDisplay('-0.25')).toBe(-250_000n);
    expect(toRawRoundedForDisplay(' 7 ')).toBe(7_000_000n);
    expect(toRawRoundedForDisplay('90071992547409.931')).toBe(90_071_992_547_409_931_000n);
    expect(toRawRoundedForDisplay('0.1234564')).toBe(123_456n);
    expect(toRawRoundedForDisplay('0.1234565')).toBe(123_457n);
    expect(toRawRoundedForDisplay('-0.0000005')).toBe(-1n);
  });

  it('toRawRoundedForDisplay is null for what is not a decimal', () => {
    expect(toRawRoundedForDisplay('1e6')).toBeNull();
    expect(toRawRoundedForDisplay('')).toBeNull();
    expect(toRawRoundedForDisplay('abc')).toBeNull();
    expect(toRawRoundedForDisplay('1.2.3')).toBeNull();
  });
});
