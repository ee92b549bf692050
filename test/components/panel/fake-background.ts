import { type Signal, signal } from '@preact/signals';
import type { PortStore } from '../../../components/common/port-store';
import { ArmedPresses } from '../../../lib/background/trading/armed-presses';
import { ExchangeError } from '../../../lib/core/client/errors';
import { CONFIRM_FIELD } from '../../../lib/core/orders/confirm';
import { createMessenger } from '../../../lib/protocol/client';
import type { MessageName, ParsedRequestOf, ResponseOf } from '../../../lib/protocol/messages';
import { PANEL_FRAME_PATH } from '../../../lib/protocol/names';
import type { PANEL_MESSAGES } from '../../../lib/protocol/panel-protocol';
import { PANEL_SENDER } from '../../../lib/protocol/panel-sender';
import { createRouter, type Handlers } from '../../../lib/protocol/router';
import type { SenderInfo } from '../../../lib/protocol/sender';
import type { PanelState } from '../../../lib/protocol/views';

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const SITE = 'http://127.0.0.1:4011';
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

type FakeHandlers = {
  [N in MessageName]?: (request: ParsedRequestOf<N>) => Promise<ResponseOf<N>>;
};

export interface Call {
  name: MessageName;
  request: unknown;
}

/**
 * The background as the panel meets it: the real messenger and the real router (schemas,
 * sender rules), with this build's panel as the sender on a market page and handlers the test
 * gives. A message without a handler is refused, as an unexpected one would be.
 */
export function fakeBackground(handlers: FakeHandlers, slug = 'sandbox-btc-100k') {
  const calls: Call[] = [];
  const all = new Proxy({} as Handlers, {
    get: (_target, name: string) => async (request: unknown) => {
      calls.push({ name: name as MessageName, request });
      const handler = (handlers as Record<string, ((r: unknown) => Promise<unknown>) | undefined>)[
        name
      ];
      if (!handler)
        throw new ExchangeError({ kind: 'unavailable', message: `no fake for ${name}` });
      return handler(request);
    },
  });
  const route = createRouter(all, () => ({
    extensionId: EXTENSION_ID,
    extensionOrigin: EXTENSION_ORIGIN,
    isSiteOrigin: (origin) => origin === SITE,
    panelSender: PANEL_SENDER,
  }));
  const url = `${SITE}/markets/${slug}`;
  // Who the panel is in this build: its frame (Chromium) or the content script (Firefox).
  const sender: SenderInfo =
    PANEL_SENDER === 'panel-frame'
      ? {
          id: EXTENSION_ID,
          url: `${EXTENSION_ORIGIN}${PANEL_FRAME_PATH}`,
          origin: EXTENSION_ORIGIN,
          frameId: 3,
          tab: { id: 7, url },
        }
      : { id: EXTENSION_ID, url, origin: SITE, frameId: 0, tab: { id: 7, url } };
  // The panel's own messenger: only the panel's messages, as in the built script.
  const send = createMessenger<typeof PANEL_MESSAGES>((envelope) => route(envelope, sender));
  return { send, calls, callsOf: (name: MessageName) => calls.filter((c) => c.name === name) };
}

/** A panel port store the test pushes states into. */
export interface FakeStore extends PortStore<PanelState> {
  value: Signal<PanelState | null>;
  connected: Signal<boolean>;
  closed: boolean;
}

export function fakeStore(initial: PanelState | null): FakeStore {
  const store: FakeStore = {
    value: signal(initial),
    connected: signal(true),
    rejected: signal(0),
    closed: false,
    close() {
      store.closed = true;
    },
  };
  return store;
}

/**
 * A handler that keeps the confirmation as the background does (its real `ArmedPresses`):
 * an order above `thresholdRaw` is placed only as the second press of the same order; a
 * first one is refused with the field the panel arms its button on.
 */
export function secondPressPlaces<
  R extends { amountRaw?: string; pressId: string; firstPress?: true },
  T,
>(place: (request: R) => Promise<T>, thresholdRaw = 100_000_000n): (request: R) => Promise<T> {
  const armed = new ArmedPresses();
  return async (request) => {
    const { pressId: _press, firstPress, ...order } = request;
    const press = JSON.stringify(order);
    const needed = BigInt(request.amountRaw ?? '0') > thresholdRaw;
    if (!firstPress && (armed.take('tab', press) || !needed)) return place(request);
    armed.arm('tab', press);
    throw new ExchangeError({
      kind: 'validation',
      source: 'client',
      issues: [
        {
          field: CONFIRM_FIELD,
          message: 'Orders above $100 need a second click on the same button within 3 seconds.',
        },
      ],
    });
  };
}
