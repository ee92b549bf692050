import { describe, expect, it } from 'vitest';
import { shortAddress, traderName } from '../../../../lib/core/format/identity';
import { formatCents } from '../../../../lib/core/format/price';
import { countdown, shortDateTime, timeAgo } from '../../../../lib/core/format/time';

describe('prices', () => {
  it('formatCents: cents with at most one decimal', () => {
    expect(formatCents(0.57)).toBe('57¢');
    expect(formatCents(0.575)).toBe('57.5¢');
    expect(formatCents(0.001)).toBe('0.1¢');
    expect(formatCents(null)).toBe('—');
    expect(formatCents(Number.NaN)).toBe('—');
  });
});

describe('times', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  it.each([
    [now - 5_000, 'just now'],
    [now - 30_000, '30 s ago'],
    [now - 3 * 60_000, '3 min ago'],
    [now - 2 * 3_600_000, '2 h ago'],
    [now - 30 * 3_600_000, 'yesterday'],
    [now - 5 * 86_400_000, '5 days ago'],
  ])('timeAgo(%s)', (at, text) => {
    expect(timeAgo(at, now)).toBe(text);
    expect(timeAgo(new Date(at).toISOString(), now)).toBe(text);
  });

  it('timeAgo of an unreadable time is empty', () => {
    expect(timeAgo('soon', now)).toBe('');
  });

  it('countdown: m:ss, h:mm:ss, and 0:00 once passed', () => {
    expect(countdown('2026-11-22T12:00:07.000Z', now)).toBe('0:07');
    expect(countdown('2026-11-22T12:00:06.200Z', now)).toBe('0:07');
    expect(countdown('2026-11-22T13:02:03.000Z', now)).toBe('1:02:03');
    expect(countdown('2026-11-22T11:00:00.000Z', now)).toBe('0:00');
  });

  it('shortDateTime: readable, or empty when unreadable', () => {
    expect(shortDateTime(now)).not.toBe('');
    expect(shortDateTime('never')).toBe('');
  });
});

describe('identity', () => {
  it('shortens an address and names a trader by display name, username, then address', () => {
    const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(shortAddress(account)).toBe('0x7099…79C8');
    expect(shortAddress('0x1234')).toBe('0x1234');
    expect(traderName({ displayName: ' Ada ', username: 'ada', account })).toBe('Ada');
    expect(traderName({ displayName: '  ', username: 'ada', account })).toBe('ada');
    expect(traderName({ displayName: null, username: null, account })).toBe('0x7099…79C8');
  });
});
