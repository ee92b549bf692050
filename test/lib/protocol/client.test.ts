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
    const send = createMessenger((envelope) => route(envelope, popup), MESSAGES);
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
    const send = createMessenger(async (envelope) => {
      sent.push(envelope);
      return { ok: true, data: {} };
    }, MESSAGES);
    await send('panel.openOptions', {});
    expect(sent).toEqual([{ protocol: PROTOCOL, name: 'panel.openOptions', payload: {} }]);
  });

  it('refuses an invalid request before sending it', async () => {
    let sends = 0;
    const send = createMessenger(async () => {
      sends++;
      return { ok: true, data: {} };
    }, MESSAGES);
    const error = await errorOf(send('panel.state', { marketSlug: 'Not A Slug!' }));
    expect(error.info).toMatchObject({ kind: 'validation', source: 'client' });
    expect(sends).toBe(0);
  });

  it("rethrows the background's typed refusal", async () => {
    const info = { kind: 'forbidden', message: 'sender refused: not from the top frame' } as const;
    const send = createMessenger(async () => ({ ok: false, error: info }), MESSAGES);
    expect((await errorOf(send('vault.status', {}))).info).toEqual(info);
  });

  it('refuses an answer that breaks the response schema', async () => {
    const send = createMessenger(
      async () => ({ ok: true, data: { status: 'open sesame' } }),
      MESSAGES,
    );
    const error = await errorOf(send('vault.status', {}));
    expect(error.info).toEqual({
      kind: 'unavailable',
      message: 'The answer to "vault.status" has an unexpected shape.',
    });
  });

  it('says the background did not answer when nothing listens (sendMessage resolves undefined)', async () => {
    const send = createMessenger(async () => undefined, MESSAGES);
    expect((await errorOf(send('vault.status', {}))).info.kind).toBe('unavailable');
  });

  it('says the background did not answer when sending fails', async () => {
    const send = createMessenger(async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    }, MESSAGES);
    const error = await errorOf(send('vault.status', {}));
    expect(error.message).toContain('Receiving end does not exist');
  });
});

describe('the page panel messenger', () => {
  it('knows only the panel messages: another message is refused before anything is sent', async () => {
    let sent = 0;
    const send = createMessenger(async () => {
      sent++;
      return { ok: true, data: {} };
    }, PANEL_MESSAGES);
    const refusal = await (send as unknown as (n: string, r: unknown) => Promise<unknown>)(
      'vault.status',
      {},
    ).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ExchangeError);
    expect(sent).toBe(0);
    expect(Object.keys(PANEL_MESSAGES).every((name) => name.startsWith('panel.'))).toBe(true);
    expect(Object.keys(PANEL_MESSAGES).every((name) => name in MESSAGES)).toBe(true);
  });
});
