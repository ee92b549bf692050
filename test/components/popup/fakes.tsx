import { render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { reduceAppState } from '../../../components/common/app-state';
import {
  type ClientPort,
  createPortStore,
  type PortStore,
} from '../../../components/common/port-store';
import { type PopupServices, PopupServicesContext } from '../../../components/popup/services';
import { ExchangeError } from '../../../lib/core/client/errors';
import { createMessenger } from '../../../lib/protocol/client';
import {
  MESSAGES,
  type MessageName,
  type ParsedRequestOf,
  type ResponseOf,
} from '../../../lib/protocol/messages';
import { type AppSnapshot, StatePortMessage } from '../../../lib/protocol/views';

export type FakeHandlers = {
  [N in MessageName]?: (request: ParsedRequestOf<N>) => ResponseOf<N> | Promise<ResponseOf<N>>;
};

export interface Call {
  name: MessageName;
  request: unknown;
}

/**
 * A background that keeps the real contract: requests and answers go through the
 * protocol's schemas (the real messenger on one side, the same checks the router makes
 * on the other), and a thrown ExchangeError arrives as the typed refusal.
 */
export function fakeBackground(handlers: FakeHandlers) {
  const calls: Call[] = [];
  const send = createMessenger<typeof MESSAGES>(async (envelope) => {
    const { name, payload } = envelope as { name: MessageName; payload: unknown };
    calls.push({ name, request: payload });
    const def = MESSAGES[name];
    const request = def.request.safeParse(payload);
    if (!request.success) {
      return { ok: false, error: { kind: 'validation', source: 'client', issues: [] } };
    }
    const handler = handlers[name] as ((r: unknown) => unknown) | undefined;
    if (!handler) {
      return { ok: false, error: { kind: 'unavailable', message: `${name} is not faked here.` } };
    }
    try {
      const data = def.response.parse(await handler(request.data));
      return { ok: true, data };
    } catch (error) {
      if (error instanceof ExchangeError) return { ok: false, error: error.info };
      throw error;
    }
  });
  return { send, calls, named: (name: MessageName) => calls.filter((c) => c.name === name) };
}

export function services(send: PopupServices['send'], over: Partial<PopupServices> = {}) {
  const opened: string[] = [];
  let optionsOpened = 0;
  const value: PopupServices = {
    send,
    openTab: (url) => {
      opened.push(url);
    },
    openOptions: () => {
      optionsOpened++;
    },
    ...over,
  };
  return { value, opened, optionsOpened: () => optionsOpened };
}

export function renderWith(ui: ComponentChildren, value: PopupServices) {
  return render(<PopupServicesContext.Provider value={value}>{ui}</PopupServicesContext.Provider>);
}

/**
 * The real port store on a fake port: `push` delivers a message as the background
 * would; updates are applied at once (the frame scheduler is the only thing replaced).
 */
export function fakeStatePort() {
  const listeners: ((message: unknown) => void)[] = [];
  const disconnects: (() => void)[] = [];
  const port: ClientPort = {
    postMessage: () => undefined,
    onMessage: { addListener: (l) => listeners.push(l) },
    onDisconnect: { addListener: (l) => disconnects.push(l) },
    disconnect: () => undefined,
  };
  const store: PortStore<AppSnapshot> = createPortStore({
    connect: () => port,
    // The fixtures are held to the full schema here; the popup itself checks the shape.
    accept: (raw): raw is StatePortMessage => StatePortMessage.safeParse(raw).success,
    reduce: reduceAppState,
    schedule: (flush) => flush(),
    reconnectMs: 60_000,
  });
  return {
    store,
    push(snapshot: AppSnapshot) {
      for (const l of listeners) l({ topic: 'snapshot', data: snapshot });
    },
    dropWorker() {
      for (const d of disconnects) d();
    },
  };
}
