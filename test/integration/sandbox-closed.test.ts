import { request } from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '../../lib/core/api/events';
import type { RunningSandbox } from '../../sandbox/index';
import { startTestSandbox } from './helpers';

/*
 * The sandbox serves only what a browser on this machine should reach: a web page of
 * another origin cannot read the demo keys or change the exchange's state, and a name
 * that resolves here (DNS rebinding) is not served. Node clients and the extension are.
 */

const FOREIGN = 'http://127.0.0.1:9999';
const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

let sandbox: RunningSandbox;
const sockets: Socket[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

const mode = async () =>
  ((await (await fetch(`${sandbox.apiUrl}/maintenance/status`)).json()) as { mode: string }).mode;

/** A raw HTTP request, so that `Host` can be anything. */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the admin endpoints (/__sandbox/*) are closed to web pages', () => {
  it('a page of another origin cannot read the demo accounts, and gets no CORS header', async () => {
    const res = await fetch(`${sandbox.apiUrl}/__sandbox/accounts`, {
      headers: { origin: FOREIGN },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.text()).not.toContain('privateKey');
  });

  it('a preflight for a JSON POST is answered without any allow header', async () => {
    const res = await fetch(`${sandbox.apiUrl}/__sandbox/trading-mode`, {
      method: 'OPTIONS',
      headers: {
        origin: FOREIGN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(403);
    for (const name of [
      'access-control-allow-origin',
      'access-control-allow-methods',
      'access-control-allow-headers',
    ]) {
      expect(res.headers.get(name)).toBeNull();
    }
  });

  it('a no-cors text/plain POST from a page changes nothing', async () => {
    const res = await fetch(`${sandbox.apiUrl}/__sandbox/trading-mode`, {
      method: 'POST',
      headers: { origin: FOREIGN, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ mode: 'disabled' }),
    });
    expect(res.status).toBe(403);
    expect(await mode()).toBe('normal');
  });

  it('a body that is not JSON is refused even without an Origin', async () => {
    const res = await fetch(`${sandbox.apiUrl}/__sandbox/trading-mode`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ mode: 'disabled' }),
    });
    expect(res.status).toBe(415);
    expect(await mode()).toBe('normal');
  });

  it('the extension and Node clients still drive it', async () => {
    const accounts = await fetch(`${sandbox.apiUrl}/__sandbox/accounts`, {
      headers: { origin: EXTENSION },
    });
    expect(accounts.status).toBe(200);
    const set = await fetch(`${sandbox.apiUrl}/__sandbox/trading-mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'post_only' }),
    });
    expect(set.status).toBe(200);
    expect(await mode()).toBe('post_only');
    const reset = await fetch(`${sandbox.apiUrl}/__sandbox/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(await mode()).toBe('normal');
  });

  it('public market reads keep their CORS for the exchange site', async () => {
    const res = await fetch(`${sandbox.apiUrl}/markets/active`, { headers: { origin: FOREIGN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('an admin path spelled another way is still an admin path', () => {
  // The guard and the router must agree on what is /__sandbox/: percent-encoded letters
  // (`%5F` is `_`), encoded separators, doubled slashes, dot segments and other cases.
  const ACCOUNTS = [
    '/%5F%5Fsandbox/accounts',
    '/%5f%5fsandbox/accounts',
    '/__sandbox%2Faccounts',
    '/%5F%5Fsandbox%2Faccounts',
    '//__sandbox/accounts',
    '/__sandbox//accounts',
    '/./__sandbox/accounts',
    '/markets/../__sandbox/accounts',
    '/__SANDBOX/accounts',
    '/__Sandbox/Accounts',
    '/%5F%5FSandbox/accounts',
  ];

  it('reads no demo key from another origin, and never answers with CORS', async () => {
    for (const path of ACCOUNTS) {
      for (const method of ['GET', 'OPTIONS']) {
        const res = await raw(`${sandbox.apiUrl}${path}`, {
          method,
          headers: {
            origin: FOREIGN,
            ...(method === 'OPTIONS' ? { 'access-control-request-method': 'GET' } : {}),
          },
        });
        const seen = `${method} ${path} → ${res.status} ${res.body}`;
        expect(res.status, seen).toBeGreaterThanOrEqual(400);
        expect(res.body, seen).not.toContain('privateKey');
        expect(res.body, seen).not.toContain('secret');
        expect(res.headers['access-control-allow-origin'], seen).toBeUndefined();
      }
    }
  });

  it('a JSON POST from another origin changes no trading mode', async () => {
    for (const path of [
      '/%5F%5Fsandbox/trading-mode',
      '/__sandbox%2Ftrading-mode',
      '//__sandbox/trading-mode',
      '/__SANDBOX/trading-mode',
      '/__sandbox/%74rading-mode',
    ]) {
      const res = await raw(`${sandbox.apiUrl}${path}`, {
        method: 'POST',
        headers: { origin: FOREIGN, 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'cancel_only' }),
      });
      expect(res.status, `${path} → ${res.status} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(await mode(), path).toBe('normal');
    }
  });

  it('a Node client too must name it plainly: an encoded admin path is refused, not routed', async () => {
    const res = await raw(`${sandbox.apiUrl}/%5F%5Fsandbox/trading-mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'cancel_only' }),
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ message: expect.stringMatching(/\/__sandbox\//) });
    expect(await mode()).toBe('normal');
  });

  it('the plain spelling still serves Node clients, and public reads keep their CORS', async () => {
    expect((await raw(`${sandbox.apiUrl}/__sandbox/accounts`)).status).toBe(200);
    const encoded = await raw(`${sandbox.apiUrl}/markets/%61ctive`, {
      headers: { origin: FOREIGN },
    });
    expect(encoded.status).toBe(200);
    expect(encoded.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('a Host that is not this machine is not served (DNS rebinding)', () => {
  it('on the API', async () => {
    const res = await raw(`${sandbox.apiUrl}/__sandbox/accounts`, {
      headers: { host: 'attacker.example' },
    });
    expect(res.status).toBe(421);
    expect(res.body).not.toContain('privateKey');
    const api = await raw(`${sandbox.apiUrl}/markets/active`, {
      headers: { host: 'attacker.example:4010' },
    });
    expect(api.status).toBe(421);
  });

  it('on the market site', async () => {
    const res = await raw(`${sandbox.siteUrl}/`, { headers: { host: 'attacker.example' } });
    expect(res.status).toBe(421);
  });

  it('on Socket.IO', async () => {
    const port = new URL(sandbox.apiUrl).port;
    const res = await raw(`${sandbox.apiUrl}/socket.io/?EIO=4&transport=polling`, {
      headers: { host: `attacker.example:${port}` },
    });
    // Socket.IO's own refusal (allowRequest): 403, and no session is opened.
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('"sid"');
  });

  it('localhost and 127.0.0.1 are', async () => {
    const port = new URL(sandbox.apiUrl).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await raw(`${sandbox.apiUrl}/markets/active`, { headers: { host } })).status).toBe(
        200,
      );
    }
  });
});

describe('Socket.IO takes only the site, the extension and Node clients', () => {
  const connect = (origin?: string) =>
    new Promise<'connected' | 'refused'>((resolve) => {
      const socket = io(`${sandbox.apiUrl}${SOCKET_NAMESPACE}`, {
        transports: ['polling'],
        reconnection: false,
        ...(origin ? { extraHeaders: { origin } } : {}),
      });
      sockets.push(socket);
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', () => resolve('refused'));
    });

  it('refuses a page of another origin', async () => {
    expect(await connect(FOREIGN)).toBe('refused');
    expect(await connect('http://attacker.example')).toBe('refused');
  });

  it('takes the market site, the extension and a client without Origin', async () => {
    expect(await connect(sandbox.siteUrl)).toBe('connected');
    expect(await connect(EXTENSION)).toBe('connected');
    expect(await connect()).toBe('connected');
  });
});
