/**
 * Realistic bodies of every shape the API returns, as a server would send them (JSON
 * values, before parsing). Functions, so that each test mutates its own copy.
 */

export const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const SUB_WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const EXCHANGE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const ADAPTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const YES_TOKEN =
  '19633861612399744412093186424343227390815468264738349023011264834812399203841';
export const NO_TOKEN =
  '45612939483001873920947238472364736473628474638201928374655647382910293847561';
export const ORDER_ID = '7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b';

export const feedProfile = () => ({
  id: 101,
  account: ACCOUNT,
  displayName: 'Ada',
  username: 'ada',
  pfpUrl: 'https://cdn.example/ada.png',
  rankName: 'Gold',
  xHandle: null,
});

export const marketSubject = () => ({
  kind: 'MARKET',
  id: 55,
  slug: 'will-it-rain-in-lisbon-tomorrow',
  title: 'Will it rain in Lisbon tomorrow?',
  status: 'FUNDED',
  imageUrl: 'https://cdn.example/rain.png',
  groupSlug: null,
  groupTitle: null,
  groupImageUrl: null,
  tradable: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  startAt: '2026-11-20T12:00:00.000Z',
  deadline: '2026-11-23T00:00:00.000Z',
  resolvedAt: null,
  winningOutcomeIndex: null,
  payoutNumerators: null,
  prices: [0.55, 0.45],
});

export const groupSubject = () => ({
  kind: 'GROUP',
  id: 9,
  slug: 'lisbon-weather',
  title: 'Lisbon weather this week',
  status: 'FUNDED',
  imageUrl: null,
  groupSlug: null,
  groupTitle: null,
  groupImageUrl: null,
  tradable: true,
  createdAt: null,
  startAt: null,
  deadline: null,
  resolvedAt: null,
  winningOutcomeIndex: null,
  payoutNumerators: null,
  prices: null,
});

const tradeFacts = (side: 'BUY' | 'SELL') => ({
  side,
  outcome: 'YES',
  contracts: '120.5',
  price: '0.55',
  notional: '66.275',
  symbol: 'USDC',
});

export const boughtEntry = () => ({
  id: 'fe-1',
  entryType: 'BOUGHT',
  occurredAt: '2026-11-22T08:10:00.000Z',
  facts: tradeFacts('BUY'),
  profile: feedProfile(),
  subject: marketSubject(),
  parlay: null,
});

export const soldEntry = (closed: boolean) => ({
  id: closed ? 'fe-2b' : 'fe-2',
  entryType: 'SOLD',
  occurredAt: '2026-11-22T08:09:00.000Z',
  facts: {
    ...tradeFacts('SELL'),
    realizedPnl: closed ? '-4.2' : null,
    averageEntryPrice: closed ? '0.585' : null,
    roi: closed ? '-0.0598' : null,
  },
  profile: feedProfile(),
  subject: marketSubject(),
  parlay: null,
});

export const resolvedEntry = () => ({
  id: 'fe-3',
  entryType: 'RESOLVED',
  occurredAt: '2026-11-22T07:00:00.000Z',
  facts: {
    result: 'WON',
    realizedPnl: '45.5',
    costBasis: '54.5',
    payout: '100',
    positions: [
      {
        marketSlug: 'will-it-rain-in-lisbon-tomorrow',
        marketTitle: 'Will it rain in Lisbon tomorrow?',
        outcome: 'YES',
        contracts: '100',
        costBasis: '54.5',
        payout: '100',
      },
    ],
  },
  profile: feedProfile(),
  subject: groupSubject(),
  parlay: null,
});

export const parlayLeg = () => ({
  marketId: 501,
  imageUrl: null,
  outcomeLabels: ['Benfica', 'Porto'],
  outcomeImageUrls: ['https://cdn.example/slb.png', null],
  leagueName: 'Primeira Liga',
  homeTeam: 'Benfica',
  awayTeam: 'Porto',
  homeScore: 0,
  awayScore: 0,
  startsAt: '2026-11-22T20:15:00.000Z',
});

