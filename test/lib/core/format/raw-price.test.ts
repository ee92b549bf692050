import { describe, expect, it } from 'vitest';
import {
  formatRawCents,
  formatRawPercent,
  priceNumberToRaw,
  valueAtPrice,
} from '../../../../lib/core/format/raw-price';

describe('priceNumberToRaw', () => {
  it('reads a 0–1 price exactly to raw units', () => {
    expect(priceNumberToRaw(0.55)).toBe(550_000n);
    expect(priceNumberToRaw(0.575)).toBe(575_000n);
    expect(priceNumberToRaw(0.1 + 0.2)).toBe(300_000n);
    expect(priceNumberToRaw(1)).toBe(1_000_000n);
    expect(priceNumberToRaw(0)).toBe(0n);
  });

  it('has no price for null, NaN or values outside 0–1', () => {
    expect(priceNumberToRaw(null)).toBeNull();
    expect(priceNumberToRaw(undefined)).toBeNull();
    expect(priceNumberToRaw(Number.NaN)).toBeNull();
    expect(priceNumberToRaw(1.2)).toBeNull();
    expect(priceNumberToRaw(-0.1)).toBeNull();
  });
});

describe('formatRawCents', () => {
  it('shows whole, half and averaged cents', () => {
    expect(formatRawCents(550_000n)).toBe('55¢');
    expect(formatRawCents('575000')).toBe('57.5¢');
    expect(formatRawCents(553_333n)).toBe('55.33¢');
    expect(formatRawCents(0n)).toBe('0¢');
    expect(formatRawCents(1_000_000n)).toBe('100¢');
  });
});

describe('formatRawPercent', () => {
  it('signs a ratio and rounds it for display', () => {
    expect(formatRawPercent(-59_800n, 2)).toBe('−5.98%');
    expect(formatRawPercent(-59_800n, 1)).toBe('−6%');
    expect(formatRawPercent(250_000n)).toBe('+25%');
    expect(formatRawPercent(1_234n, 2)).toBe('+0.12%');
    expect(formatRawPercent(0n)).toBe('0%');
  });
});

describe('valueAtPrice', () => {
  it('values contracts at a raw price and rounds down', () => {
    expect(valueAtPrice(120_500_000n, 550_000n)).toBe(66_275_000n);
    expect(valueAtPrice(1n, 550_000n)).toBe(0n);
  });
});
