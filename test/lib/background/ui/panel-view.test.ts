import { describe, expect, it } from 'vitest';
import { PortfolioTracker } from '../../../../lib/background/account/portfolio';
import { BookTracker } from '../../../../lib/background/market/books';
import {
  buildPanelState,
  EXCHANGE_DOWN_MESSAGE,
  type PanelInputs,
  panelBlock,
} from '../../../../lib/background/ui/panel-view';
import { MarketRecord, Orderbook } from '../../../../lib/core/api/markets';
import { UserOrder } from '../../../../lib/core/api/orders';
import { Positions } from '../../../../lib/core/api/portfolio';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import { EXCHANGE_MARK_WORDS } from '../../../../lib/protocol/mark-words';
import { PanelState } from '../../../../lib/protocol/views';
import * as ex from '../../core/api/examples';
import { intentView } from '../../protocol/fixtures';

const SLUG = 'will-it-rain-in-lisbon-tomorrow';
const NOW = Date.parse('2026-11-22T08:00:00.000Z');

function inputs(over: Partial<PanelInputs> = {}): PanelInputs {
  const portfolio = new PortfolioTracker();
  portfolio.set(Positions.parse(ex.positions()), NOW);
  return {
    marketSlug: SLUG,
    market: MarketRecord.parse(ex.marketRecord()),
    vault: 'unlocked',
    mode: null,
    book: null,
    ladder: null,
    portfolio,
    openOrders: [],
    intents: [],
    settings: DEFAULT_SETTINGS,
    connection: { status: 'live', authenticated: true, since: NOW },
    exchange: { status: 'up' },
    now: NOW,
    clockOffsetMs: 0,
    ...over,
  };
}

const market = (over: object) => MarketRecord.parse({ ...ex.marketRecord(), ...over });
const mode = (m: 'normal' | 'post_only' | 'cancel_only' | 'disabled' | 'UNRECOGNIZED') => ({
  mode: m,
  resumeAt: '2026-11-22T09:00:00.000Z',
  restrictions: [],
  checkedAt: NOW,
});

describe('panelBlock', () => {
  it('is null when the market trades and the vault is unlocked in normal mode', () => {
    expect(panelBlock(inputs({ mode: mode('normal') }))).toBeNull();
  });

  it('while the exchange is not answering, that is the reason, before any other, and nothing can be cancelled', () => {
    const down = {
      status: 'down' as const,
      since: NOW - 1_000,
      detectedAt: NOW,
      lastAnsweredAt: NOW - 1_500,
      reason: 'no answer within 1.4 s',
    };
    for (const over of [{}, { market: null, vault: 'locked' as const, mode: mode('disabled') }]) {
      expect(panelBlock(inputs({ ...over, exchange: down }))).toEqual({
        code: 'exchange-down',
        message: EXCHANGE_DOWN_MESSAGE,
        cancelAllowed: false,
        resumeAt: null,
      });
    }
    expect(panelBlock(inputs({ exchange: { status: 'up' } }))).toBeNull();
  });

  it('blocks nothing for a mode this version does not know: the exchange answers for it', () => {
    expect(panelBlock(inputs({ mode: mode('UNRECOGNIZED') }))).toBeNull();
  });

  it('says the most fundamental reason first', () => {
    const past = '2026-11-22T07:59:59.000Z';
    const disabled = mode('disabled');
    // Each line fixes the reason the line before reported, leaving every other one.
    const cases: [Partial<PanelInputs>, string][] = [
      [{ market: null, vault: 'locked', mode: disabled }, 'unknown-market'],
      [
        {
          market: market({ tradeType: 'amm', status: 'RESOLVED', deadline: past }),
          vault: 'locked',
          mode: disabled,
        },
        'amm',
      ],
      [
        { market: market({ status: 'RESOLVED', deadline: past }), vault: 'locked', mode: disabled },
        'resolved',
      ],
      [{ market: market({ deadline: past }), vault: 'empty', mode: disabled }, 'expired'],
      [{ vault: 'empty', mode: disabled }, 'not-set-up'],
      [{ vault: 'locked', mode: disabled }, 'locked'],
      [{ mode: disabled }, 'trading-mode'],
    ];
    for (const [over, code] of cases) expect(panelBlock(inputs(over))?.code, code).toBe(code);
  });

  it('lets cancels through in a post-only or cancel-only mode, not when trading is disabled', () => {
    expect(panelBlock(inputs({ mode: mode('post_only') }))).toMatchObject({
      code: 'trading-mode',
      cancelAllowed: true,
      resumeAt: '2026-11-22T09:00:00.000Z',
      message: 'The exchange accepts post-only orders only; one-click orders are paused.',
    });
    expect(panelBlock(inputs({ mode: mode('cancel_only') }))?.cancelAllowed).toBe(true);
    expect(panelBlock(inputs({ mode: mode('disabled') }))?.cancelAllowed).toBe(false);
  });

  it('past the deadline (unresolved): no new orders, but resting ones can still be cancelled', () => {
    const expired = market({ deadline: '2026-11-22T07:59:59.000Z' });
    expect(panelBlock(inputs({ market: expired }))).toMatchObject({
      code: 'expired',
      cancelAllowed: true,
    });
    // Nothing can sign while locked, and a disabled exchange takes no cancels either.
    expect(panelBlock(inputs({ market: expired, vault: 'locked' }))?.cancelAllowed).toBe(false);
    expect(panelBlock(inputs({ market: expired, mode: mode('disabled') }))?.cancelAllowed).toBe(
      false,
    );
    // Resolved is final: the exchange refuses those cancels.
    expect(
      panelBlock(
        inputs({ market: market({ status: 'RESOLVED', deadline: '2026-11-22T07:59:59.000Z' }) }),
      ),
    ).toMatchObject({ code: 'resolved', cancelAllowed: false });
  });

  it('a locked vault blocks new orders and cancels (nothing can be signed)', () => {
    expect(panelBlock(inputs({ vault: 'locked' }))).toMatchObject({
      code: 'locked',
      cancelAllowed: false,
    });
  });
});

