import { describe, expect, it } from 'vitest';
import {
  DecimalString,
  IntegerLike,
  IsoTime,
  RawAmount,
  record,
  SideLike,
  Uint256String,
  UnsignedRawAmount,
  Uuid,
} from '../../../../lib/core/api/primitives';

const fails = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

describe('primitives', () => {
  it('record keeps keys it does not read', () => {
    expect(record({ a: RawAmount }).parse({ a: '1', b: 2 })).toEqual({ a: '1', b: 2 });
  });

  it('raw amounts are integer strings, signed or not', () => {
    expect(RawAmount.parse('-120')).toBe('-120');
    fails(RawAmount, '1.5');
    fails(RawAmount, 5);
    expect(UnsignedRawAmount.parse('0')).toBe('0');
    fails(UnsignedRawAmount, '-1');
  });

  it('IntegerLike turns safe numbers into strings and refuses unsafe ones', () => {
    expect(IntegerLike.parse(42)).toBe('42');
    expect(IntegerLike.parse('123456789012345678901234567890')).toBe(
      '123456789012345678901234567890',
    );
    fails(IntegerLike, 2 ** 53 + 2);
    fails(IntegerLike, 1.5);
  });

  it('Uint256String: decimal digits that fit in 256 bits, never a throw', () => {
    expect(Uint256String.parse((2n ** 256n - 1n).toString())).toBe((2n ** 256n - 1n).toString());
    fails(Uint256String, (2n ** 256n).toString());
    for (const bad of ['0x2b', '1.5', 'abc', '', '-1']) fails(Uint256String, bad);
  });

  it('DecimalString, IsoTime and Uuid', () => {
    expect(DecimalString.parse('-0.25')).toBe('-0.25');
    fails(DecimalString, '1e3');
    expect(IsoTime.parse('2026-11-22T08:15:30.250Z')).toBe('2026-11-22T08:15:30.250Z');
    fails(IsoTime, 'Sun, 22 Nov 2026 08:15:30 GMT');
    fails(IsoTime, '2026-13-45T99:00:00Z');
    expect(Uuid.parse('7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b')).toBeTruthy();
    fails(Uuid, '7f1c2a9e-3b4d-1e5f-8a6b-0c1d2e3f4a5b');
  });

  it('SideLike reads 0/1 and BUY/SELL as BUY/SELL', () => {
    expect([0, 1, 'BUY', 'SELL'].map((s) => SideLike.parse(s))).toEqual([
      'BUY',
      'SELL',
      'BUY',
      'SELL',
    ]);
    fails(SideLike, 2);
    fails(SideLike, 'buy');
  });
});
