import { describe, expect, it } from 'vitest';
import { buildBadgesView } from '../../../../lib/background/ui/position-badges';
import { Positions } from '../../../../lib/core/api/portfolio';
import { BadgesView } from '../../../../lib/protocol/badge-views';
import { MAX_BADGE_ENTRIES } from '../../../../lib/protocol/names';
import * as ex from '../../core/api/examples';

function held() {
  const positions = ex.positions();
  const child = positions.group[0]?.positions[0];
  if (child) {
    child.market.slug = 'lisbon-group-child';
    child.tokensBalance = { yes: '2500000', no: '1000000' };
    child.positions.no.unrealizedPnl = '-150000';
  }
  return Positions.parse(positions);
}

describe("the badges' summary of the portfolio", () => {
  it('one entry per side held, grouped markets included, the P&L of that side', () => {
    const view = buildBadgesView({ enabled: true, signedIn: true, positions: held() });
    const yesPnl = ex.positions().clob[0]?.positions.yes.unrealizedPnl;
    expect(view.entries).toEqual([
      {
        marketSlug: 'will-it-rain-in-lisbon-tomorrow',
        side: 'YES',
        contractsRaw: '10000000',
        unrealizedPnlRaw: yesPnl,
      },
      {
        marketSlug: 'lisbon-group-child',
        side: 'YES',
        contractsRaw: '2500000',
        unrealizedPnlRaw: yesPnl,
      },
      {
        marketSlug: 'lisbon-group-child',
        side: 'NO',
        contractsRaw: '1000000',
        unrealizedPnlRaw: '-150000',
      },
      // The AMM position: 6.6 NO for $2.00, at 30¢ worth $1.98.
      {
        marketSlug: 'old-amm-market',
        side: 'NO',
        contractsRaw: '6600000',
        unrealizedPnlRaw: '-20000',
      },
    ]);
    // What leaves is what the schema accepts, and carries nothing else of the position.
    expect(BadgesView.parse(view)).toEqual(view);
    expect(JSON.stringify(view)).not.toContain('cost');
  });

  it('nothing when badges are off, nobody is signed in, or no positions are known', () => {
    const positions = held();
    expect(buildBadgesView({ enabled: false, signedIn: true, positions }).entries).toEqual([]);
    expect(buildBadgesView({ enabled: true, signedIn: false, positions }).entries).toEqual([]);
    expect(buildBadgesView({ enabled: true, signedIn: true, positions: null }).entries).toEqual([]);
  });

  it('leaves out a side with no contracts, a market without a slug and a slug no page could have, not their neighbours', () => {
    const positions = ex.positions();
    const noSlug = ex.clobPosition();
    delete (noSlug.market as { slug?: string }).slug;
    const longSlug = ex.clobPosition();
    longSlug.market.slug = 'x'.repeat(300);
    positions.clob.push(noSlug, longSlug);
    const view = buildBadgesView({
      enabled: true,
      signedIn: true,
      positions: Positions.parse(positions),
    });
    expect(view.entries.map((e) => `${e.marketSlug}:${e.side}`)).toEqual([
      'will-it-rain-in-lisbon-tomorrow:YES',
      'will-it-rain-in-lisbon-tomorrow:YES',
      'old-amm-market:NO',
    ]);
  });

  it('an AMM market held is badged like the popup lists it; with no price, no P&L is invented', () => {
    const positions = Positions.parse(ex.positions());
    positions.clob = [];
    positions.group = [];
    positions.amm = [
      {
        market: { slug: 'sandbox-amm', title: 'AMM', status: 'FUNDED' },
        outcomeIndex: 0,
        collateralAmount: '25000000',
        latestTrade: { outcomeTokenPrice: null },
        outcomeTokenAmount: '48000000',
        account: '0x0000000000000000000000000000000000000001',
      },
    ];
    const view = buildBadgesView({
      enabled: true,
      signedIn: true,
      positions: Positions.parse(positions),
    });
    expect(view.entries).toEqual([
      { marketSlug: 'sandbox-amm', side: 'YES', contractsRaw: '48000000', unrealizedPnlRaw: null },
    ]);
    expect(BadgesView.parse(view)).toEqual(view);
  });

  it(`sends at most ${MAX_BADGE_ENTRIES} entries`, () => {
    const positions = ex.positions();
    positions.clob = Array.from({ length: MAX_BADGE_ENTRIES + 10 }, (_, i) => ({
      ...ex.clobPosition(),
      market: { ...ex.clobPosition().market, slug: `market-${i}` },
    }));
    const view = buildBadgesView({
      enabled: true,
      signedIn: true,
      positions: Positions.parse(positions),
    });
    expect(view.entries).toHaveLength(MAX_BADGE_ENTRIES);
    expect(BadgesView.safeParse(view).success).toBe(true);
  });
});
