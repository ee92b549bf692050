import { type Signal, signal } from '@preact/signals';
import type { PortStore } from '../../../components/common/port-store';
import { ExchangeError } from '../../../lib/core/client/errors';
import { createMessenger } from '../../../lib/protocol/client';
import type { MessageName, ParsedRequestOf, ResponseOf } from '../../../lib/protocol/messages';
import type { PANEL_MESSAGES } from '../../../lib/protocol/panel-protocol';
import { createRouter, type Handlers } from '../../../lib/protocol/router';
import type { PanelState } from '../../../lib/protocol/views';

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const SITE = 'http://127.0.0.1:4011';

type FakeHandlers = {
  [N in MessageName]?: (request: ParsedRequestOf<N>) => Promise<ResponseOf<N>>;
};

export interface Call {
  name: MessageName;
  request: unknown;
}

/**
 * The background as the panel meets it: the real messenger and the real router (schemas,
 * sender rules), with a content-script sender on a market page and handlers the test
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
    extensionOrigin: `chrome-extension://${EXTENSION_ID}`,
    isSiteOrigin: (origin) => origin === SITE,
  }));
  const url = `${SITE}/markets/${slug}`;
  // The content script's own messenger: only the panel's messages, as in the built script.
  const send = createMessenger<typeof PANEL_MESSAGES>((envelope) =>
    route(envelope, { id: EXTENSION_ID, url, origin: SITE, frameId: 0, tab: { id: 7, url } }),
  );
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
