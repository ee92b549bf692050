import { describe, expect, it } from 'vitest';
import { HeldOrders } from '../../../sandbox/engine/delay';

describe('taker-delay hold queue', () => {
  it('releases nothing before eligibility and each order once after it', () => {
    const held = new HeldOrders<{ id: string }>();
    held.hold({ id: 'a' }, 1_000);
    held.hold({ id: 'b' }, 2_000);
    expect(held.due(999)).toEqual([]);
    expect(held.due(1_500).map((o) => o.id)).toEqual(['a']);
    expect(held.due(5_000).map((o) => o.id)).toEqual(['b']);
    expect(held.due(9_000)).toEqual([]);
  });

  it('a cancelled held order is never released', () => {
    const held = new HeldOrders<{ id: string }>();
    held.hold({ id: 'a' }, 1_000);
    expect(held.cancel('a')?.id).toBe('a');
    expect(held.cancel('a')).toBeUndefined();
    expect(held.due(2_000)).toEqual([]);
  });

  it('releases in order of eligibility', () => {
    const held = new HeldOrders<{ id: string }>();
    held.hold({ id: 'late' }, 3_000);
    held.hold({ id: 'early' }, 1_000);
    expect(held.due(4_000).map((o) => o.id)).toEqual(['early', 'late']);
  });
});
