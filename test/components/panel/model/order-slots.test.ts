import { describe, expect, it } from 'vitest';
import { placeOrders } from '../../../../components/panel/model/order-slots';

describe('placeOrders', () => {
  it('lists the first rows in their order', () => {
    expect(placeOrders([], ['a', 'b'], false)).toEqual(['a', 'b']);
  });

  it('puts a new row below the others, whatever its place in the state', () => {
    expect(placeOrders(['a', 'b'], ['c', 'a', 'b'], false)).toEqual(['a', 'b', 'c']);
  });

  it('leaves a gap where a row left while the pointer is in the list', () => {
    expect(placeOrders(['a', 'b', 'c'], ['b', 'c'], false)).toEqual([null, 'b', 'c']);
    // Even at the end: the list scrolls, and a shorter one scrolled down moves every row.
    expect(placeOrders(['a', 'b'], ['a'], false)).toEqual(['a', null]);
  });

  it('never puts a new row in a slot another row just left', () => {
    expect(placeOrders([null, 'b'], ['b', 'c'], false)).toEqual([null, 'b', 'c']);
  });

  it('closes the gaps once the pointer is out of the list, in the same order', () => {
    expect(placeOrders([null, 'b', null, 'c'], ['c', 'b'], true)).toEqual(['b', 'c']);
  });
});
