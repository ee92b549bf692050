import type { UserOrder } from '../../../../lib/core/api/orders';
import type { IntentView } from '../../../../lib/protocol/intent';
import { type PanelBlock, PanelState } from '../../../../lib/protocol/views';
import { intentView, panelState as protocolPanelState } from '../../../lib/protocol/fixtures';

export const SLUG = 'sandbox-btc-100k';
export const YES_TOKEN = '1001';
export const NO_TOKEN = '1002';
export const ORDER_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] };

/** A panel state as the background sends it, on a live book, checked against the real schema. */
export function panelState(over: DeepPartial<PanelState> = {}): PanelState {
  const base = protocolPanelState({
    marketSlug: SLUG,
    market: {
      title: 'Will BTC close above $100k?',
      imageUrl: null,
      tradeType: 'clob',
      status: 'FUNDED',
      deadline: null,
      tokens: { yes: YES_TOKEN, no: NO_TOKEN },
    },
    mode: { mode: 'normal', resumeAt: null, restrictions: [], checkedAt: 1 },
    book: {
      marketSlug: SLUG,
      bestBid: 0.61,
      bestAsk: 0.63,
      bidSize: '100000000',
      askSize: '100000000',
      midpoint: 0.62,
      updatedAt: 1,
    },
    intents: [],
  });
  return PanelState.parse({
    ...base,
    ...over,
    quickTrade: { ...base.quickTrade, ...over.quickTrade },
  });
}

export const position = (yesRaw: string, noRaw = '0'): PanelState['position'] => ({
  yes: { contractsRaw: yesRaw, avgPriceRaw: '500000', unrealizedPnlRaw: '60000000' },
  no: { contractsRaw: noRaw, avgPriceRaw: '400000', unrealizedPnlRaw: '-2500000' },
});

export const block = (code: PanelBlock['code'], over: Partial<PanelBlock> = {}): PanelBlock => ({
  code,
  message: `blocked: ${code}`,
  cancelAllowed: false,
  resumeAt: null,
  ...over,
});

export const userOrder = (over: Partial<UserOrder> = {}): UserOrder => ({
  id: ORDER_ID,
  clientOrderId: null,
  side: 'BUY',
  tokenId: YES_TOKEN,
  price: 0.55,
  originalSize: '10000000',
  remainingSize: '10000000',
  orderType: 'GTC',
  postOnly: false,
  settlementStatus: 'UNMATCHED',
  eligibleAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

/** An intent on this market: the protocol's builder with the panel's market and order. */
export const intent = (over: Partial<IntentView> = {}): IntentView =>
  intentView({
    marketSlug: SLUG,
    marketTitle: 'Will BTC close above $100k?',
    orderId: ORDER_ID,
    filledContractsRaw: '7936509',
    summary: 'filled 7.936509 YES at 0.63',
    ...over,
  });
