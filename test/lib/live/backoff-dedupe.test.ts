import { describe, expect, it } from 'vitest';
import { DEFAULT_RECONNECT, reconnectDelay } from '../../../lib/core/backoff';
import { RecentKeys } from '../../../lib/live/dedupe';

describe('reconnectDelay', () => {
  const policy = { baseMs: 500, maxMs: 30_000 };

  it('doubles per attempt, jittered within the upper half of the ceiling', () => {
    expect(reconnectDelay(0, policy, () => 0)).toBe(250);
    expect(reconnectDelay(0, policy, () => 1)).toBe(500);
    expect(reconnectDelay(3, policy, () => 0)).toBe(2_000);
    expect(reconnectDelay(3, policy, () => 0.5)).toBe(3_000);
  });

  it('never exceeds the cap, even after very many attempts', () => {
    expect(reconnectDelay(10, policy, () => 1)).toBe(30_000);
    expect(reconnectDelay(1_000, policy, () => 1)).toBe(30_000);
    expect(reconnectDelay(1_000, policy, () => 0)).toBe(15_000);
  });

  it('defaults to a 500 ms base and a 30 s cap', () => {
    expect(DEFAULT_RECONNECT).toEqual(policy);
  });
});

describe('RecentKeys', () => {
  it('is true the first time only', () => {
    const keys = new RecentKeys();
    expect(keys.firstTime('a')).toBe(true);
    expect(keys.firstTime('a')).toBe(false);
    expect(keys.has('a')).toBe(true);
  });

  it('forgets the oldest keys beyond its capacity', () => {
    const keys = new RecentKeys(2);
    keys.firstTime('a');
    keys.firstTime('b');
    keys.firstTime('c');
    expect(keys.has('a')).toBe(false);
    expect(keys.firstTime('b')).toBe(false);
    expect(keys.snapshot()).toEqual(['b', 'c']);
  });

  it('survives a restart through snapshot and restore, keeping the newest', () => {
    const before = new RecentKeys(3);
    for (const k of ['a', 'b', 'c']) before.firstTime(k);
    const after = new RecentKeys(2);
    after.restore(before.snapshot());
    expect(after.snapshot()).toEqual(['b', 'c']);
    expect(after.firstTime('c')).toBe(false);
  });
});
