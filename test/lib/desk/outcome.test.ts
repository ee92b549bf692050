import { describe, expect, it } from 'vitest';
import type { OmeOrderEvent, SettlementOrderEvent } from '../../../lib/core/api/events';
import { Execution, OrderStatus } from '../../../lib/core/api/orders';
import {
  cancelledState,
  fillFromSettlement,
  placementTrade,
  requestedContracts,
  settlementTrade,
  stateAfterFill,
  stateFromExecution,
  stateFromOmeEvent,
  stateFromStatus,
  statusFilled,
  stoppedState,
  summarize,
} from '../../../lib/desk/outcome';
import type { IntentView } from '../../../lib/protocol/intent';
import { intentView } from '../protocol/fixtures';
import { C, ome, settlement } from './setup';

const view = (over: Partial<IntentView> = {}) =>
  intentView({ state: 'sending', filledContractsRaw: '0', filledCollateralRaw: '0', ...over });
const fakBuy10 = (over: Partial<IntentView> = {}) =>
  view({ orderType: 'FAK', price: 0.5, requestedRaw: '10000000', ...over });
const gtc10 = (over: Partial<IntentView> = {}) =>
  view({ orderType: 'GTC', price: 0.5, requestedRaw: '10000000', ...over });
const fokBuy5 = (over: Partial<IntentView> = {}) =>
  view({ orderType: 'FOK', price: null, requestedRaw: '5000000', ...over });

const execution = (settlementStatus: Execution['settlementStatus'], extra: object = {}) =>
  Execution.parse({
    matched: false,
    settlementStatus,
    feeRateBps: 0,
    effectiveFeeBps: 0,
    totalsRaw: {
      contractsGross: '0',
      contractsFee: '0',
      contractsNet: '0',
      usdGross: '0',
      usdFee: '0',
      usdNet: '0',
    },
    ...(settlementStatus === 'DELAYED' ? { eligibleAt: '2026-11-22T08:00:03.000Z' } : {}),
    ...extra,
  });

const status = (s: OrderStatus['status'], filled: bigint, extra: Partial<OrderStatus> = {}) =>
  OrderStatus.parse({
    orderId: 'o',
    clientOrderId: 'c-1',
    status: s,
    settlementStatus: 'MATCHED',
    remainingSize: '0',
    filledSize: filled.toString(),
    ...extra,
  });

describe('stateFromExecution', () => {
  it.each([
    ['FAK', 'MATCHED', 10n * C, 'filled'],
    ['FAK', 'MATCHED', 4n * C, 'partially-filled'],
    ['FAK', 'MINED', 10n * C, 'filled'],
    ['GTC', 'MATCHED', 4n * C, 'resting'],
    ['GTC', 'MATCHED', 10n * C, 'filled'],
    ['FOK', 'MATCHED', 9n * C, 'filled'],
    ['FAK', 'UNMATCHED', 0n, 'killed'],
    ['GTC', 'UNMATCHED', 0n, 'resting'],
    ['FOK', 'DELAYED', 0n, 'delayed'],
    ['FAK', 'FAILED', 10n * C, 'failed'],
    ['GTC', 'CANCELED', 0n, 'cancelled'],
  ] as const)('%s %s with %s filled → %s', (orderType, settlementStatus, filled, state) => {
    const base = orderType === 'FOK' ? fokBuy5() : orderType === 'GTC' ? gtc10() : fakBuy10();
    expect(stateFromExecution(base, execution(settlementStatus), filled)).toBe(state);
  });

  it('a settlementStatus this version does not know → reconciling (ask), whatever was filled', () => {
    for (const [base, filled] of [
      [fakBuy10(), 10n * C],
      [gtc10(), 0n],
      [fokBuy5(), 0n],
    ] as const) {
      expect(stateFromExecution(base, execution('UNRECOGNIZED'), filled)).toBe('reconciling');
    }
  });

  it('CANCELED with STP_TAKER_REJECTED → stp-cancelled', () => {
    expect(
      stateFromExecution(fakBuy10(), execution('CANCELED', { reason: 'STP_TAKER_REJECTED' }), 0n),
    ).toBe('stp-cancelled');
  });
});