export const parlayPlacedEntry = () => ({
  id: 'fe-4',
  entryType: 'PARLAY_PLACED',
  occurredAt: '2026-11-22T08:00:00.000Z',
  facts: {
    legs: [{ startsAt: '2026-11-22T22:00:00.000Z', marketId: 501 }, { startsAt: null }],
    stake: '10',
    multiplier: '3.4',
    potentialPayout: '34',
  },
  profile: feedProfile(),
  subject: null,
  parlay: {
    name: null,
    legs: [parlayLeg(), { ...parlayLeg(), marketId: 502, homeScore: null, awayScore: null }],
  },
});

export const parlayResolvedEntry = () => ({
  ...parlayPlacedEntry(),
  id: 'fe-5',
  entryType: 'PARLAY_RESOLVED',
  facts: { ...parlayPlacedEntry().facts, payout: '0', realizedPnl: '-10', result: 'LOST' },
  parlay: { name: 'Sunday classics', legs: [parlayLeg()] },
});

export const feedResponse = () => ({
  requestedAudience: 'featured',
  effectiveAudience: 'all',
  events: [
    boughtEntry(),
    soldEntry(false),
    soldEntry(true),
    resolvedEntry(),
    parlayPlacedEntry(),
    parlayResolvedEntry(),
  ],
  hasMore: true,
  nextCursor: 'eyJhdWRpZW5jZSI6ImFsbCIsImlkIjoiZmUtNSJ9',
  emptyReason: null,
});

export const orderOwner = () => ({
  id: 7,
  account: ACCOUNT,
  client: 'api',
  tradeWalletOption: 'eoa',
  smartWallet: null,
  username: 'ada',
  displayName: 'Ada',
  pfpUrl: null,
  socialUrl: null,
  rankName: 'Gold',
  points: 1200,
  referredUsersCount: 0,
  isTop100: false,
  leaderboardPosition: 512,
});

export const execution = (settlementStatus = 'MATCHED') => ({
  matched: true,
  settlementStatus,
  tradeEventId: 'te-77',
  clientOrderId: 'c-1',
  feeRateBps: 0,
  effectiveFeeBps: 0,
  totalsRaw: {
    contractsGross: '10000000',
    contractsFee: '0',
    contractsNet: '10000000',
    usdGross: '5500000',
    usdFee: '0',
    usdNet: '5500000',
  },
});

export const placementResponse = () => ({
  order: {
    id: ORDER_ID,
    salt: '1234567890',
    maker: ACCOUNT,
    signer: ACCOUNT,
    tokenId: YES_TOKEN,
    signatureType: 0,
    signature: '0x4c8e',
    orderType: 'GTC',
    side: 0,
    marketId: '55',
    ownerId: 7,
    createdAt: '2026-11-22T08:15:30.400Z',
    market: {
      id: 55,
      slug: 'will-it-rain-in-lisbon-tomorrow',
      title: 'Will it rain in Lisbon tomorrow?',
      status: 'FUNDED',
      yesPositionId: YES_TOKEN,
      noPositionId: NO_TOKEN,
      group: { id: 9, slug: 'lisbon-weather', title: 'Lisbon weather this week' },
    },
    makerAmount: '5500000',
    takerAmount: '10000000',
    nonce: '0',
    owner: orderOwner(),
    taker: '0x0000000000000000000000000000000000000000',
    expiration: '1970-01-01T00:00:00.000Z',
    feeRateBps: 0,
    price: 0.55,
  },
  execution: execution(),
  makerMatches: [
    {
      id: 'mm-1',
      matchedSize: '10000000',
      fillPrice: '0.55',
      fillCost: '5500000',
      orderId: 'a1b2c3d4-0000-4000-8000-000000000001',
      order: {
        id: 'a1b2c3d4-0000-4000-8000-000000000001',
        maker: SUB_WALLET,
        price: '0.55',
        side: 'SELL',
        tokenId: YES_TOKEN,
        owner: { ...orderOwner(), id: 8, account: SUB_WALLET },
      },
    },
  ],
});

export const marketRecord = () => ({
  id: 55,
  slug: 'will-it-rain-in-lisbon-tomorrow',
  title: 'Will it rain in Lisbon tomorrow?',
  status: 'FUNDED',
  tradeType: 'clob',
  negRisk: false,
  group: null,
  deadline: '2026-11-23T00:00:00.000Z',
  prices: [0.55, 0.45],
  imageUrl: null,
  tokens: { yes: YES_TOKEN, no: NO_TOKEN },
  venue: { exchange: EXCHANGE, adapter: ADAPTER },
  settings: { takerDelayMs: 0 },
});

