import { describe, expect, it } from 'vitest';
import { openOrdersByMarket } from '../../../../components/popup/orders/orders';
import { openOrderCount } from '../../../../lib/core/api/clob-entries';
import type { Positions } from '../../../../lib/core/api/portfolio';
import { emptyPositions, positionsFixture } from '../fixtures';

describe('openOrdersByMarket', () => {
  it('gathers open orders of standalone and grouped markets, most recent market first', () => {
    const blocks = openOrdersByMarket(positionsFixture());
    expect(blocks.map((b) => [b.slug, b.groupTitle, b.orders.length])).toEqual([
      ['sandbox-fed-cut', 'Fed in December', 1],
      ['will-it-rain-in-lisbon-tomorrow', null, 1],
    ]);
  });

  it('leaves out markets without open orders', () => {
    const blocks = openOrdersByMarket(positionsFixture());
    expect(blocks.some((b) => b.slug === 'sandbox-election-resolved')).toBe(false);
    expect(openOrdersByMarket(emptyPositions())).toEqual([]);
  });
});

describe('openOrderCount (the Orders tab)', () => {
  it('counts the orders the Orders screen lists, standalone and grouped', () => {
    const listed = (positions: Positions) =>
      openOrdersByMarket(positions).reduce((n, b) => n + b.orders.length, 0);
    const fixture = positionsFixture();
    expect(openOrderCount(fixture)).toBe(2);
    expect(openOrderCount(fixture)).toBe(listed(fixture));
    const [grouped] = fixture.group;
    const [first] = grouped?.positions ?? [];
    const more: Positions = {
      ...fixture,
      group: fixture.group.map((g) =>
        g === grouped && first
          ? { ...g, positions: [{ ...first, orders: [...first.orders, ...first.orders] }] }
          : g,
      ),
    };
    expect(openOrderCount(more)).toBe(listed(more));
    expect(openOrderCount(emptyPositions())).toBe(0);
  });
});