describe('stateFromStatus', () => {
  it.each([
    ['UNKNOWN', fakBuy10(), 0n, {}, null],
    ['DELAYED', fokBuy5(), 0n, { settlementStatus: 'DELAYED' }, 'delayed'],
    ['OPEN', gtc10(), 0n, { settlementStatus: 'UNMATCHED' }, 'resting'],
    ['FILLED', fakBuy10(), 10n * C, {}, 'filled'],
    ['PARTIALLY_FILLED', gtc10(), 4n * C, { remainingSize: '6000000' }, 'resting'],
    ['PARTIALLY_FILLED', fakBuy10(), 4n * C, {}, 'partially-filled'],
    ['CANCELED', fakBuy10(), 0n, { settlementStatus: 'CANCELED' }, 'killed'],
    ['CANCELED', gtc10(), 0n, { settlementStatus: 'CANCELED' }, 'cancelled'],
    ['CANCELED', fakBuy10(), 4n * C, {}, 'partially-filled'],
    ['FILLED', fakBuy10(), 10n * C, { settlementStatus: 'FAILED' }, 'failed'],
    // The order status decides; a settlement status we cannot read does not change it.
    ['FILLED', fakBuy10(), 10n * C, { settlementStatus: 'UNRECOGNIZED' }, 'filled'],
    ['OPEN', gtc10(), 0n, { settlementStatus: 'UNRECOGNIZED' }, 'resting'],
    // An order status we cannot read: known to the exchange, so ask again (never resend).
    ['UNRECOGNIZED', gtc10(), 0n, { settlementStatus: 'UNRECOGNIZED' }, 'reconciling'],
    ['UNRECOGNIZED', fakBuy10(), 4n * C, {}, 'reconciling'],
  ] as const)('%s for %o → %s', (s, v, filled, extra, state) => {
    expect(stateFromStatus(v, status(s, filled, extra))).toBe(state);
  });
});

describe('stateFromOmeEvent', () => {
  const e = (type: OmeOrderEvent['type'], extra: Parameters<typeof ome>[2] = {}) =>
    ome({ clientOrderId: 'c-1', orderId: 'o' }, type, extra) as OmeOrderEvent;

  it('PLACEMENT and UPDATE put only a GTC on the book', () => {
    expect(stateFromOmeEvent(gtc10({ state: 'delayed' }), e('PLACEMENT'), 0n)).toBe('resting');
    expect(stateFromOmeEvent(fakBuy10({ state: 'delayed' }), e('PLACEMENT'), 0n)).toBeNull();
    expect(stateFromOmeEvent(gtc10({ state: 'delayed' }), e('UPDATE'), 0n)).toBe('resting');
    expect(stateFromOmeEvent(gtc10({ state: 'resting' }), e('UPDATE'), 0n)).toBeNull();
    expect(stateFromOmeEvent(fokBuy5({ state: 'delayed' }), e('UPDATE'), 0n)).toBeNull();
  });

  it('CANCELLATION: cancelled, stp-cancelled for either STP reason, or the fill so far', () => {
    expect(stateFromOmeEvent(fakBuy10(), e('CANCELLATION', { reason: 'canceled' }), 0n)).toBe(
      'cancelled',
    );
    expect(
      stateFromOmeEvent(gtc10(), e('CANCELLATION', { reason: 'STP_MAKER_CANCELLED' }), 0n),
    ).toBe('stp-cancelled');
    expect(
      stateFromOmeEvent(fakBuy10(), e('CANCELLATION', { reason: 'STP_TAKER_REJECTED' }), 0n),
    ).toBe('stp-cancelled');
    expect(stateFromOmeEvent(gtc10(), e('CANCELLATION'), 4n * C)).toBe('partially-filled');
  });

  it('EXECUTION: FILLED, KILLED, and PARTIALLY_FILLED by order type', () => {
    expect(stateFromOmeEvent(fakBuy10(), e('EXECUTION', { status: 'FILLED' }), 0n)).toBe('filled');
    expect(stateFromOmeEvent(fakBuy10(), e('EXECUTION', { status: 'KILLED' }), 0n)).toBe('killed');
    expect(stateFromOmeEvent(fakBuy10(), e('EXECUTION', { status: 'KILLED' }), C)).toBe(
      'partially-filled',
    );
    expect(stateFromOmeEvent(gtc10(), e('EXECUTION', { status: 'PARTIALLY_FILLED' }), C)).toBe(
      'resting',
    );
    expect(stateFromOmeEvent(fakBuy10(), e('EXECUTION', { status: 'PARTIALLY_FILLED' }), C)).toBe(
      'partially-filled',
    );
  });
});