export const ammMarketRecord = () => ({
  ...marketRecord(),
  id: 56,
  slug: 'old-amm-market',
  title: 'An old AMM market',
  tradeType: 'amm',
  prices: null,
  tokens: null,
  venue: null,
});

export const orderbook = () => ({
  tokenId: YES_TOKEN,
  bids: [
    { price: 0.54, size: '1500000000' },
    { price: 0.53, size: '200000000' },
  ],
  asks: [
    { price: 0.56, size: '800000000' },
    { price: 0.58, size: '90000000' },
  ],
  adjustedMidpoint: 0.55,
  minSize: '100',
});

export const historicalPrice = () => ({
  marketSlug: 'will-it-rain-in-lisbon-tomorrow',
  interval: '1h',
  prices: [
    { timestamp: '2026-11-22T07:00:00.000Z', price: 0.52 },
    { timestamp: '2026-11-22T08:00:00.000Z', price: 0.55 },
  ],
});

export const userOrder = () => ({
  id: ORDER_ID,
  clientOrderId: 'c-1',
  side: 'BUY',
  tokenId: YES_TOKEN,
  price: 0.55,
  originalSize: '10000000',
  remainingSize: '4000000',
  orderType: 'GTC',
  postOnly: false,
  settlementStatus: 'UNMATCHED',
  eligibleAt: null,
  createdAt: '2026-11-22T08:15:30.400Z',
});

export const orderStatuses = () => [
  {
    orderId: ORDER_ID,
    clientOrderId: 'c-1',
    status: 'PARTIALLY_FILLED',
    settlementStatus: 'MATCHED',
    remainingSize: '4000000',
    filledSize: '6000000',
  },
  {
    orderId: null,
    clientOrderId: 'never-landed',
    status: 'UNKNOWN',
    settlementStatus: null,
    remainingSize: null,
    filledSize: '0',
  },
];

const positionSide = () => ({
  cost: '5500000',
  fillPrice: '550000',
  realisedPnl: '0',
  unrealizedPnl: '-100000',
  marketValue: '5400000',
});

export const clobPosition = () => ({
  market: {
    slug: 'will-it-rain-in-lisbon-tomorrow',
    address: null,
    title: 'Will it rain in Lisbon tomorrow?',
    proxyTitle: null,
    description: 'Resolves YES if it rains.',
    question_id: '0xabc',
    condition_id: '0xdef',
    position_ids: [YES_TOKEN, NO_TOKEN],
    outcome_slot_count: 2,
    winning_index: null,
    payout_numerators: null,
    status: 'FUNDED',
    og_url: null,
    image_url: null,
    deadline: '2026-11-23T00:00:00.000Z',
    startAt: '2026-11-20T12:00:00.000Z',
    hidden: false,
    txHash: null,
    resolutionTxHash: null,
    priority_index: 0,
  },
  positions: { yes: positionSide(), no: { ...positionSide(), cost: '0', marketValue: '0' } },
  tokensBalance: { yes: '10000000', no: '0' },
  orders: [userOrder()],
  latestTrade: { latestYesPrice: 0.54, latestNoPrice: 0.46, outcomeTokenPrice: 0.54 },
  rewards: { epochRewards: '0', isEarning: false },
});

export const positions = () => ({
  rewards: {
    todaysRewards: '0',
    totalUnpaidRewards: '1250000',
    totalUserRewardsLastEpoch: '300000',
    rewardsByEpoch: [
      {
        epochId: 12,
        timestamp: '2026-11-21T00:00:00.000Z',
        totalRewards: '100000000',
        userRewards: '300000',
        earnedPercent: 0.3,
      },
    ],
    rewardsChartData: [
      { timestamp: 1795305600000, userRewards: '300000', totalRewards: '100000000' },
    ],
  },
  points: 1200,
  accumulativePoints: 8000,
  amm: [
    {
      market: { slug: 'old-amm-market', title: 'An old AMM market', status: 'FUNDED' },
      outcomeIndex: 1,
      collateralAmount: '2000000',
      latestTrade: { outcomeTokenPrice: 0.3 },
      outcomeTokenAmount: '6600000',
      account: ACCOUNT,
    },
  ],
  clob: [clobPosition()],
  group: [
    {
      group: { id: 9, slug: 'lisbon-weather', title: 'Lisbon weather this week' },
      positions: [clobPosition()],
    },
  ],
});

