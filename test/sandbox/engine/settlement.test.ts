import { describe, expect, it } from 'vitest';
import { COLLATERAL, Ledger, type TradeRecord } from '../../../sandbox/core/ledger';
import {
  SettlementQueue,
  type SettlementResult,
  type SettlementTimers,
} from '../../../sandbox/engine/settlement';

/** Timers run by hand: no waiting in tests. */
function manualTimers() {
  const pending: (() => void)[] = [];
  const timers: SettlementTimers = {
    setTimeout: (fn) => {
      pending.push(fn);
      return pending.length - 1;
    },
    clearTimeout: () => {},
  };
  return {
    timers,
    runAll: () => {
      for (const fn of pending.splice(0)) fn();
    },
  };
}

function trade(id: string): TradeRecord {
  return {
    tradeEventId: id,
    marketSlug: 'm',
    takerOrderId: 'taker',
    deltas: [
      { profileId: 1, asset: COLLATERAL, amount: -500_000n },
      { profileId: 1, asset: 'yes', amount: 1_000_000n },
      { profileId: 2, asset: 'yes', amount: -1_000_000n },
      { profileId: 2, asset: COLLATERAL, amount: 500_000n },
    ],
    legs: [
      {
        id: `${id}-leg`,
        profileId: 1,
        orderId: 'taker',
        tradeEventId: id,
        marketSlug: 'm',
        outcome: 'YES',
        tokenId: 'yes',
        side: 'BUY',
        contracts: 1_000_000n,
        collateral: 500_000n,
        fee: 0n,
        priceMillis: 500n,
        role: 'TAKER',
        at: 0,
        failed: false,
      },
    ],
    status: 'MATCHED',
    txHash: null,
    at: 0,
  };
}

describe('settlement', () => {
  const setup = () => {
    const ledger = new Ledger();
    ledger.credit(1, COLLATERAL, 10_000_000n);
    ledger.credit(2, 'yes', 5_000_000n);
    const results: [string, SettlementResult][] = [];
    const { timers, runAll } = manualTimers();
    const queue = new SettlementQueue(
      100,
      (id, result) => {
        results.push([id, result]);
        if (result === 'MINED') ledger.markMined(id, `0x${id}`);
        else ledger.rollbackTrade(id);
      },
      timers,
    );
    return { ledger, results, queue, runAll };
  };

  it('a settled trade is MINED and its balances stay moved', () => {
    const { ledger, results, queue, runAll } = setup();
    ledger.applyTrade(trade('t1'));
    queue.schedule('t1');
    expect(results).toEqual([]);
    runAll();
    expect(results).toEqual([['t1', 'MINED']]);
    expect(ledger.balance(1, 'yes')).toBe(1_000_000n);
    expect(ledger.trade('t1')?.status).toBe('MINED');
  });

  it('a failed settlement rolls the balances and the position back', () => {
    const { ledger, results, queue, runAll } = setup();
    queue.failNext(1);
    ledger.applyTrade(trade('t1'));
    expect(ledger.position(1, 'm').YES.quantity).toBe(1_000_000n);
    queue.schedule('t1');
    runAll();
    expect(results).toEqual([['t1', 'FAILED']]);
    expect(ledger.balance(1, COLLATERAL)).toBe(10_000_000n);
    expect(ledger.balance(1, 'yes')).toBe(0n);
    expect(ledger.balance(2, 'yes')).toBe(5_000_000n);
    expect(ledger.position(1, 'm').YES.quantity).toBe(0n);
  });

  it('fails exactly the number of settlements asked for', () => {
    const { ledger, results, queue, runAll } = setup();
    queue.failNext(1);
    ledger.applyTrade(trade('t1'));
    ledger.applyTrade(trade('t2'));
    queue.schedule('t1');
    queue.schedule('t2');
    runAll();
    expect(results).toEqual([
      ['t1', 'FAILED'],
      ['t2', 'MINED'],
    ]);
  });
});