describe('final states', () => {
  it('stoppedState: filled, partially filled, STP, or killed/cancelled by type', () => {
    expect(stoppedState(fakBuy10(), 10n * C, false)).toBe('filled');
    expect(stoppedState(fakBuy10(), C, false)).toBe('partially-filled');
    expect(stoppedState(fakBuy10(), 0n, true)).toBe('stp-cancelled');
    expect(stoppedState(fakBuy10(), 0n, false)).toBe('killed');
    expect(stoppedState(gtc10(), 0n, false)).toBe('cancelled');
    expect(stoppedState(fokBuy5(), 1n, false)).toBe('filled');
  });

  it('cancelledState: a cancelled FAK/FOK is cancelled, never "killed"', () => {
    expect(cancelledState(fokBuy5(), 0n, false)).toBe('cancelled');
    expect(cancelledState(fakBuy10(), 0n, true)).toBe('stp-cancelled');
    expect(cancelledState(gtc10(), 4n * C, false)).toBe('partially-filled');
  });

  it('stateAfterFill: a GTC rests until complete; a released FAK/FOK ends', () => {
    expect(stateAfterFill(gtc10({ state: 'resting' }), 4n * C)).toBe('resting');
    expect(stateAfterFill(gtc10({ state: 'resting' }), 10n * C)).toBe('filled');
    expect(stateAfterFill(fakBuy10({ state: 'delayed' }), 4n * C)).toBe('partially-filled');
    expect(stateAfterFill(fakBuy10({ state: 'killed' }), 4n * C)).toBe('partially-filled');
    expect(stateAfterFill(fakBuy10({ state: 'sending' }), 4n * C)).toBe('sending');
  });

  it('requestedContracts: none for a FOK BUY (it spends money), the size otherwise', () => {
    expect(requestedContracts(fokBuy5())).toBeNull();
    expect(requestedContracts(fakBuy10())).toBe(10n * C);
    expect(requestedContracts(view({ orderType: 'FOK', side: 'SELL', requestedRaw: '3' }))).toBe(
      3n,
    );
  });
});

describe('fillFromSettlement', () => {
  const taker = { clientOrderId: 'c-1', orderId: 'o' };
  const ev = (matches: { orderId: string; matchedSize: bigint; price: string }[]) =>
    settlement('MATCHED', taker, matches) as SettlementOrderEvent;

  it('as the taker, sums every match at its price', () => {
    expect(
      fillFromSettlement(
        ev([
          { orderId: 'm1', matchedSize: 2n * C, price: '0.55' },
          { orderId: 'm2', matchedSize: 3n * C, price: '0.561' },
        ]),
        'o',
        'c-1',
        600n,
        'BUY',
      ),
    ).toEqual({ contracts: 5n * C, collateral: 1_100_000n + 1_683_000n, fee: 0n });
  });

  it('as the taker, charges the fee per match, rounded down: contracts on a BUY, money on a SELL', () => {
    const matches = ev([
      { orderId: 'm1', matchedSize: 2_000_050n, price: '0.5' },
      { orderId: 'm2', matchedSize: 3_000_099n, price: '0.5' },
    ]);
    // 1 %: 20,000.5 → 20,000 and 30,000.99 → 30,000 (the sum's floor would be 50,001).
    expect(fillFromSettlement(matches, 'o', 'c-1', null, 'BUY', 100)?.fee).toBe(50_000n);
    // SELL: 1 % of what each match pays the taker (1,000,025 and 1,500,049, rounded down).
    expect(fillFromSettlement(matches, 'o', 'c-1', null, 'SELL', 100)?.fee).toBe(10_000n + 15_000n);
    expect(fillFromSettlement(matches, 'o', 'c-1', null, 'BUY', 0)?.fee).toBe(0n);
  });

  it('rounds as the exchange settles: a buying taker pays up, a selling maker receives up', () => {
    const odd = [{ orderId: 'm1', matchedSize: 1001n, price: '0.333' }];
    // 333.333 raw: the taker that bought pays 334, one that sold receives 333.
    expect(fillFromSettlement(ev(odd), 'o', 'c-1', 333n, 'BUY')?.collateral).toBe(334n);
    expect(fillFromSettlement(ev(odd), 'o', 'c-1', 333n, 'SELL')?.collateral).toBe(333n);
    const asMaker = settlement('MATCHED', { clientOrderId: 'x', orderId: 'y' }, [
      { orderId: 'mine', matchedSize: 1001n, price: '0.333' },
    ]) as SettlementOrderEvent;
    expect(fillFromSettlement(asMaker, 'mine', 'c-1', 333n, 'SELL')?.collateral).toBe(334n);
    expect(fillFromSettlement(asMaker, 'mine', 'c-1', 333n, 'BUY')?.collateral).toBe(333n);
  });

  it('as a maker, counts only its own match, at its own limit', () => {
    const event = settlement('MATCHED', { clientOrderId: 'theirs', orderId: 'their-order' }, [
      { orderId: 'mine', matchedSize: 2n * C, price: '0.45' },
      { orderId: 'other', matchedSize: 9n * C, price: '0.45' },
    ]) as SettlementOrderEvent;
    expect(fillFromSettlement(event, 'mine', 'c-1', 400n, 'BUY', 100)).toEqual({
      contracts: 2n * C,
      collateral: 800_000n,
      fee: 0n,
    });
    expect(fillFromSettlement(event, 'not-there', 'c-2', 400n, 'BUY')).toBeNull();
  });
});

