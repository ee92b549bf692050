import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KnownFeedEntry } from '../../../lib/core/api/feed';
import type { ExchangeClient } from '../../../lib/core/client/exchange-client';
import type { RunningSandbox } from '../../../sandbox/index';
import { eventually } from '../../wait';
import { account, admin, buildOrder, clientFor, publicClient } from '../helpers';
import { allEntries, BTC, C, known, startFeedSandbox, trade, tradesOf } from './helpers';

const ofType = <T extends KnownFeedEntry['entryType']>(entries: KnownFeedEntry[], type: T) =>
  entries.filter((e): e is Extract<KnownFeedEntry, { entryType: T }> => e.entryType === type);

describe('GET /feed/trading: entries from real activity', () => {
  let sandbox: RunningSandbox;
  let client: ExchangeClient;
  let alice: number;
  let bob: number;

  beforeAll(async () => {
    sandbox = await startFeedSandbox();
    client = publicClient(sandbox);
    alice = (await account(sandbox, 'alice')).profileId;
    bob = (await account(sandbox, 'bob')).profileId;
  });
  afterAll(() => sandbox.close());
  beforeEach(() => admin(sandbox, 'POST', 'reset'));

  it('a buy is a BOUGHT entry with exact decimal facts, a live MARKET subject and the profile', async () => {
    await trade(sandbox, 'alice', 'BUY', '0.65', 10n * C);
    const [entry] = await tradesOf(client, alice);
    expect(entry).toMatchObject({
      entryType: 'BOUGHT',
      facts: {
        side: 'BUY',
        outcome: 'YES',
        contracts: '10',
        price: '0.63',
        notional: '6.3',
        symbol: 'USDC',
      },
      profile: {
        id: alice,
        account: (await account(sandbox, 'alice')).account,
        displayName: 'Alice',
        username: 'alice',
        pfpUrl: null,
        rankName: 'Silver',
        xHandle: 'alice_onchain',
      },
      subject: {
        kind: 'MARKET',
        slug: BTC,
        status: 'FUNDED',
        tradable: true,
        groupSlug: null,
        groupTitle: null,
        groupImageUrl: null,
        resolvedAt: null,
        winningOutcomeIndex: null,
        payoutNumerators: null,
      },
      parlay: null,
    });
    // The subject's price is the stored midpoint now, not the fill price.
    const mid = Number(sandbox.core.markets.bySlug(BTC)?.lastMidMillis) / 1000;
    expect(entry?.subject).toMatchObject({ prices: [mid, Number((1 - mid).toFixed(3))] });
  });

  it('market makers are not traders: only the taker of a fill against a quote appears', async () => {
    await trade(sandbox, 'alice', 'BUY', '0.65', 10n * C);
    const page = await client.getFeed({ limit: 5 });
    const makers = [301, 302];
    expect(page.events.some((e) => makers.includes(e.profile?.id ?? -1))).toBe(false);
    expect(page.events[0]?.profile?.id).toBe(alice);
  });

  it('small activity (notional under $1) is left out', async () => {
    await trade(sandbox, 'alice', 'BUY', '0.65', 1n * C); // $0.63
    expect(await tradesOf(client, alice)).toHaveLength(0);
    await trade(sandbox, 'alice', 'BUY', '0.65', 2n * C); // $1.26
    expect((await tradesOf(client, alice)).map((e) => e.facts)).toMatchObject([
      { notional: '1.26' },
    ]);
  });

  it('a sale out of an old position is SOLD with its close figures at once', async () => {
    // alice holds 500 YES bought at 0.50 a day ago; the best bid is 0.61.
    await trade(sandbox, 'alice', 'SELL', '0.6', 10n * C);
    const [entry] = await tradesOf(client, alice);
    expect(entry).toMatchObject({
      entryType: 'SOLD',
      facts: {
        side: 'SELL',
        outcome: 'YES',
        contracts: '10',
        price: '0.61',
        notional: '6.1',
        realizedPnl: '1.1',
        averageEntryPrice: '0.5',
        roi: '0.22',
      },
    });
  });

  /** Alice buys 10 and sells them at once: the sale lands well within the close-data lag. */
  async function buyThenSell(): Promise<void> {
    // Both signed first, so the sale follows the buy well within the 600 ms lag.
    const orders = await Promise.all(
      (['BUY', 'SELL'] as const).map((side) =>
        buildOrder(sandbox, 'alice', {
          market: BTC,
          amounts: {
            orderType: 'FAK',
            side,
            price: side === 'BUY' ? '0.65' : '0.6',
            contracts: 10n * C,
          },
        }),
      ),
    );
    const placer = await clientFor(sandbox, 'alice');
    for (const order of orders) await placer.placeOrder(order.json);
  }

  it('a sale right after a buy is SOLD without close figures, back-filled once the close data lands', async () => {
    await buyThenSell();
    const [sold] = await tradesOf(client, alice);
    expect(sold).toMatchObject({
      entryType: 'SOLD',
      facts: { contracts: '10', realizedPnl: null, averageEntryPrice: null, roi: null },
    });
    // 510 YES for 256.3: average 0.502549; the 10 sold cost 5.02549 and fetched 6.1.
    const filled = await eventually(async () => {
      const entry = (await tradesOf(client, alice)).find((e) => e.id === sold?.id);
      return entry?.entryType === 'SOLD' && entry.facts.realizedPnl !== null ? entry : null;
    });
    expect(filled.facts).toMatchObject({
      realizedPnl: '1.07451',
      averageEntryPrice: '0.502549',
      roi: '0.213811',
    });
    expect(filled.occurredAt).toBe(sold?.occurredAt);
  });

  it('a sale the recorded position does not cover keeps null close figures', async () => {
    const taker = await account(sandbox, 'bot-taker-1');
    const market = sandbox.core.markets.bySlug(BTC);
    // Tokens from outside the ledger's records: their cost is unknown.
    sandbox.core.ledger.credit(taker.profileId, market?.tokens?.yes ?? '', 50n * C);
    const built = await buildOrder(sandbox, 'bot-taker-1', {
      market: BTC,
      amounts: { orderType: 'FAK', side: 'SELL', price: '0.6', contracts: 20n * C },
    });
    const placed = await sandbox.core.placeOrder({
      callerProfileId: taker.profileId,
      scopes: ['trading'],
      body: JSON.parse(built.json),
    });
    expect(placed.status).toBe(200);
    const sold = await tradesOf(client, taker.profileId);
    expect(sold.map((e) => e.entryType)).toEqual(['SOLD']);
    // A barrier: a covered sale right after it, whose close figures land after the lag.
    // Back-fills run in the order they were scheduled: once that one has landed, one for
    // the uncovered sale would have too.
    await buyThenSell();
    await eventually(async () => {
      const [covered] = await tradesOf(client, alice);
      return covered?.entryType === 'SOLD' && covered.facts.realizedPnl !== null;
    });
    const [later] = await tradesOf(client, taker.profileId);
    expect(later?.entryType === 'SOLD' && later.facts).toMatchObject({
      contracts: '20',
      realizedPnl: null,
      averageEntryPrice: null,
      roi: null,
    });
  });

  it('a resolution gives RESOLVED entries per holder, with result, P&L and a breakdown', async () => {
    await trade(sandbox, 'alice', 'BUY', '0.65', 10n * C);
    await admin(sandbox, 'POST', `markets/${BTC}/resolve`, { winningOutcomeIndex: 0 });
    const resolved = ofType(known((await client.getFeed()).events), 'RESOLVED').filter(
      (e) => e.subject?.slug === BTC,
    );
    const mine = resolved.find((e) => e.profile?.id === alice);
    expect(mine).toMatchObject({
      facts: {
        result: 'WON',
        costBasis: '506.3',
        payout: '510',
        realizedPnl: '3.7',
        positions: [
          { marketSlug: BTC, outcome: 'YES', contracts: '510', costBasis: '256.3', payout: '510' },
          { marketSlug: BTC, outcome: 'NO', contracts: '500', costBasis: '250', payout: '0' },
        ],
      },
      subject: {
        kind: 'MARKET',
        status: 'RESOLVED',
        tradable: false,
        winningOutcomeIndex: 0,
        payoutNumerators: [1, 0],
        prices: [1, 0],
        resolvedAt: expect.any(String),
      },
    });
    expect(resolved.find((e) => e.profile?.id === bob)?.facts).toMatchObject({
      result: 'BREAK_EVEN',
      realizedPnl: '0',
    });
  });

  it('a resolved group gives RESOLVED entries with a GROUP subject whose lifecycle and price keys are all null', async () => {
    await admin(sandbox, 'POST', 'markets/sandbox-fed-cut/resolve', { winningOutcomeIndex: 1 });
    await admin(sandbox, 'POST', 'markets/sandbox-fed-hold/resolve', { winningOutcomeIndex: 0 });
    const early = ofType(known((await client.getFeed()).events), 'RESOLVED');
    expect(early.some((e) => e.subject?.slug.startsWith('sandbox-fed'))).toBe(false);
    await admin(sandbox, 'POST', 'markets/sandbox-fed-hike/resolve', { winningOutcomeIndex: 1 });
    const group = ofType(known((await client.getFeed()).events), 'RESOLVED').filter(
      (e) => e.subject?.kind === 'GROUP',
    );
    expect(group.length).toBeGreaterThan(0);
    expect(group[0]?.subject).toEqual({
      kind: 'GROUP',
      id: 501,
      slug: 'sandbox-fed-december',
      title: 'Fed decision in December?',
      status: 'RESOLVED',
      imageUrl: `${sandbox.apiUrl}/__sandbox/img/sandbox-fed-december.svg`,
      tradable: false,
      groupSlug: null,
      groupTitle: null,
      groupImageUrl: null,
      createdAt: null,
      startAt: null,
      deadline: null,
      resolvedAt: null,
      winningOutcomeIndex: null,
      payoutNumerators: null,
      prices: null,
    });
    expect(group.find((e) => e.profile?.id === alice)?.facts).toMatchObject({
      result: 'BREAK_EVEN',
      costBasis: '1500',
      payout: '1500',
      positions: expect.arrayContaining([
        expect.objectContaining({ marketSlug: 'sandbox-fed-hold', outcome: 'YES', payout: '500' }),
      ]),
    });
  });

  it('a fresh feed has RESOLVED entries for the resolved election', async () => {
    const { entries } = await allEntries(client);
    const election = ofType(entries, 'RESOLVED').filter(
      (e) => e.subject?.slug === 'sandbox-election-resolved',
    );
    expect(election.map((e) => e.profile?.id)).toEqual(expect.arrayContaining([alice, bob]));
    expect(new Set(election.map((e) => e.facts.result))).toEqual(
      new Set(['WON', 'LOST', 'BREAK_EVEN']),
    );
    expect(election[0]?.subject).toMatchObject({
      status: 'RESOLVED',
      resolvedAt: '2026-01-15T12:00:00.000Z',
      prices: [1, 0],
    });
  });

  it('parlay entries: no subject, legs with kickoff times, 0 kept as a score, null for none', async () => {
    const { entries } = await allEntries(client);
    const placed = ofType(entries, 'PARLAY_PLACED');
    const settled = ofType(entries, 'PARLAY_RESOLVED');
    expect(placed.length).toBeGreaterThan(0);
    expect(settled.map((e) => e.facts.result).sort()).toEqual(['LOST', 'WON', 'WON']);
    for (const e of [...placed, ...settled]) {
      expect(e.subject).toBeNull();
      expect(e.parlay?.legs.length).toBe(e.facts.legs.length);
    }
    const legs = [...placed, ...settled].flatMap((e) => e.parlay?.legs ?? []);
    const goalless = legs.find((l) => l.homeTeam === 'Sevilla');
    expect(goalless).toMatchObject({ homeScore: 0, awayScore: 0, leagueName: 'La Liga' });
    expect(legs.find((l) => l.homeTeam === 'Inter')).toMatchObject({
      homeScore: null,
      awayScore: null,
    });

    // The display leg's time is the kickoff; the facts' leg time is the market deadline.
    const acca = placed.find((e) => e.parlay?.name === 'Weekend Acca');
    const kickoff = Date.parse(acca?.parlay?.legs[0]?.startsAt ?? '');
    const deadline = Date.parse(acca?.facts.legs[0]?.startsAt ?? '');
    expect(deadline - kickoff).toBe(2 * 3_600_000);
    expect(acca?.facts).toMatchObject({
      stake: '20',
      multiplier: '6.6045',
      potentialPayout: '132.09',
    });
    const lost = settled.find((e) => e.facts.result === 'LOST');
    expect(lost?.facts).toMatchObject({ payout: '0', realizedPnl: '-50' });
  });

  it('an AMM market subject has null prices (no honest price), an order-book one its midpoint', async () => {
    const { entries } = await allEntries(client);
    const amm = entries.find((e) => e.subject?.slug === 'sandbox-rain-amm');
    expect(amm?.subject).toMatchObject({ kind: 'MARKET', prices: null, tradable: true });
    const child = entries.find((e) => e.subject?.slug === 'sandbox-fed-hold');
    expect(child?.subject).toMatchObject({
      groupSlug: 'sandbox-fed-december',
      groupTitle: 'Fed decision in December?',
      groupImageUrl: `${sandbox.apiUrl}/__sandbox/img/sandbox-fed-december.svg`,
      prices: [0.6, 0.4],
    });
  });

  it('profiles without a social account have a null xHandle; persona avatars are served', async () => {
    const { entries } = await allEntries(client);
    const profiles = new Map(entries.map((e) => [e.profile?.id, e.profile]));
    expect(profiles.get(bob)?.xHandle).toBeNull();
    const withAvatar = [...profiles.values()].find((p) => p?.pfpUrl);
    const res = await fetch(withAvatar?.pfpUrl ?? '');
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    const anonymous = [...profiles.values()].find((p) => p && p.displayName === null);
    expect(anonymous).toMatchObject({ username: null, account: expect.stringMatching(/^0x/) });
  });
});

describe('GET /feed/trading: failed settlements', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    // Settlement slow enough to see the entry before it fails.
    sandbox = await startFeedSandbox({ settleMs: 1_000 });
  });
  afterAll(() => sandbox.close());

  it('a trade whose settlement fails leaves the feed', async () => {
    const client = publicClient(sandbox);
    const alice = (await account(sandbox, 'alice')).profileId;
    await admin(sandbox, 'POST', 'faults', { kind: 'fail-settlements', count: 1 });
    await trade(sandbox, 'alice', 'BUY', '0.65', 10n * C);
    expect(await tradesOf(client, alice)).toHaveLength(1);
    await eventually(async () => (await tradesOf(client, alice)).length === 0);
  });
});