describe('buildPanelState', () => {
  it('shows the position of this market from the portfolio', () => {
    const state = buildPanelState(inputs());
    expect(state.position).toEqual({
      yes: {
        contractsRaw: '10000000',
        avgPriceRaw: '550000',
        unrealizedPnlRaw: '-100000',
        markedBy: EXCHANGE_MARK_WORDS,
      },
      no: {
        contractsRaw: '0',
        avgPriceRaw: '550000',
        unrealizedPnlRaw: '-100000',
        markedBy: EXCHANGE_MARK_WORDS,
      },
    });
  });

  it('carries the book’s top five levels of each outcome, as the schema a page receives', () => {
    const books = new BookTracker();
    books.apply(SLUG, Orderbook.parse(ex.orderbook()), NOW, books.readStart());
    const ladder = books.ladder(SLUG);
    const state = PanelState.parse(buildPanelState(inputs({ ladder })));
    expect(state.ladder?.yes.bids).toEqual([
      { priceMillis: '540', sizeRaw: '1500000000' },
      { priceMillis: '530', sizeRaw: '200000000' },
    ]);
    expect(state.ladder?.no.bids[0]).toEqual({ priceMillis: '440', sizeRaw: '800000000' });
    expect(buildPanelState(inputs()).ladder).toBeNull();
  });

  it('carries the exchange’s clock offset, for the panel’s countdowns', () => {
    expect(buildPanelState(inputs({ clockOffsetMs: -4_000 })).clockOffsetMs).toBe(-4_000);
  });

  it('carries the theme, so a framed panel paints in it without reading settings itself', () => {
    const dark = { ...DEFAULT_SETTINGS, theme: 'dark' as const };
    expect(buildPanelState(inputs({ settings: dark })).theme).toBe('dark');
    expect(buildPanelState(inputs()).theme).toBe(DEFAULT_SETTINGS.theme);
  });

  it("shows an AMM market's holdings, listed apart from the CLOB positions (issue 31)", () => {
    const state = buildPanelState(
      inputs({ marketSlug: 'old-amm-market', market: MarketRecord.parse(ex.ammMarketRecord()) }),
    );
    // 6.6 NO bought for $2.00: 30.30¢ each; at the latest 30¢ they are worth $1.98.
    expect(state.position).toEqual({
      yes: { contractsRaw: '0', avgPriceRaw: '0', unrealizedPnlRaw: '0' },
      no: { contractsRaw: '6600000', avgPriceRaw: '303030', unrealizedPnlRaw: '-20000' },
    });
    expect(PanelState.parse(state)).toEqual(state);
  });

  it('an AMM holding with no price to value it at has no P&L, never an invented one', () => {
    const positions = Positions.parse(ex.positions());
    const amm = positions.amm[0];
    if (!amm) throw new Error('the example has an AMM position');
    amm.latestTrade = { outcomeTokenPrice: null };
    const portfolio = new PortfolioTracker();
    portfolio.set(Positions.parse(positions), NOW);
    const state = buildPanelState(inputs({ marketSlug: 'old-amm-market', portfolio }));
    expect(state.position?.no).toEqual({
      contractsRaw: '6600000',
      avgPriceRaw: '303030',
      unrealizedPnlRaw: null,
    });
  });

  it('has no position on a market the user holds nothing in', () => {
    expect(buildPanelState(inputs({ marketSlug: 'another-market' })).position).toBeNull();
  });

  it('shows open orders only while unlocked', () => {
    const openOrders = [ex.userOrder()] as PanelInputs['openOrders'];
    expect(buildPanelState(inputs({ openOrders })).openOrders).toHaveLength(1);
    expect(buildPanelState(inputs({ openOrders, vault: 'locked' })).openOrders).toEqual([]);
  });

  it('lists the newest eight intents of this market only', () => {
    const intents = [
      ...Array.from({ length: 10 }, (_, i) =>
        intentView({ clientOrderId: `c-${i}`, marketSlug: SLUG }),
      ),
      intentView({ clientOrderId: 'elsewhere', marketSlug: 'other' }),
    ];
    const listed = buildPanelState(inputs({ intents })).intents.map((i) => i.clientOrderId);
    expect(listed).toEqual(['c-0', 'c-1', 'c-2', 'c-3', 'c-4', 'c-5', 'c-6', 'c-7']);
  });

  it('reduces the connection to live, connecting or offline', () => {
    const of = (connection: PanelInputs['connection']) =>
      buildPanelState(inputs({ connection })).connection;
    expect(of({ status: 'live', authenticated: false, since: 0 })).toBe('live');
    expect(of({ status: 'connecting', authenticated: true })).toBe('connecting');
    expect(
      of({
        status: 'reconnecting',
        authenticated: true,
        attempt: 2,
        nextAttemptAt: 0,
        reason: 'x',
      }),
    ).toBe('offline');
    expect(of({ status: 'idle' })).toBe('offline');
  });
});