describe('counting fills: each trade once, totals only ever grow', () => {
  const taker = { clientOrderId: 'c-1', orderId: 'o' };
  const matched = settlement('MATCHED', taker, [
    { orderId: 'm1', matchedSize: 2n * C, price: '0.5' },
  ]) as SettlementOrderEvent;
  const mine = fakBuy10({
    clientOrderId: 'c-1',
    orderId: 'o',
    filledContractsRaw: String(C),
    filledCollateralRaw: '500000',
  });

  it('a settlement event adds its trade to what was filled, once', () => {
    const trade = settlementTrade(mine, [], matched);
    expect(trade).toEqual({
      tradeEventId: matched.tradeEventId,
      filled: { contractsRaw: 3n * C, collateralRaw: 1_500_000n, feeRaw: 0n, feeBps: null },
    });
    expect(settlementTrade(mine, [matched.tradeEventId], matched)).toBeNull();
    const failed = { ...matched, type: 'FAILED' } as SettlementOrderEvent;
    expect(settlementTrade(mine, [], failed)).toBeNull();
  });

  it('our placement answer counts its trade unless the event counted it first', () => {
    const answer = execution('MATCHED', {
      tradeEventId: 't-1',
      totalsRaw: {
        contractsGross: String(4n * C),
        contractsFee: '0',
        contractsNet: String(4n * C),
        usdGross: '2000000',
        usdFee: '0',
        usdNet: '2000000',
      },
    });
    expect(placementTrade(mine, [], answer)).toEqual({
      tradeEventId: 't-1',
      filled: { contractsRaw: 5n * C, collateralRaw: 2_500_000n, feeRaw: 0n, feeBps: 0 },
    });
    const known = { ...mine, feeBps: 0 };
    expect(placementTrade(known, ['t-1'], answer)).toBeNull();
    expect(placementTrade(known, [], execution('UNMATCHED'))).toBeNull();
  });

  const feeAnswer = (settlementStatus: Execution['settlementStatus'], extra: object = {}) =>
    execution(settlementStatus, { feeRateBps: 100, effectiveFeeBps: 100, ...extra });

  it('the answer gives the fee as the exchange counted it, and the rate later fills pay', () => {
    const answer = feeAnswer('MATCHED', {
      tradeEventId: 't-1',
      totalsRaw: {
        contractsGross: '11792452',
        contractsFee: '117924',
        contractsNet: '11674528',
        usdGross: '5000000',
        usdFee: '0',
        usdNet: '5000000',
      },
    });
    const fresh = fakBuy10();
    expect(placementTrade(fresh, [], answer)?.filled).toEqual({
      contractsRaw: 11_792_452n,
      collateralRaw: 5_000_000n,
      feeRaw: 117_924n,
      feeBps: 100,
    });
    // A delayed order's answer has no trade yet: it tells the rate its fills will pay.
    expect(placementTrade(fresh, [], feeAnswer('DELAYED'))).toEqual({
      tradeEventId: null,
      filled: { contractsRaw: 0n, collateralRaw: 0n, feeRaw: 0n, feeBps: 100 },
    });
    // The event came first, before the rate was known, and counted no fee: the answer adds it.
    const early = fakBuy10({ filledContractsRaw: '11792452', filledCollateralRaw: '5000000' });
    expect(placementTrade(early, ['t-1'], answer)).toEqual({
      tradeEventId: null,
      filled: {
        contractsRaw: 11_792_452n,
        collateralRaw: 5_000_000n,
        feeRaw: 117_924n,
        feeBps: 100,
      },
    });
  });

  it('a settlement event of a released order charges the rate its answer gave', () => {
    const released = fakBuy10({ state: 'delayed', feeBps: 100, filledFeeRaw: '0' });
    const fill = settlement('MATCHED', taker, [
      { orderId: 'm1', matchedSize: 11_792_452n, price: '0.424' },
    ]) as SettlementOrderEvent;
    expect(settlementTrade(released, [], fill)?.filled).toMatchObject({
      contractsRaw: 11_792_452n,
      feeRaw: 117_924n,
      feeBps: 100,
    });
  });

  it('a status answer only raises the totals: contracts valued at the limit, a FOK BUY in money', () => {
    expect(statusFilled(mine, 4n * C)).toEqual({
      contractsRaw: 4n * C,
      collateralRaw: 2_000_000n,
      feeRaw: 0n,
      feeBps: null,
    });
    // A FAK takes: the added contracts pay the rate (1 % of 3 contracts).
    expect(statusFilled({ ...mine, feeBps: 100 }, 4n * C)?.feeRaw).toBe(30_000n);
    expect(statusFilled(mine, C)).toBeNull();
    expect(statusFilled(mine, 0n)).toBeNull();
    const fok = fokBuy5({ filledCollateralRaw: '1000000' });
    expect(statusFilled(fok, 3_000_000n)).toEqual({
      contractsRaw: 0n,
      collateralRaw: 3_000_000n,
      feeRaw: 0n,
      feeBps: null,
    });
    expect(statusFilled(fok, 1_000_000n)).toBeNull();
  });
});

