import { describe, expect, it } from 'vitest';
import { openOrdersByMarket } from '../../../../components/popup/orders/orders';
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
