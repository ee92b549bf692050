import { describe, expect, it } from 'vitest';
import { sameData } from '../../../components/common/memo';

describe('sameData', () => {
  it('calls rows the same when every figure is, though every object is new', () => {
    const row = { key: 'm', sides: [{ contractsRaw: 10n, price: 0.55 }], winner: null };
    expect(sameData(row, structuredClone(row))).toBe(true);
  });

  it('tells a moved figure, an added or missing field, and an array from an object', () => {
    const row = { sides: [{ unrealizedRaw: -100_000n }], winner: null as string | null };
    expect(sameData(row, { ...row, sides: [{ unrealizedRaw: -200_000n }] })).toBe(false);
    expect(sameData(row, { ...row, winner: 'YES' })).toBe(false);
    expect(sameData(row, { ...row, extra: undefined })).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData([1, 2], [1])).toBe(false);
  });

  it('calls NaN the same as NaN, and 0 apart from null', () => {
    expect(sameData({ p: Number.NaN }, { p: Number.NaN })).toBe(true);
    expect(sameData({ p: 0 }, { p: null })).toBe(false);
  });
});
