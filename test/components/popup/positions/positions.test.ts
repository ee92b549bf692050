import { describe, expect, it } from 'vitest';
import {
  buildPortfolioModel,
  outcomeOfToken,
} from '../../../../components/popup/positions/positions';
import { Positions } from '../../../../lib/core/api/portfolio';
import { EXCHANGE_MARK_WORDS, markWords } from '../../../../lib/protocol/mark-words';
import * as ex from '../../../lib/core/api/examples';
import { emptyPositions, positionsFixture, positionsInput } from '../fixtures';

describe('buildPortfolioModel', () => {
  it('lists standalone CLOB markets with their non-empty sides, contracts from tokensBalance', () => {
    const model = buildPortfolioModel(positionsFixture());
    const rain = model.markets.find((m) => m.slug === 'will-it-rain-in-lisbon-tomorrow');
    expect(rain?.sides).toEqual([
      {
        outcome: 'YES',
        contractsRaw: 10_000_000n,
        avgPriceRaw: 550_000n,
        costRaw: 5_500_000n,
        marketValueRaw: 5_400_000n,
        unrealizedRaw: -100_000n,
        realisedRaw: 250_000n,
        markedBy: EXCHANGE_MARK_WORDS,
      },
    ]);
    expect(rain?.imageUrl).toBe('https://cdn.example/will-it-rain-in-lisbon-tomorrow.png');
  });

  it("words each side's mark from the background's marks, the exchange's figure otherwise", () => {
    const mark = { bestBidMillis: '602', unmarkedRaw: '0', feeBps: 100 };
    const model = buildPortfolioModel(positionsFixture(), {
      'will-it-rain-in-lisbon-tomorrow': { yes: mark, no: null },
    });
    const rain = model.markets.find((m) => m.slug === 'will-it-rain-in-lisbon-tomorrow');
    expect(rain?.sides[0]?.markedBy).toBe(markWords('YES', mark));
    expect(markWords('YES', mark)).toContain('60.2¢');
  });

  it('builds a row again only when its position or its market’s marks are new objects', () => {
    const positions = positionsFixture();
    const slug = 'will-it-rain-in-lisbon-tomorrow';
    const mark = { yes: { bestBidMillis: '602', unmarkedRaw: '0', feeBps: 100 }, no: null };
    const rowOf = (model: ReturnType<typeof buildPortfolioModel>, of = slug) =>
      model.markets.find((m) => m.slug === of);
    const first = buildPortfolioModel(positions, { [slug]: mark });
    // Read without marks in between (the popup's order count): the marked rows are kept.
    const unmarked = buildPortfolioModel(positions);
    expect(rowOf(unmarked)?.sides[0]?.markedBy).toBe(EXCHANGE_MARK_WORDS);
    const same = buildPortfolioModel(positions, { [slug]: mark });
    for (const row of first.markets) expect(rowOf(same, row.slug ?? '')).toBe(row);
    // The market's marks moved (a book update): its row is new, and says so; the others kept.
    const moved = { ...mark, yes: { ...mark.yes, bestBidMillis: '610' } };
    const after = buildPortfolioModel(positions, { [slug]: moved });
    expect(rowOf(after)).not.toBe(rowOf(first));
    expect(rowOf(after)?.sides[0]?.markedBy).toBe(markWords('YES', moved.yes));
    for (const row of first.markets.filter((m) => m.slug !== slug)) {
      expect(rowOf(after, row.slug ?? '')).toBe(row);
    }
  });

  it('maps each open order to the outcome of its token and keeps it cancellable by slug', () => {
    const model = buildPortfolioModel(positionsFixture());
    const rain = model.markets.find((m) => m.slug === 'will-it-rain-in-lisbon-tomorrow');
    expect(rain?.orders).toHaveLength(1);
    expect(rain?.orders[0]).toMatchObject({
      id: ex.ORDER_ID,
      marketSlug: 'will-it-rain-in-lisbon-tomorrow',
      outcome: 'YES',
      side: 'BUY',
      remainingRaw: 4_000_000n,
      filledRaw: 6_000_000n,
      delayedUntil: null,
    });
    const cut = model.groups[0]?.markets.find((m) => m.slug === 'sandbox-fed-cut');
    expect(cut?.orders[0]?.outcome).toBe('NO');
  });

  it('marks a RESOLVED market as resolved with its winner, and puts it after open markets', () => {
    const model = buildPortfolioModel(positionsFixture());
    expect(model.markets.map((m) => m.slug)).toEqual([
      'will-it-rain-in-lisbon-tomorrow',
      'sandbox-election-resolved',
    ]);
    const election = model.markets[1];
    expect(election?.resolved).toBe(true);
    expect(election?.winner).toBe('YES');
    expect(model.markets[0]?.resolved).toBe(false);
  });

  it('keeps group children under their group and drops children with nothing in them', () => {
    const model = buildPortfolioModel(positionsFixture());
    expect(model.groups).toHaveLength(1);
    expect(model.groups[0]?.title).toBe('Fed in December');
    expect(model.groups[0]?.markets.map((m) => m.slug)).toEqual(['sandbox-fed-cut']);
    expect(model.groups[0]?.valueRaw).toBe(3_000_000n);
  });

  it('values an AMM position at its latest price and leaves it unpriced when there is none', () => {
    const model = buildPortfolioModel(positionsFixture());
    const [unpriced, priced] = model.amm;
    expect(unpriced?.valueRaw).toBeNull();
    expect(unpriced?.unrealizedRaw).toBeNull();
    expect(unpriced?.outcome).toBe('YES');
    expect(priced?.outcome).toBe('NO');
    // 6.6 contracts at 0.30 = 1.98; paid 2.00.
    expect(priced?.valueRaw).toBe(1_980_000n);
    expect(priced?.unrealizedRaw).toBe(-20_000n);
  });

  it('totals value and P&L over standalone, grouped and priced AMM positions', () => {
    const { totals } = buildPortfolioModel(positionsFixture());
    // 5.40 + 5.00 + 3.00 + 1.98
    expect(totals.valueRaw).toBe(15_380_000n);
    // −0.10 + 2.00 + 1.00 − 0.02
    expect(totals.unrealizedRaw).toBe(2_880_000n);
    expect(totals.realisedRaw).toBe(250_000n);
    expect(totals.todaysRewardsRaw).toBe(420_000n);
    expect(totals.points).toBe(1200);
    expect(totals.unpriced).toBe(1);
  });

  it('is empty when the account holds nothing', () => {
    const model = buildPortfolioModel(emptyPositions());
    expect(model.isEmpty).toBe(true);
    expect(model.totals.valueRaw).toBe(0n);
  });

  it('shows a market with open orders but no holdings, and no link when the slug is missing', () => {
    const input = positionsInput();
    const first = input.clob[0];
    if (!first) throw new Error('fixture');
    const { slug: _slug, ...market } = first.market;
    const noSlug = Positions.parse({
      ...input,
      clob: [
        {
          ...first,
          market,
          positions: {
            yes: {
              ...first.positions.yes,
              cost: '0',
              marketValue: '0',
              unrealizedPnl: '0',
              realisedPnl: '0',
            },
            no: first.positions.no,
          },
          tokensBalance: { yes: '0', no: '0' },
        },
      ],
      group: [],
      amm: [],
    });
    const model = buildPortfolioModel(noSlug);
    expect(model.markets).toHaveLength(1);
    expect(model.markets[0]?.sides).toEqual([]);
    expect(model.markets[0]?.slug).toBeNull();
    expect(model.markets[0]?.orders[0]?.marketSlug).toBeNull();
  });
});

describe('outcomeOfToken', () => {
  it('reads position_ids as [yes, no] and knows no third token', () => {
    const market = positionsFixture().clob[0]?.market;
    if (!market) throw new Error('fixture');
    expect(outcomeOfToken(market, ex.YES_TOKEN)).toBe('YES');
    expect(outcomeOfToken(market, ex.NO_TOKEN)).toBe('NO');
    expect(outcomeOfToken(market, '42')).toBeNull();
  });
});
