import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '../../lib/core/api/events';
import type { RunningSandbox } from '../../sandbox/index';
import { waitFor } from '../wait';
import { startTestSandbox } from './helpers';

/* The sandbox's two outages, as the extension's outage tests use them (sandbox/outage.ts). */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const status = () => fetch(`${sandbox.apiUrl}/maintenance/status`);

function connect(): Promise<Socket> {
  const socket = io(`${sandbox.wsUrl}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('SandboxOutage', () => {
  it('stop: the port refuses and sockets are cut; resume: the same port answers again', async () => {
    const socket = await connect();
    const cut = new Promise((resolve) => socket.once('disconnect', resolve));
    await sandbox.outage.stop();
    await cut;
    await expect(status()).rejects.toThrow();
    await sandbox.outage.resume();
    expect((await status()).status).toBe(200);
  });

  it('hang: a request is answered only once resumed; the sandbox endpoints still answer', async () => {
    sandbox.outage.hang();
    let answered = false;
    const held = status().then((r) => {
      answered = true;
      return r.status;
    });
    await waitFor(() => expect(sandbox.outage.held).toBe(1));
    // The sandbox's own endpoints still answer.
    expect((await fetch(`${sandbox.apiUrl}/__sandbox/accounts`)).status).toBe(200);
    expect(answered).toBe(false);
    await sandbox.outage.resume();
    expect(await held).toBe(200);
  });

  it('hang: a socket event sent meanwhile is not taken; after resume, events flow', async () => {
    const socket = await connect();
    const books: string[] = [];
    socket.on('orderbookUpdate', (e: { marketSlug: string }) => books.push(e.marketSlug));
    sandbox.outage.hang();
    const ignored = sandbox.outage.ignoredEvents;
    socket.emit('subscribe_market_prices', { marketSlugs: ['sandbox-btc-100k'] });
    await waitFor(() => expect(sandbox.outage.ignoredEvents).toBe(ignored + 1));
    await sandbox.outage.resume();
    // Packets of one socket are taken in order: once the later subscription answers, the
    // earlier one would have answered first had the hung server taken it.
    socket.emit('subscribe_market_prices', { marketSlugs: ['sandbox-eth-flip'] });
    await new Promise<void>((resolve) =>
      socket.on('orderbookUpdate', (e: { marketSlug: string }) => {
        if (e.marketSlug === 'sandbox-eth-flip') resolve();
      }),
    );
    expect(books).toEqual(['sandbox-eth-flip']);
    socket.disconnect();
  });
});
