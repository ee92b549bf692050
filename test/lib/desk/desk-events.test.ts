import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SessionJournal } from '../../../lib/desk/journal';
import type { IntentState, IntentView } from '../../../lib/protocol/intent';
import { C, fak, fokBuy, gtc, ome, rig, settle, settlement, spec } from './setup';

beforeEach(() => {
  fakeBrowser.reset();
});

const statesOf = (changes: IntentView[], id: string): IntentState[] =>
  changes
    .filter((v) => v.clientOrderId === id)
    .map((v) => v.state)
    .filter((s, i, all) => i === 0 || all[i - 1] !== s);

async function restingGtc(price = '0.4', contracts = 10n * C) {
  const r = rig();
  r.exchange.fill = () => ({ settlementStatus: 'UNMATCHED', status: 'OPEN' });
  const view = await r.desk.place(spec(gtc('BUY', price, contracts)));
  expect(view.state).toBe('resting');
  return { ...r, view };
}

async function delayed(amounts = fokBuy()) {
  const r = rig();
  r.exchange.fill = () => ({
    settlementStatus: 'DELAYED',
    eligibleAt: '2026-11-22T08:00:03.000Z',
  });
  const view = await r.desk.place(spec(amounts));
  expect(view.state).toBe('delayed');
  return { ...r, view };
}

describe('OrderDesk: OME events', () => {
  it('PLACEMENT of a released GTC: resting', async () => {
    const { desk, view } = await delayed(gtc('BUY', '0.6', 10n * C));
    desk.handleOrderEvent(ome(view, 'PLACEMENT'));
    expect(desk.view(view.clientOrderId)?.state).toBe('resting');
  });

  it('UPDATE of a released GTC: resting; of a resting one: no change', async () => {
    const { desk, view } = await delayed(gtc('BUY', '0.6', 10n * C));
    desk.handleOrderEvent(ome(view, 'UPDATE'));
    expect(desk.view(view.clientOrderId)?.state).toBe('resting');
    desk.handleOrderEvent(ome(view, 'UPDATE'));
    expect(desk.view(view.clientOrderId)?.state).toBe('resting');
  });

  it('CANCELLATION of a resting order: cancelled', async () => {
    const { desk, view } = await restingGtc();
    desk.handleOrderEvent(ome(view, 'CANCELLATION', { reason: 'canceled by owner' }));
    expect(desk.view(view.clientOrderId)?.state).toBe('cancelled');
  });

  it('CANCELLATION by self-trade prevention: stp-cancelled', async () => {
    const { desk, view } = await restingGtc();
    desk.handleOrderEvent(ome(view, 'CANCELLATION', { reason: 'STP_MAKER_CANCELLED' }));
    expect(desk.view(view.clientOrderId)?.state).toBe('stp-cancelled');
  });

  it('CANCELLATION of a released taker rejected by STP: stp-cancelled, not "no liquidity"', async () => {
    const { desk, view } = await delayed(fak('BUY', '0.5', 10n * C));
    desk.handleOrderEvent(ome(view, 'PLACEMENT'));
    desk.handleOrderEvent(ome(view, 'CANCELLATION', { reason: 'STP_TAKER_REJECTED' }));
    expect(desk.view(view.clientOrderId)?.state).toBe('stp-cancelled');
  });

  it('EXECUTION PARTIALLY_FILLED keeps a GTC resting; FILLED ends it', async () => {
    const { desk, view } = await restingGtc();
    desk.handleOrderEvent(ome(view, 'EXECUTION', { status: 'PARTIALLY_FILLED' }));
    expect(desk.view(view.clientOrderId)?.state).toBe('resting');
    desk.handleOrderEvent(ome(view, 'EXECUTION', { status: 'FILLED' }));
    expect(desk.view(view.clientOrderId)?.state).toBe('filled');
  });

  it('EXECUTION KILLED of a released FAK with no fill: killed', async () => {
    const { desk, view } = await delayed(fak('BUY', '0.5', 10n * C));
    desk.handleOrderEvent(ome(view, 'PLACEMENT'));
    desk.handleOrderEvent(ome(view, 'EXECUTION', { status: 'KILLED', reason: 'no liquidity' }));
    expect(desk.view(view.clientOrderId)?.state).toBe('killed');
  });

  it('a released order fill is counted net of the fee at the rate its answer gave', async () => {
    // The fake exchange answers every order with effectiveFeeBps 30; a DELAYED answer
    // carries no trade, so the fill comes by event, without its fee.
    const { desk, view } = await delayed(fokBuy());
    expect(desk.view(view.clientOrderId)?.feeBps).toBe(30);
    desk.handleOrderEvent(ome(view, 'EXECUTION', { status: 'FILLED' }));
    desk.handleOrderEvent(
      settlement('MATCHED', view as { clientOrderId: string; orderId: string }, [
        { orderId: 'maker-1', matchedSize: 10n * C, price: '0.5' },
      ]),
    );
    expect(desk.view(view.clientOrderId)).toMatchObject({
      state: 'filled',
      filledContractsRaw: '10000000',
      filledFeeRaw: '30000',
      summary: 'filled 9.97 YES at 50.15¢ for $5.00, fee 0.03 YES',
    });
  });

  it('a released FAK/FOK never shows as resting on the book', async () => {
    const { desk, view, changes } = await delayed(fokBuy());
    desk.handleOrderEvent(ome(view, 'PLACEMENT'));
    desk.handleOrderEvent(ome(view, 'EXECUTION', { status: 'FILLED' }));
    desk.handleOrderEvent(
      settlement('MATCHED', view as { clientOrderId: string; orderId: string }, [
        { orderId: 'maker-1', matchedSize: 10n * C, price: '0.5' },
      ]),
    );
    expect(statesOf(changes, view.clientOrderId)).not.toContain('resting');
    expect(desk.view(view.clientOrderId)).toMatchObject({
      state: 'filled',
      filledContractsRaw: '10000000',
      filledCollateralRaw: '5000000',
    });
  });

  it('ignores events of orders it does not know', async () => {
    const { desk, changes } = await restingGtc();
    const before = changes.length;
    desk.handleOrderEvent(
      ome({ clientOrderId: 'other', orderId: 'other-order' }, 'EXECUTION', { status: 'FILLED' }),
    );
    desk.handleOrderEvent(
      settlement('MATCHED', { clientOrderId: 'other', orderId: 'other-order' }, [
        { orderId: 'someone', matchedSize: C, price: '0.5' },
      ]),
    );
    expect(changes).toHaveLength(before);
  });
});

