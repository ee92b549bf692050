import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../../../lib/core/client/errors';
import { createMessenger } from '../../../lib/protocol/client';
import { MESSAGES, type MessageName, PROTOCOL } from '../../../lib/protocol/messages';
import { PANEL_MESSAGES } from '../../../lib/protocol/panel-protocol';
import { createRouter, type Handlers } from '../../../lib/protocol/router';
import { policy, REQUESTS, RESPONSES, SENDERS } from './fixtures';

async function errorOf(promise: Promise<unknown>): Promise<ExchangeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error('expected an ExchangeError');
}

function answeringHandlers(): Handlers {
  const handlers: Record<string, () => Promise<unknown>> = {};
  for (const name of Object.keys(MESSAGES) as MessageName[]) {
    handlers[name] = async () => RESPONSES[name]();
  }
  return handlers as unknown as Handlers;
}

describe('createMessenger', () => {
  it('round-trips every page message through the router and parses the answer', async () => {
    const route = createRouter(answeringHandlers(), () => policy);
    const popup = SENDERS['the popup (extension page, no tab)']?.sender ?? {};
    const send = createMessenger<typeof MESSAGES>((envelope) => route(envelope, popup));
    const pageMessages = (Object.keys(MESSAGES) as MessageName[]).filter((n) =>
      (MESSAGES[n].senders as readonly string[]).includes('page'),
    );
    for (const name of pageMessages) {
      const answer = await send(name, REQUESTS[name] as never);
      expect(answer).toEqual(MESSAGES[name].response.parse(RESPONSES[name]()));
    }
  });

  it('sends the envelope with the protocol, the name and the request', async () => {
    const sent: unknown[] = [];
    const send = createMessenger<typeof MESSAGES>(async (envelope) => {
      sent.push(envelope);
      return { ok: true, data: {} };
    });
    await send('panel.openOptions', {});
    expect(sent).toEqual([{ protocol: PROTOCOL, name: 'panel.openOptions', payload: {} }]);
  });

  it("an invalid request comes back as the router's refusal, naming the field to change", async () => {
    let handled = 0;
    const route = createRouter(
      new Proxy({} as Handlers, {
        get: () => async () => {
          handled++;
          return {};
        },
      }),
      () => policy,
    );
    const popup = SENDERS['the popup (extension page, no tab)']?.sender ?? {};
    const send = createMessenger<typeof MESSAGES>((envelope) => route(envelope, popup));
    const error = await errorOf(send('panel.state', { marketSlug: 'Not A Slug!' }));
    expect(error.info).toMatchObject({
      kind: 'validation',
      source: 'client',
      issues: [{ field: 'marketSlug', message: 'not a market slug' }],
    });
    expect(error.message).toBe('Not sent: not a market slug.');
    expect(handled).toBe(0);
  });

  it("rethrows the background's typed refusal", async () => {
    const info = { kind: 'forbidden', message: 'sender refused: not from the top frame' } as const;
    const send = createMessenger<typeof MESSAGES>(async () => ({ ok: false, error: info }));
    expect((await errorOf(send('vault.status', {}))).info).toEqual(info);
  });

  it('refuses an answer that is not a reply', async () => {
    for (const answer of [{ ok: 'yes' }, { ok: true }, { ok: false, error: 'no' }, [], 'ok']) {
      const send = createMessenger<typeof MESSAGES>(async () => answer);
      const error = await errorOf(send('vault.status', {}));
      expect(error.info).toEqual({
        kind: 'unavailable',
        message: "The extension's background sent an unreadable answer.",
      });
    }
  });

  it('says the background did not answer when nothing listens (sendMessage resolves undefined)', async () => {
    const send = createMessenger<typeof MESSAGES>(async () => undefined);
    expect((await errorOf(send('vault.status', {}))).info.kind).toBe('unavailable');
  });

  it('says the background did not answer when sending fails', async () => {
    const send = createMessenger<typeof MESSAGES>(async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    });
    const error = await errorOf(send('vault.status', {}));
    expect(error.message).toContain('Receiving end does not exist');
  });
});

describe('the page panel messenger', () => {
  it('names only the panel messages, each one of the protocol', () => {
    const send = createMessenger<typeof PANEL_MESSAGES>(async () => ({ ok: true, data: {} }));
    // @ts-expect-error the panel's messenger cannot name another message
    void send('vault.status', {}).catch(() => undefined);
    expect(Object.keys(PANEL_MESSAGES).every((name) => name.startsWith('panel.'))).toBe(true);
    expect(Object.keys(PANEL_MESSAGES).every((name) => name in MESSAGES)).toBe(true);
  });

  it('a content script naming another message is refused by the background', async () => {
    const route = createRouter(answeringHandlers(), () => policy);
    const content = Object.values(SENDERS).find((s) => s.kind === 'content')?.sender;
    expect(content).toBeDefined();
    const send = createMessenger<typeof MESSAGES>((envelope) => route(envelope, content ?? {}));
    const error = await errorOf(send('vault.status', {}));
    expect(error.info.kind).toBe('forbidden');
  });
});
