import { afterEach, describe, expect, it } from 'vitest';
import { type RunningBots, startBots } from '../../../sandbox/bots';
import { SandboxCore } from '../../../sandbox/core/core';
import { flushTasks } from '../../support/flush';
import { eventually } from '../../wait';

/** Fast bots: 1 ms of real time per 100 ms of their schedule. */
const PACE = 0.01;

interface Run {
  core: SandboxCore;
  bots: RunningBots;
}
const runs: Run[] = [];

function run(seed: number): Run {
  // A long taker delay: no held order is released mid-test, so nothing depends on timing.
  const core = new SandboxCore({ seed, settleMs: 10, takerDelayMs: 600_000 });
  const bots = startBots(core, { seed, pace: PACE });
  const r = { core, bots };
  runs.push(r);
  return r;
}

afterEach(async () => {
  for (const r of runs.splice(0)) {
    await r.bots.stop();
    r.core.close();
  }
});

/** The bots' orders (the seeded starting quotes are the unsigned ones). */
const placed = (core: SandboxCore) => core.orders.all().filter((o) => o.signature !== null);

/** What makes an order the same order: everything but ids and times. */
const shape = (core: SandboxCore) =>
  placed(core).map((o) => ({
    owner: o.ownerId,
    market: o.marketSlug,
    type: o.orderType,
    side: o.side,
    outcome: o.outcome,
    price: o.price,
    makerAmount: o.makerAmount,
    takerAmount: o.takerAmount,
    salt: o.salt,
    postOnly: o.postOnly,
  }));

describe('bots', () => {
  it('the same seed places the same first orders, a different seed other ones', async () => {
    const a = run(7);
    const b = run(7);
    const c = run(8);
    const N = 40;
    await eventually(() => [a, b, c].every((r) => placed(r.core).length >= N));
    expect(shape(a.core).slice(0, N)).toEqual(shape(b.core).slice(0, N));
    expect(shape(a.core).slice(0, N)).not.toEqual(shape(c.core).slice(0, N));
  });

  it('every order is signed by the bot key and accepted; makers quote both outcomes, takers use FAK and FOK', async () => {
    const { core } = run(3);
    await eventually(() => placed(core).filter((o) => o.orderType !== 'GTC').length >= 6);
    const orders = placed(core);
    expect(orders.every((o) => o.signatureValid === true && o.state !== 'REJECTED')).toBe(true);
    const makers = orders.filter((o) => o.orderType === 'GTC');
    expect(makers.every((o) => o.postOnly)).toBe(true);
    expect(new Set(makers.map((o) => `${o.side} ${o.outcome}`))).toEqual(
      new Set(['BUY YES', 'SELL YES', 'BUY NO', 'SELL NO']),
    );
    const takers = orders.filter((o) => o.orderType !== 'GTC');
    expect(takers.every((o) => [303, 304, 305].includes(o.ownerId ?? 0))).toBe(true);
  });

  it('they move prices: quotes follow a drifting midpoint and takers trade', async () => {
    const { core } = run(5);
    const start = new Map(core.markets.list().map((m) => [m.slug, m.lastMidMillis]));
    let fills = 0;
    core.events.on('fill', () => fills++);
    await eventually(
      () => fills >= 3 && core.markets.list().some((m) => m.lastMidMillis !== start.get(m.slug)),
    );
    // The seeded quotes are replaced by the makers' own.
    const seeded = core.orders.all().filter((o) => o.signature === null);
    expect(seeded.some((o) => o.state === 'CANCELED')).toBe(true);
  });

  it("the AMM market's pool price drifts, each move sent as newPriceData", async () => {
    const { core } = run(5);
    const AMM = 'sandbox-rain-amm';
    const moves: { marketSlug: string; prices: [number, number] }[] = [];
    core.events.on('ammPrice', (e) => moves.push(e));
    await eventually(() => moves.length >= 2);
    expect(moves.every((m) => m.marketSlug === AMM)).toBe(true);
    // Only changes are sent: two moves in a row never carry the same price.
    expect(moves[1]?.prices[0]).not.toBe(moves[0]?.prices[0]);
    const last = moves[moves.length - 1];
    expect(last?.prices[0]).toBe(Number(core.amm.priceMillis(AMM)) / 1000);
  });

  it('stop() ends them cleanly: nothing is placed afterwards', async () => {
    const r = run(9);
    await eventually(() => placed(r.core).length >= 10);
    const count = placed(r.core).length;
    // stop() resolves once the loop itself has returned: the turn in progress was the last.
    await r.bots.stop();
    expect(placed(r.core).length - count).toBeLessThanOrEqual(1);
    const after = placed(r.core).length;
    await flushTasks();
    expect(placed(r.core).length).toBe(after);
  });

  it('keeps the bots funded', async () => {
    const { core } = run(11);
    const taker = core.accounts.byLabel('bot-taker-1').profileId;
    // Drain the taker: the next turn tops it up before trading.
    core.ledger.credit(taker, 'collateral', -core.ledger.balance(taker, 'collateral'));
    await eventually(() => core.ledger.available(taker, 'collateral') >= 100_000_000_000n);
  });
});
