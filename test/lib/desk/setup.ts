import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OrderEventInput } from '../../../lib/core/api/events';
import { OrderEvent } from '../../../lib/core/api/events';
import type { ReportedTradingMode } from '../../../lib/core/api/primitives';
import { type ClientErrorInfo, ExchangeError } from '../../../lib/core/client/errors';
import type { AmountIntent } from '../../../lib/core/orders/amounts';
import { type DeskDeps, OrderDesk, type PlaceSpec } from '../../../lib/desk/desk';
import type { GuardLimits } from '../../../lib/desk/guards';
import { SessionJournal } from '../../../lib/desk/journal';
import type { IntentView } from '../../../lib/protocol/intent';
import type { ListingArea } from '../../../lib/storage/area';
import { browserArea } from '../../../lib/storage/area';
import { FakeExchange, orderContext, SLUG } from './fake-exchange';

export { flushTasks as settle } from '../../support/flush';

export const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);
export const C = 1_000_000n;

export interface Rig {
  exchange: FakeExchange;
  desk: OrderDesk;
  area: ListingArea;
  changes: IntentView[];
  refusals: Extract<ClientErrorInfo, { kind: 'trading-mode' }>[];
  sleeps: number[];
  clock: { now: number };
  state: {
    locked: boolean;
    mode: ReportedTradingMode | null;
    limits: GuardLimits;
    /** Signing never finishes (the worker stops between journaling and sending). */
    stallSigning: boolean;
  };
  /** The same worker's storage and exchange, with a new desk: a restarted service worker. */
  restart(): Promise<OrderDesk>;
  /** Runs on each of the desk's sleeps (after the clock moved by it). */
  onSleep: ((ms: number) => void) | null;
}

export interface RigOptions {
  /** Sign with a receive window, in the rig's clock. */
  receiveWindowMs?: number;
  /** The journal's storage (default: the fake browser's `storage.session`). */
  area?: ListingArea;
  /** The live book's best prices, as the background gives them to the desk. */
  quote?: DeskDeps['quote'];
}

export const DEFAULT_LIMITS: GuardLimits = {
  maxOrderNotionalRaw: 1_000n * C,
  maxOrdersPerMinute: 30,
  confirmAboveRaw: 100n * C,
};

let idCounter = 0;

/** An OrderDesk over the fake exchange and `storage.session` of WXT's fake browser. */
export function rig(exchange = new FakeExchange(), options: RigOptions = {}): Rig {
  const area = options.area ?? browserArea(fakeBrowser.storage.session);
  const changes: IntentView[] = [];
  const refusals: Rig['refusals'] = [];
  const sleeps: number[] = [];
  const clock = { now: T0 };
  const state: Rig['state'] = {
    locked: false,
    mode: 'normal',
    limits: { ...DEFAULT_LIMITS },
    stallSigning: false,
  };
  const deps = (): DeskDeps => ({
    store: new SessionJournal(area),
    client: () => {
      if (state.locked)
        throw new ExchangeError({ kind: 'unavailable', message: 'Unlock the extension first.' });
      return exchange.client();
    },
    orderContext: () =>
      state.stallSigning ? new Promise(() => undefined) : Promise.resolve(orderContext()),
    actAs: () => ({}),
    limits: () => state.limits,
    tradingMode: () => state.mode,
    onTradingModeRefused: (info) => refusals.push(info),
    onChange: (view) => changes.push(structuredClone(view)),
    now: () => clock.now,
    // Sleeping moves the clock, as time would.
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.now += ms;
      result.onSleep?.(ms);
    },
    newId: () => `cid-${++idCounter}`,
    ...(options.quote ? { quote: options.quote } : {}),
    ...(options.receiveWindowMs !== undefined
      ? { receiveWindow: { ms: options.receiveWindowMs, serverNow: () => clock.now } }
      : {}),
  });
  const desk = new OrderDesk(deps());
  const result: Rig = {
    exchange,
    desk,
    area,
    changes,
    refusals,
    sleeps,
    clock,
    state,
    restart: async () => {
      const next = new OrderDesk(deps());
      await next.init();
      return next;
    },
    onSleep: null,
  };
  return result;
}