describe('OrderDesk: settlement events', () => {
  it('a maker fill counts contracts at the order’s own limit, once per trade', async () => {
    const { desk, view } = await restingGtc('0.4', 10n * C);
    const orderId = view.orderId ?? '';
    const taker = { clientOrderId: null, orderId: 'taker-1' };
    const fill = settlement('MATCHED', taker, [{ orderId, matchedSize: 4n * C, price: '0.6' }], {
      tradeEventId: 'te-1',
    });
    desk.handleOrderEvent(fill);
    // The same trade again, under another event id (the second source): counted once.
    desk.handleOrderEvent({ ...fill, eventId: 'another-source' });
    expect(desk.view(view.clientOrderId)).toMatchObject({
      state: 'resting',
      filledContractsRaw: '4000000',
      filledCollateralRaw: '1600000',
      summary: 'resting, 4 YES at 40¢ for $1.60 filled so far',
    });
    desk.handleOrderEvent(
      settlement('MATCHED', taker, [{ orderId, matchedSize: 6n * C, price: '0.6' }], {
        tradeEventId: 'te-2',
      }),
    );
    expect(desk.view(view.clientOrderId)).toMatchObject({
      state: 'filled',
      filledContractsRaw: '10000000',
      filledCollateralRaw: '4000000',
    });
  });

  it('a taker fill is counted at the match prices', async () => {
    const { desk, view } = await delayed(fak('BUY', '0.6', 10n * C));
    desk.handleOrderEvent(
      settlement('MATCHED', view as { clientOrderId: string; orderId: string }, [
        { orderId: 'm-1', matchedSize: 4n * C, price: '0.55' },
        { orderId: 'm-2', matchedSize: 6n * C, price: 0.58 },
      ]),
    );
    expect(desk.view(view.clientOrderId)).toMatchObject({
      state: 'filled',
      filledContractsRaw: '10000000',
      filledCollateralRaw: '5680000',
    });
  });

  it('MINED changes nothing; FAILED ends the intent failed with the reason', async () => {
    const { desk, view } = await delayed(fokBuy());
    const taker = view as { clientOrderId: string; orderId: string };
    const match = [{ orderId: 'm-1', matchedSize: 10n * C, price: '0.5' }];
    desk.handleOrderEvent(settlement('MATCHED', taker, match, { tradeEventId: 't' }));
    const filled = desk.view(view.clientOrderId);
    desk.handleOrderEvent(settlement('MINED', taker, match, { tradeEventId: 't' }));
    expect(desk.view(view.clientOrderId)?.state).toBe(filled?.state);
    desk.handleOrderEvent(
      settlement('FAILED', taker, match, { tradeEventId: 't', reason: 'reverted on chain' }),
    );
    expect(desk.view(view.clientOrderId)).toMatchObject({
      state: 'failed',
      summary:
        'failed: Refused by the exchange: settlement failed (reverted on chain); the trade was undone.',
    });
  });

  it('with the two sources out of order, a released FAK ends with the same amounts', async () => {
    for (const order of ['ome-first', 'settlement-first'] as const) {
      fakeBrowser.reset();
      const { desk, view } = await delayed(fak('BUY', '0.5', 10n * C));
      const taker = view as { clientOrderId: string; orderId: string };
      const events = [
        ome(view, 'EXECUTION', { status: 'PARTIALLY_FILLED' }),
        ome(view, 'EXECUTION', { status: 'KILLED', reason: 'Unfilled remainder killed' }),
      ];
      const matched = settlement('MATCHED', taker, [
        { orderId: 'm', matchedSize: 4n * C, price: '0.5' },
      ]);
      const all = order === 'ome-first' ? [...events, matched] : [matched, ...events];
      for (const e of all) desk.handleOrderEvent(e);
      expect(desk.view(view.clientOrderId), order).toMatchObject({
        state: 'partially-filled',
        filledContractsRaw: '4000000',
        filledCollateralRaw: '2000000',
      });
    }
  });

  it('events arriving before the placement answer fill in amounts but the answer decides, counted once', async () => {
    const { desk, exchange } = rig();
    const during: IntentState[] = [];
    exchange.onPlaced = (placed) => {
      const taker = { clientOrderId: placed.clientOrderId, orderId: placed.id };
      desk.handleOrderEvent(ome(taker, 'PLACEMENT'));
      desk.handleOrderEvent(ome(taker, 'EXECUTION', { status: 'FILLED' }));
      desk.handleOrderEvent(
        settlement('MATCHED', taker, [{ orderId: 'm', matchedSize: 10n * C, price: '0.5' }], {
          tradeEventId: `te-${placed.id}`,
        }),
      );
      during.push(desk.view(placed.clientOrderId)?.state ?? 'failed');
    };
    const view = await desk.place(spec(fokBuy(5n * C)));
    expect(during).toEqual(['sending']);
    expect(view).toMatchObject({
      state: 'filled',
      filledContractsRaw: '10000000',
      filledCollateralRaw: '5000000',
    });
  });

  it('journals what events changed', async () => {
    const { desk, view, area } = await restingGtc();
    desk.handleOrderEvent(ome(view, 'EXECUTION', { status: 'FILLED' }));
    await settle();
    const [stored] = await new SessionJournal(area).loadAll();
    expect(stored?.view.state).toBe('filled');
  });
});
