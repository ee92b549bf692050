import { describe, expect, it } from 'vitest';
import { clearTrade } from '../../../sandbox/core/clearing';
import { SandboxCore } from '../../../sandbox/core/core';
import { COLLATERAL, HOUSE_PROFILE_ID } from '../../../sandbox/core/ledger';
import type { OrderRecord } from '../../../sandbox/core/orders';

const BTC = 'sandbox-btc-100k';

/** A seeded exchange, alice's taker order against the book, and the engine's fills for it. */
function setup(side: 'BUY' | 'SELL', contracts: bigint) {
  const core = new SandboxCore({ seed: 7 });
  core.close();
  const market = core.markets.bySlug(BTC);
  const alice = core.accounts.byLabel('alice');
  if (!market?.tokens || !alice) throw new Error('the seeded market and alice exist');
  const template = core.orders.accepted().find((o) => o.marketSlug === BTC) as OrderRecord;
  const priceMillis = side === 'BUY' ? 990n : 10n;
  const taker: OrderRecord = {
    ...structuredClone(template),
    id: 'taker-1',
    clientOrderId: 'c-1',
    ownerId: alice.profileId,
    callerProfileId: alice.profileId,
    orderType: 'FAK',
    side,
    outcome: 'YES',
    tokenId: market.tokens.yes,
    priceMillis,
    size: contracts,
    remaining: contracts,
    makerAmount: side === 'BUY' ? (contracts * priceMillis) / 1000n : contracts,
    feeRateBps: 300,
    postOnly: false,
    tradeEventIds: [],
  };
  const outcome = core.book(BTC)?.execute(core.takerOf(taker));
  if (outcome?.kind !== 'executed')
    throw new Error(`the seeded book fills alice: ${outcome?.kind}`);
  const fills = outcome.fills;
  let ids = 0;
  const input = {
    taker,
    owner: alice,
    market: { ...market, tokens: market.tokens, feesEnabled: true },
    tradeEventId: 'trade-1',
    fills,
    at: 1_700_000_000_000,
    maker: (id: string) => {
      const order = core.orders.get(id);
      const owner = order?.ownerId != null ? core.accounts.byId(order.ownerId) : undefined;
      return order && owner ? { order, owner } : undefined;
    },
    closeInfo: (...args: Parameters<typeof core.ledger.closeInfo>) =>
      core.ledger.closeInfo(...args),
    newId: () => `id-${++ids}`,
  };
  return { core, alice, market, taker, fills, input };
}

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe('clearTrade: one taker execution cleared without changing anything', () => {
  it('changes no balance, no maker order and no taker order: the caller books the result', () => {
    const { core, taker, fills, input } = setup('BUY', 50_000_000n);
    expect(fills.length).toBeGreaterThan(0);
    const makers = fills.map((f) => structuredClone(core.orders.get(f.maker.id)));
    const before = structuredClone(taker);
    const balance = core.ledger.balance(input.owner.profileId, COLLATERAL);
    clearTrade(input);
    expect(core.ledger.balance(input.owner.profileId, COLLATERAL)).toBe(balance);
    expect(fills.map((f) => core.orders.get(f.maker.id))).toEqual(makers);
    expect(taker).toEqual(before);
  });

  it('a BUY: the taker pays each fill, receives the contracts net of the fee, the house the fee; nothing is created', () => {
    const { alice, market, fills, input } = setup('BUY', 50_000_000n);
    const { trade, makerFills, makerMatches, fillEvents } = clearTrade(input);
    const yes = market.tokens?.yes ?? '';
    const of = (profileId: number, asset: string) =>
      sum(
        trade.deltas
          .filter((d) => d.profileId === profileId && d.asset === asset)
          .map((d) => d.amount),
      );
    expect(of(alice.profileId, COLLATERAL)).toBe(-sum(fills.map((f) => f.takerCollateral)));
    const houseFee = of(HOUSE_PROFILE_ID, yes);
    expect(houseFee).toBeGreaterThan(0n);
    expect(of(alice.profileId, yes) + houseFee).toBe(sum(fills.map((f) => f.contracts)));
    // Collateral and every token are conserved across taker, makers and house.
    for (const asset of new Set(trade.deltas.map((d) => d.asset))) {
      expect(sum(trade.deltas.filter((d) => d.asset === asset).map((d) => d.amount))).toBe(0n);
    }
    expect(trade.legs.filter((l) => l.role === 'TAKER')).toHaveLength(fills.length);
    expect(trade.legs.filter((l) => l.role === 'MAKER')).toHaveLength(fills.length);
    expect(makerFills.map((m) => m.remainingAfter)).toEqual(fills.map((f) => f.makerRemaining));
    expect(makerMatches.map((m) => m.matchedSize)).toEqual(
      fills.map((f) => f.contracts.toString()),
    );
    expect(fillEvents.map((e) => e.taker.fee)).toEqual(
      trade.legs.filter((l) => l.role === 'TAKER').map((l) => l.fee),
    );
  });

  it('a SELL: the maker pays from its reservation, the taker receives net of the fee and closes at its cost basis', () => {
    const { alice, fills, input } = setup('SELL', 30_000_000n);
    const { trade, makerFills, fillEvents } = clearTrade(input);
    expect(fills.length).toBeGreaterThan(0);
    const takerCollateral = sum(
      trade.deltas
        .filter((d) => d.profileId === alice.profileId && d.asset === COLLATERAL)
        .map((d) => d.amount),
    );
    const houseCollateral = sum(
      trade.deltas
        .filter((d) => d.profileId === HOUSE_PROFILE_ID && d.asset === COLLATERAL)
        .map((d) => d.amount),
    );
    expect(takerCollateral + houseCollateral).toBe(sum(fills.map((f) => f.takerCollateral)));
    expect(
      makerFills.every(
        (m) => m.reservationUsed === (m.maker.side === 'BUY' ? m.collateral : m.contracts),
      ),
    ).toBe(true);
    expect(fillEvents.every((e) => e.taker.close !== null && e.taker.close.costBasis > 0n)).toBe(
      true,
    );
  });
});