describe('summarize', () => {
  it.each([
    [
      { state: 'filled', filledContractsRaw: '17540000', filledCollateralRaw: '10000000' },
      'filled 17.54 YES at 57.01¢ for $10.00',
    ],
    [
      { state: 'partially-filled', filledContractsRaw: '4000000', filledCollateralRaw: '2000000' },
      'partially filled 4 YES at 50¢ for $2.00',
    ],
    [
      { state: 'filled', filledContractsRaw: '10000000', filledCollateralRaw: '0' },
      'filled 10 YES',
    ],
    [{ state: 'filled', filledContractsRaw: '0', filledCollateralRaw: '5000000' }, 'filled'],
    [{ state: 'resting' }, 'resting on the book'],
    [
      { state: 'resting', filledContractsRaw: '4000000', filledCollateralRaw: '1600000' },
      'resting, 4 YES at 40¢ for $1.60 filled so far',
    ],
    [
      {
        state: 'filled',
        filledContractsRaw: '11792452',
        filledCollateralRaw: '5000000',
        filledFeeRaw: '117924',
      },
      'filled 11.67 YES at 42.83¢ for $5.00, fee 0.11 YES',
    ],
    [
      {
        state: 'filled',
        side: 'SELL',
        filledContractsRaw: '10000000',
        filledCollateralRaw: '5000000',
        filledFeeRaw: '50000',
      },
      'filled 10 YES at 49.5¢ for $4.95, fee $0.05',
    ],
    [{ state: 'delayed', eligibleAt: null }, 'delayed'],
    [{ state: 'rejected', error: null }, 'rejected: no reason given'],
    [
      { state: 'failed', error: { kind: 'unavailable', message: 'Nothing was placed.' } },
      'failed: Nothing was placed.',
    ],
    [{ state: 'cancelled' }, 'cancelled'],
    [{ state: 'stp-cancelled' }, 'cancelled by self-trade prevention'],
    [{ state: 'killed' }, 'not filled (no liquidity within the limit)'],
    [{ state: 'preparing' }, 'preparing'],
    [{ state: 'sending' }, 'sending'],
    [{ state: 'reconciling' }, 'checking with the exchange'],
  ] as [Partial<IntentView>, string][])('%o reads %j', (over, sentence) => {
    expect(summarize(view(over))).toBe(sentence);
  });

  it('a delayed intent says until when, in local time', () => {
    const at = '2026-11-22T08:00:03.000Z';
    expect(summarize(view({ state: 'delayed', eligibleAt: at }))).toBe(
      `delayed until ${new Date(at).toLocaleTimeString()}`,
    );
  });

  it('names the NO outcome for a NO order', () => {
    expect(
      summarize(
        view({
          state: 'filled',
          outcome: 'NO',
          filledContractsRaw: '2000000',
          filledCollateralRaw: '900000',
        }),
      ),
    ).toBe('filled 2 NO at 45¢ for $0.90');
  });
});
