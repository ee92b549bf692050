/**
 * A web page on another localhost port tries to drive the sandbox as a page could before
 * it was closed: read every demo account's keys, and switch the trading mode to
 * `disabled` with a CORS JSON POST and with a no-cors text/plain POST, and open a
 * Socket.IO connection. It gets nothing, changes nothing, while the extension (which
 * reaches the sandbox from its own origin) still sets up and goes live.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../fixtures';

const h = useHarness(import.meta.url);
let server: Server;
let pageUrl: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Some other local page</title><h1>Nothing to see</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the sandbox seen from another local page', () => {
  it('gives a page no keys and no control', async () => {
    const page = await h().context.newPage();
    await page.goto(pageUrl);
    const api = h().sandbox.apiUrl;
    const seen = await page.evaluate(async (apiUrl) => {
      const attempt = async (run: () => Promise<Response>) => {
        try {
          const res = await run();
          return res.type === 'opaque' ? 'opaque' : `${res.status} ${await res.text()}`;
        } catch (error) {
          return `blocked: ${String(error)}`;
        }
      };
      const socket = await new Promise<string>((resolve) => {
        const ws = new WebSocket(
          `${apiUrl.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`,
        );
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('refused');
        setTimeout(() => resolve('timeout'), 5000);
      });
      return {
        accounts: await attempt(() => fetch(`${apiUrl}/__sandbox/accounts`)),
        corsPost: await attempt(() =>
          fetch(`${apiUrl}/__sandbox/trading-mode`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ mode: 'disabled' }),
          }),
        ),
        simplePost: await attempt(() =>
          fetch(`${apiUrl}/__sandbox/trading-mode`, {
            method: 'POST',
            mode: 'no-cors',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ mode: 'disabled' }),
          }),
        ),
        socket,
      };
    }, api);

    // Nothing readable came back, and nothing changed.
    expect(seen.accounts).toMatch(/^blocked/);
    expect(seen.accounts).not.toContain('privateKey');
    expect(seen.corsPost).toMatch(/^blocked/);
    expect(['opaque', expect.stringMatching(/^blocked/)]).toContainEqual(seen.simplePost);
    expect(seen.socket).not.toBe('open');
    const status = await (await fetch(`${api}/maintenance/status`)).json();
    expect(status).toMatchObject({ mode: 'normal' });
    await page.close();
  });

  it('still serves the extension: set up from the demo accounts and live', async () => {
    await h().onboard('alice');
    expect((await h().connection()).status).toBe('live');
  });
});
