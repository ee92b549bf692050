import { describe, expect, it } from 'vitest';
import {
  MaintenanceStatus,
  modeAllowsCancel,
  modeAllowsNewOrder,
} from '../../../../lib/core/api/maintenance';
import {
  ActiveMarkets,
  HistoricalPrice,
  MarketRecord,
  Orderbook,
} from '../../../../lib/core/api/markets';
import {
  activeMarkets,
  ammMarketRecord,
  historicalPrice,
  maintenanceStatus,
  marketRecord,
  orderbook,
} from './examples';

const fails = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

describe('MarketRecord', () => {
  it('accepts a CLOB market with its tokens, venue and taker delay', () => {
    const parsed = MarketRecord.parse({ ...marketRecord(), volume: '1000' });
    expect(parsed.venue?.exchange).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(parsed.settings.takerDelayMs).toBe(0);
    expect(parsed).toHaveProperty('volume', '1000');
  });

  it('reads settings.feesEnabled (ours) as a boolean when sent, and a record without it', () => {
    const settings = (extra: object) => ({
      ...marketRecord(),
      settings: { takerDelayMs: 0, ...extra },
    });
    expect(MarketRecord.parse(settings({ feesEnabled: false })).settings.feesEnabled).toBe(false);
    expect(MarketRecord.parse(settings({})).settings.feesEnabled).toBeUndefined();
    fails(MarketRecord, settings({ feesEnabled: 'yes' }));
  });

  it('accepts an AMM market with null tokens and venue', () => {
    expect(MarketRecord.parse(ammMarketRecord())).toMatchObject({ tokens: null, venue: null });
  });

  it('refuses a token id that is not a decimal uint256 and a venue without adapter', () => {
    fails(MarketRecord, { ...marketRecord(), tokens: { yes: '0xabc', no: '1' } });
    fails(MarketRecord, {
      ...marketRecord(),
      venue: { exchange: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
    });
    fails(MarketRecord, { ...marketRecord(), tradeType: 'parimutuel' });
    fails(MarketRecord, { ...marketRecord(), settings: { takerDelayMs: -1 } });
  });

  it('ActiveMarkets accepts a page and refuses one without its count', () => {
    expect(ActiveMarkets.parse(activeMarkets()).data).toHaveLength(2);
    fails(ActiveMarkets, { data: [marketRecord()] });
  });
});

describe('Orderbook', () => {
  it('accepts bids descending and asks ascending', () => {
    expect(Orderbook.parse(orderbook()).bids[0]?.price).toBe(0.54);
  });

  it('refuses bids out of order, asks out of order and raw sizes as numbers', () => {
    const book = orderbook();
    expect(
      Orderbook.safeParse({ ...book, bids: [...book.bids].reverse() }).error?.issues[0],
    ).toMatchObject({ path: ['bids', 1], message: 'bids must be descending' });
    expect(
      Orderbook.safeParse({ ...book, asks: [...book.asks].reverse() }).error?.issues[0],
    ).toMatchObject({ path: ['asks', 1], message: 'asks must be ascending' });
    fails(Orderbook, { ...book, bids: [{ price: 0.54, size: 1500 }] });
    fails(Orderbook, { ...book, asks: [{ price: 1.5, size: '1' }] });
  });

  it('accepts an empty book with no midpoint', () => {
    expect(
      Orderbook.parse({ ...orderbook(), bids: [], asks: [], adjustedMidpoint: null }),
    ).toMatchObject({ adjustedMidpoint: null });
  });

  it('HistoricalPrice accepts a series and refuses a price outside 0–1', () => {
    expect(HistoricalPrice.parse(historicalPrice()).prices).toHaveLength(2);
    fails(HistoricalPrice, {
      ...historicalPrice(),
      prices: [{ timestamp: '2026-11-22T07:00:00.000Z', price: 55 }],
    });
  });
});

describe('MaintenanceStatus', () => {
  it('accepts every trading mode and reads one it does not know as UNRECOGNIZED', () => {
    for (const mode of ['normal', 'post_only', 'cancel_only', 'disabled']) {
      expect(MaintenanceStatus.parse({ ...maintenanceStatus(), mode }).mode).toBe(mode);
    }
    expect(MaintenanceStatus.parse({ ...maintenanceStatus(), resumeAt: null }).resumeAt).toBeNull();
    expect(MaintenanceStatus.parse({ ...maintenanceStatus(), mode: 'paused' }).mode).toBe(
      'UNRECOGNIZED',
    );
    fails(MaintenanceStatus, { ...maintenanceStatus(), mode: 1 });
    fails(MaintenanceStatus, { mode: 'normal', resumeAt: null });
  });

  it('says which modes take new orders and cancellations', () => {
    expect(modeAllowsNewOrder('normal', false)).toBe(true);
    expect(modeAllowsNewOrder('post_only', false)).toBe(false);
    expect(modeAllowsNewOrder('post_only', true)).toBe(true);
    expect(modeAllowsNewOrder('cancel_only', true)).toBe(false);
    expect(modeAllowsNewOrder('disabled', true)).toBe(false);
    expect(modeAllowsCancel('cancel_only')).toBe(true);
    expect(modeAllowsCancel('post_only')).toBe(true);
    expect(modeAllowsCancel('disabled')).toBe(false);
  });

  it('leaves a mode it does not know to the exchange: the request goes out', () => {
    expect(modeAllowsNewOrder('UNRECOGNIZED', false)).toBe(true);
    expect(modeAllowsCancel('UNRECOGNIZED')).toBe(true);
  });
});