/**
 * `storage.session` as a worker that Chromium is stopping sees it: while `dropping` is
 * set, a write is neither applied nor answered (the browser drops the calls of a worker
 * it takes down, while that worker's fetch still goes out). `calls` lists every write's key.
 */
export function droppingArea() {
  const inner = browserArea(fakeBrowser.storage.session);
  const control = { dropping: false, calls: [] as string[] };
  const area = {
    ...inner,
    set: (key: string, value: unknown): Promise<void> => {
      control.calls.push(key);
      if (control.dropping) return new Promise<void>(() => undefined);
      return inner.set(key, value);
    },
  };
  return { area, control };
}

export function spec(amounts: AmountIntent, over: Partial<PlaceSpec> = {}): PlaceSpec {
  const notionalRaw =
    amounts.orderType === 'FOK'
      ? amounts.side === 'BUY'
        ? amounts.spend
        : amounts.contracts / 2n
      : (amounts.contracts * BigInt(Math.round(Number(amounts.price) * 1000))) / 1000n;
  return {
    marketSlug: SLUG,
    marketTitle: 'Will it rain in Lisbon tomorrow?',
    outcome: 'YES',
    amounts,
    notionalRaw,
    confirmed: false,
    ...over,
  };
}

export const fokBuy = (spend = 5n * C): AmountIntent => ({ orderType: 'FOK', side: 'BUY', spend });
export const fokSell = (contracts = 10n * C): AmountIntent => ({
  orderType: 'FOK',
  side: 'SELL',
  contracts,
});
export const fak = (side: 'BUY' | 'SELL', price: string, contracts: bigint): AmountIntent => ({
  orderType: 'FAK',
  side,
  price,
  contracts,
});
export const gtc = (side: 'BUY' | 'SELL', price: string, contracts: bigint): AmountIntent => ({
  orderType: 'GTC',
  side,
  price,
  contracts,
});

/** Parses like the live connection does, so events have their real parsed shape. */
export const event = (input: OrderEventInput) => OrderEvent.parse(input);

let eventCounter = 0;
export const nextEventId = () => `ev-${++eventCounter}`;

export function ome(
  view: Pick<IntentView, 'clientOrderId' | 'orderId'>,
  type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION' | 'EXECUTION',
  extra: {
    status?: 'FILLED' | 'PARTIALLY_FILLED' | 'KILLED';
    reason?: string;
    eventId?: string;
  } = {},
) {
  return event({
    source: 'OME',
    type,
    ...(extra.status ? { status: extra.status } : {}),
    eventId: extra.eventId ?? nextEventId(),
    orderId: view.orderId ?? '',
    clientOrderId: view.clientOrderId,
    marketSlug: SLUG,
    tokenId: '1',
    side: 'BUY',
    price: 0.5,
    remainingSize: '0',
    reason: extra.reason ?? null,
    occurredAt: '2026-11-22T08:00:01.000Z',
  });
}

export function settlement(
  type: 'MATCHED' | 'MINED' | 'FAILED',
  taker: { clientOrderId: string | null; orderId: string },
  matches: { orderId: string; matchedSize: bigint; price: string | number }[],
  extra: { tradeEventId?: string; eventId?: string; reason?: string } = {},
) {
  return event({
    source: 'SETTLEMENT',
    type,
    ...(type === 'MATCHED' ? { isEstimate: true } : {}),
    eventId: extra.eventId ?? nextEventId(),
    tradeEventId: extra.tradeEventId ?? 'te-x',
    takerOrderId: taker.orderId,
    clientOrderId: taker.clientOrderId,
    marketSlug: SLUG,
    makerMatches: matches.map((m) => ({
      orderId: m.orderId,
      matchedSize: m.matchedSize.toString(),
      price: m.price,
    })),
    txHash: type === 'MINED' ? '0xabc' : null,
    reason: extra.reason ?? null,
    occurredAt: '2026-11-22T08:00:02.000Z',
  });
}

/** Lets queued microtasks and journal writes run. */