export const trades = () => ({
  data: [
    {
      id: 'tr-1',
      marketSlug: 'will-it-rain-in-lisbon-tomorrow',
      marketTitle: 'Will it rain in Lisbon tomorrow?',
      tokenId: YES_TOKEN,
      outcome: 'YES',
      side: 'BUY',
      price: 0.55,
      contracts: '6000000',
      collateral: '3300000',
      fee: '0',
      orderId: ORDER_ID,
      role: 'TAKER',
      txHash: '0x1234',
      createdAt: '2026-11-22T08:15:31.000Z',
    },
  ],
  totalCount: 1,
});

export const pnlChart = () => ({
  timeframe: '1w',
  data: [
    { timestamp: 1795305600000, value: '0' },
    { timestamp: 1795392000000, value: '-250000' },
  ],
  current: '-250000',
});

export const history = () => ({
  data: [
    {
      id: 'h-1',
      type: 'WITHDRAWAL',
      marketSlug: null,
      title: null,
      amount: '-5000000',
      txHash: '0xbeef',
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  totalCount: 1,
});

export const withdrawResult = () => ({
  hash: '0xabc',
  userOperationHash: null,
  transactionId: 'wd-1',
  walletAddress: SUB_WALLET,
  token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  destination: ACCOUNT,
  amount: '5000000',
});

export const withdrawalAddresses = () => [
  { address: ACCOUNT, label: 'cold wallet', active: true, createdAt: '2026-10-01T00:00:00.000Z' },
];

export const maintenanceStatus = () => ({
  mode: 'post_only',
  resumeAt: '2026-11-22T09:00:00.000Z',
  restrictions: ['new taker orders are paused'],
});

export const profile = () => ({
  id: 7,
  account: ACCOUNT,
  displayName: 'Ada',
  username: 'ada',
  pfpUrl: null,
  rankName: 'Gold',
  rank: { name: 'Gold', feeRateBps: 30 },
  tradeWalletOption: 'eoa',
  smartWallet: null,
});

export const publicProfile = () => ({
  id: 7,
  account: ACCOUNT,
  displayName: 'Ada',
  username: 'ada',
  pfpUrl: null,
  rankName: 'Gold',
});

export const partnerAccounts = () => [{ id: 42, account: SUB_WALLET, displayName: 'Desk 1' }];

export const activeMarkets = () => ({
  data: [marketRecord(), ammMarketRecord()],
  totalMarketsCount: 2,
});

export const cancelResponse = () => ({ message: 'Order canceled successfully' });

export const cancelBatchResponse = () => ({
  message: 'Orders canceled successfully',
  canceled: [ORDER_ID],
  failed: [
    {
      orderId: 'a1b2c3d4-0000-4000-8000-000000000009',
      reason: 'ORDER_NOT_FOUND',
      message: 'Order not found or already canceled',
    },
  ],
});

export const cancelAllResponse = () => ({
  message: 'Orders canceled successfully',
  canceled: [ORDER_ID],
});

/** Every error body of the spec's Errors section. */
export const errorBodies = {
  validation: () => ({
    message: [
      { field: 'orderIds', message: 'orderIds should not be empty' },
      { field: 'order.nonce', message: 'nonce must be 0' },
    ],
    error: 'Bad Request',
    statusCode: 400,
  }),
  general: (message = 'Insufficient balance', statusCode = 400, error = 'Bad Request') => ({
    message,
    error,
    statusCode,
  }),
  messageOnly: (message = 'Invalid order data') => ({ message }),
  tradingMode: () => ({
    code: 'trading_disabled',
    message: 'Trading is disabled for maintenance',
    mode: 'disabled',
    resumeAt: '2026-11-22T09:00:00.000Z',
  }),
  receiveWindow: () => ({ message: 'Order is older than recvWindow' }),
  feed: (code: string, statusCode: number) => ({
    code,
    message: `feed error ${code}`,
    statusCode,
  }),
};
