import { describe, expect, it } from 'vitest';
import {
  openOrderRows,
  orderOutcome,
  pendingIntents,
  pressTitle,
} from '../../../../components/panel/model/orders';
import { intent, NO_TOKEN, panelState, userOrder } from './fixtures';

describe('orderOutcome', () => {
  it('tells YES from NO by token id', () => {
    const state = panelState();
    expect(orderOutcome(userOrder(), state)).toBe('YES');
    expect(orderOutcome(userOrder({ tokenId: NO_TOKEN }), state)).toBe('NO');
  });

  it('falls back on the desk intent that placed it when the tokens are unknown', () => {
    const state = panelState({
      market: null,
      intents: [intent({ clientOrderId: 'c-9', outcome: 'NO' })],
    });
    expect(orderOutcome(userOrder({ clientOrderId: 'c-9' }), state)).toBe('NO');
    expect(orderOutcome(userOrder(), state)).toBeNull();
  });
});

describe('openOrderRows', () => {
  it('describes each open order in one line', () => {
    const rows = openOrderRows(
      panelState({ openOrders: [userOrder({ remainingSize: '7500000' })] }),
      0,
    );
    expect(rows).toEqual([
      expect.objectContaining({ label: 'BUY YES 7.5 @ 55¢', outcome: 'YES', delayedUntil: null }),
    ]);
  });

  it('marks an order held by the taker delay until its eligibleAt', () => {
    const eligibleAt = '2030-01-01T00:00:03.000Z';
    const rows = openOrderRows(
      panelState({
        openOrders: [
          userOrder({ settlementStatus: 'DELAYED', eligibleAt, orderType: 'FOK', price: null }),
        ],
      }),
      Date.parse('2030-01-01T00:00:00.000Z'),
    );
    expect(rows[0]).toMatchObject({ delayedUntil: eligibleAt, label: 'BUY YES 10 @ market' });
  });
});

describe('pendingIntents and pressTitle', () => {
  it('lists the intents still waiting, delayed ones first', () => {
    const list = pendingIntents([
      intent({ clientOrderId: 'a', state: 'filled' }),
      intent({ clientOrderId: 'b', state: 'resting' }),
      intent({ clientOrderId: 'c', state: 'delayed' }),
    ]);
    expect(list.map((i) => i.clientOrderId)).toEqual(['c', 'b']);
  });

  it('names a press in the words of its button', () => {
    expect(pressTitle('BUY', 'YES', '$10')).toBe('Buy YES $10');
    expect(pressTitle('SELL', 'NO', '50%')).toBe('Sell NO 50%');
  });
});