describe('PanelState sent to a web page', () => {
  it('keeps only the order fields it names: extra keys from the exchange (a signature, say) are dropped', () => {
    const order = UserOrder.parse({
      ...ex.userOrder(),
      signature: '0xdeadbeef',
      owner: { apiKey: 'x' },
    });
    expect(order).toHaveProperty('signature');
    const state = PanelState.parse(buildPanelState(inputs({ openOrders: [order] })));
    expect(state.openOrders[0]).toBeDefined();
    expect(state.openOrders[0]).not.toHaveProperty('signature');
    expect(state.openOrders[0]).not.toHaveProperty('owner');
    expect(JSON.stringify(state)).not.toContain('deadbeef');
  });
});

describe('the first-run hint', () => {
  const hint = (over: Partial<PanelInputs> = {}) => buildPanelState(inputs(over)).hint;
  const remote = {
    ...DEFAULT_SETTINGS,
    exchange: { ...DEFAULT_SETTINGS.exchange, apiUrl: 'https://api.exchange.example' },
  };

  it('names the first preset under Buy YES for a newcomer in the sandbox', () => {
    expect(DEFAULT_SETTINGS.exchange.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(hint()).toBe('Try it: click $5 under Buy YES.');
    const odd = { ...DEFAULT_SETTINGS.quickTrade, presets: ['2500000', '10000000'] };
    expect(hint({ settings: { ...DEFAULT_SETTINGS, quickTrade: odd } })).toBe(
      'Try it: click $2.50 under Buy YES.',
    );
  });

  it('is gone after the first order, while trading is blocked, and on a real exchange', () => {
    expect(hint({ intents: [intentView({ marketSlug: 'another-market' })] })).toBeNull();
    expect(hint({ vault: 'locked' })).toBeNull();
    expect(hint({ mode: mode('cancel_only') })).toBeNull();
    expect(hint({ settings: remote })).toBeNull();
    expect(hint({ market: market({ tradeType: 'amm' }) })).toBeNull();
  });
});
