/**
 * Popup fixtures: server-shaped bodies (from the API examples) parsed with the very
 * schemas the background and the popup use, so a fixture that drifts from the
 * contract fails here first.
 */
import { FeedResponse, type FeedResponseInput } from '../../../lib/core/api/feed';
import { ClobPosition, Positions, type PositionsInput } from '../../../lib/core/api/portfolio';
import { IntentView } from '../../../lib/protocol/intent';
import { AppSnapshot } from '../../../lib/protocol/views';
import * as ex from '../../lib/core/api/examples';
import { appSnapshot, intentView } from '../../lib/protocol/fixtures';

export const NOW = Date.parse('2026-11-22T08:20:00.000Z');

const side = (over: Record<string, string> = {}) => ({
  cost: '0',
  fillPrice: '0',
  realisedPnl: '0',
  unrealizedPnl: '0',
  marketValue: '0',
  ...over,
});

export const RESOLVED_YES = '1111';
export const RESOLVED_NO = '2222';

/** A CLOB market position as the server sends it, with a slug and sides to fill in. */
export function clobEntry(
  slug: string,
  title: string,
  over: Record<string, unknown> = {},
): ClobPosition {
  const base = ex.clobPosition();
  return ClobPosition.parse({
    ...base,
    market: { ...base.market, slug, title, image_url: `https://cdn.example/${slug}.png` },
    ...over,
  });
}

export function positionsInput(): PositionsInput {
  const rain = clobEntry('will-it-rain-in-lisbon-tomorrow', 'Will it rain in Lisbon tomorrow?', {
    positions: {
      yes: side({
        cost: '5500000',
        fillPrice: '550000',
        unrealizedPnl: '-100000',
        marketValue: '5400000',
        realisedPnl: '250000',
      }),
      no: side(),
    },
    tokensBalance: { yes: '10000000', no: '0' },
  });
  const resolvedBase = ex.clobPosition();
  const election = ClobPosition.parse({
    ...resolvedBase,
    market: {
      ...resolvedBase.market,
      slug: 'sandbox-election-resolved',
      title: 'Was the election decided?',
      status: 'RESOLVED',
      winning_index: 0,
      payout_numerators: [1, 0],
      position_ids: [RESOLVED_YES, RESOLVED_NO],
    },
    positions: {
      yes: side({
        cost: '3000000',
        fillPrice: '600000',
        marketValue: '5000000',
        unrealizedPnl: '2000000',
      }),
      no: side(),
    },
    tokensBalance: { yes: '5000000', no: '0' },
    orders: [],
  });
  const cut = clobEntry('sandbox-fed-cut', 'Fed cuts in December?', {
    positions: {
      yes: side(),
      no: side({
        cost: '2000000',
        fillPrice: '400000',
        marketValue: '3000000',
        unrealizedPnl: '1000000',
      }),
    },
    tokensBalance: { yes: '0', no: '5000000' },
    orders: [
      {
        ...ex.userOrder(),
        id: '5b3f6c1e-1111-4aaa-8bbb-000000000002',
        clientOrderId: null,
        side: 'SELL',
        tokenId: ex.NO_TOKEN,
        price: 0.7,
        originalSize: '2000000',
        remainingSize: '2000000',
        createdAt: '2026-11-22T08:18:00.000Z',
      },
    ],
  });
  const hold = clobEntry('sandbox-fed-hold', 'Fed holds in December?', {
    positions: { yes: side(), no: side() },
    tokensBalance: { yes: '0', no: '0' },
    orders: [],
  });
  return {
    ...ex.positions(),
    rewards: { ...ex.positions().rewards, todaysRewards: '420000' },
    points: 1200,
    amm: [
      {
        market: {
          slug: 'sandbox-rain-amm',
          title: 'Rain (AMM)',
          status: 'FUNDED',
          image_url: null,
        },
        outcomeIndex: 0,
        collateralAmount: '25000000',
        latestTrade: { outcomeTokenPrice: null },
        outcomeTokenAmount: '48000000',
        account: ex.ACCOUNT,
      },
      {
        market: { slug: 'old-amm-market', title: 'An old AMM market', status: 'FUNDED' },
        outcomeIndex: 1,
        collateralAmount: '2000000',
        latestTrade: { outcomeTokenPrice: 0.3 },
        outcomeTokenAmount: '6600000',
        account: ex.ACCOUNT,
      },
    ],
    clob: [rain, election],
    group: [
      {
        group: { id: 9, slug: 'sandbox-fed-december', title: 'Fed in December' },
        positions: [cut, hold],
      },
    ],
  };
}

export const positionsFixture = (): Positions => Positions.parse(positionsInput());

export const emptyPositions = (): Positions =>
  Positions.parse({ ...ex.positions(), amm: [], clob: [], group: [] });

/** An intent as the popup sees it: the protocol's builder, on the popup's market and clock. */
export function intent(over: Partial<IntentView> = {}): IntentView {
  return IntentView.parse(
    intentView({
      clientOrderId: 'mc-1',
      marketSlug: 'will-it-rain-in-lisbon-tomorrow',
      marketTitle: 'Will it rain in Lisbon tomorrow?',
      requestedRaw: '10000000',
      orderId: ex.ORDER_ID,
      filledContractsRaw: '17540000',
      filledCollateralRaw: '9997800',
      summary: 'filled 17.54 YES at 0.57',
      createdAt: NOW - 60_000,
      updatedAt: NOW - 59_000,
      ...over,
    }),
  );
}

export function feedPage(over: Partial<FeedResponseInput> = {}): FeedResponse {
  return FeedResponse.parse({ ...ex.feedResponse(), requestedAudience: 'all', ...over });
}

/** The feed entries of the API examples, one per known type, parsed. */
export const entries = {
  bought: () => feedPage({ events: [ex.boughtEntry()] }).events[0],
  soldPending: () => feedPage({ events: [ex.soldEntry(false)] }).events[0],
  soldClosed: () => feedPage({ events: [ex.soldEntry(true)] }).events[0],
  resolved: () => feedPage({ events: [ex.resolvedEntry()] }).events[0],
  parlayPlaced: () => feedPage({ events: [ex.parlayPlacedEntry()] }).events[0],
  parlayResolved: () => feedPage({ events: [ex.parlayResolvedEntry()] }).events[0],
};

/** The popup's usual world: unlocked, live, with the example positions. */
export function snapshot(over: Partial<AppSnapshot> = {}): AppSnapshot {
  return AppSnapshot.parse(
    appSnapshot({
      vault: {
        status: 'unlocked',
        exchangeName: 'Sandbox',
        tokenId: 'tok-1',
        profileId: 7,
        account: ex.ACCOUNT,
        displayName: 'Ada',
        signingKind: 'eoa',
        subAccounts: [],
        activeSubAccountId: null,
      },
      connection: { status: 'live', authenticated: true, since: NOW - 5_000 },
      mode: { mode: 'normal', resumeAt: null, restrictions: [], checkedAt: NOW },
      portfolio: { positions: Positions.parse(positionsInput()), fetchedAt: NOW, error: null },
      ...over,
    }),
  );
}
