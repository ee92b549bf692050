import { describe, expect, it, vi } from 'vitest';
import { boundedMemo } from '../../../lib/core/bounded-memo';

describe('boundedMemo', () => {
  it('computes a key once while it is kept, null answers included', () => {
    const compute = vi.fn((key: string) => (key === 'none' ? null : key.length));
    const memo = boundedMemo(4, compute);
    expect(memo('abc')).toBe(3);
    expect(memo('abc')).toBe(3);
    expect(memo('none')).toBeNull();
    expect(memo('none')).toBeNull();
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps at most `limit` keys, forgetting the oldest first', () => {
    const compute = vi.fn((key: string) => key.toUpperCase());
    const memo = boundedMemo(2, compute);
    memo('a');
    memo('b');
    memo('c'); // 'a' goes
    expect(compute).toHaveBeenCalledTimes(3);
    memo('b');
    memo('c');
    expect(compute).toHaveBeenCalledTimes(3);
    expect(memo('a')).toBe('A');
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
