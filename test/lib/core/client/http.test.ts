import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ServerClock } from '../../../../lib/core/client/clock';
import { ExchangeError } from '../../../../lib/core/client/errors';
import { RequestSigner, signingMessage } from '../../../../lib/core/client/hmac';
import {
  type AttemptRecord,
  buildPath,
  errorFromResponse,
  HttpTransport,
} from '../../../../lib/core/client/http';
import { DEFAULT_RETRY } from '../../../../lib/core/client/retry';
import { errorBodies } from '../api/examples';
import { fakeFetch, httpDate, manualTime, type Script } from './fake-fetch';

const SECRET = 'c2FuZGJveC1kZW1vLXNlY3JldC0wMDAx';
const SERVER_NOW = Date.parse('2026-11-22T08:15:30.250Z');
const Ok = z.looseObject({ ok: z.literal(true) });

interface Setup {
  script: Script;
  local?: number;
  random?: () => number;
  timeoutMs?: number;
  retry?: Partial<typeof DEFAULT_RETRY>;
}

async function setup({ script, local = SERVER_NOW, random = () => 0.5, ...rest }: Setup) {
  const time = manualTime(local);
  const { fetch, requests } = fakeFetch(script);
  const signer = await RequestSigner.create('tok-1', SECRET);
  const attempts: AttemptRecord[] = [];
  const transport = new HttpTransport({
    baseUrl: 'http://127.0.0.1:8787',
    signer,
    fetch,
    clock: new ServerClock(time.localNow),
    sleep: time.sleep,
    random,
    onAttempt: (a) => attempts.push(a),
    ...rest,
  });
  return { transport, requests, time, signer, attempts };
}

async function failure(promise: Promise<unknown>): Promise<ExchangeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const getOk = (transport: HttpTransport, auth: 'required' | 'none' = 'required') =>
  transport.request({ method: 'GET', path: '/ok', auth, schema: Ok });

describe('buildPath', () => {
  it('appends defined query values only', () => {
    expect(buildPath('/orders/cancel', { onBehalfOf: 42, x: undefined })).toBe(
      '/orders/cancel?onBehalfOf=42',
    );
    expect(buildPath('/p', {})).toBe('/p');
    expect(buildPath('/search', { query: 'a b&c' })).toBe('/search?query=a+b%26c');
  });
});

describe('HttpTransport: retries', () => {
  it('retries 5xx with capped exponential backoff and jitter, then succeeds', async () => {
    const { transport, requests, time } = await setup({
      script: [{ status: 503 }, { status: 500 }, { status: 200, json: { ok: true } }],
      random: () => 0,
    });
    await expect(getOk(transport)).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(3);
    // random 0 → half of the ceiling: 200/2, then 400/2.
    expect(time.state.sleeps).toEqual([100, 200]);
  });

  it('jitter comes from the injected random source', async () => {
    const { transport, time } = await setup({
      script: [{ status: 502 }, { status: 502 }, { status: 200, json: { ok: true } }],
      random: () => 1,
    });
    await getOk(transport);
    expect(time.state.sleeps).toEqual([200, 400]);
  });

  it('gives up after a bounded number of attempts with the last error', async () => {
    const { transport, requests, time } = await setup({
      script: () => ({ status: 500, json: errorBodies.general('Internal error', 500) }),
    });
    const error = await failure(getOk(transport));
    expect(error.info).toEqual({ kind: 'server', status: 500, message: 'Internal error' });
    expect(requests).toHaveLength(DEFAULT_RETRY.maxAttempts);
    expect(time.state.sleeps).toHaveLength(DEFAULT_RETRY.maxAttempts - 1);
  });

  it('never waits longer than maxDelayMs between attempts', async () => {
    const { transport, time } = await setup({
      script: () => ({ status: 503 }),
      retry: { maxAttempts: 8, baseDelayMs: 1_000, maxDelayMs: 3_000 },
      random: () => 1,
    });
    await failure(getOk(transport));
    expect(time.state.sleeps).toEqual([1_000, 2_000, 3_000, 3_000, 3_000, 3_000, 3_000]);
  });

  it('honours Retry-After in seconds on a 429', async () => {
    const { transport, requests, time } = await setup({
      script: [
        { status: 429, headers: { 'retry-after': '3' } },
        { status: 200, json: { ok: true } },
      ],
    });
    await getOk(transport);
    expect(requests).toHaveLength(2);
    expect(time.state.sleeps).toEqual([3_000]);
  });

  it('honours Retry-After as an HTTP date, measured in server time', async () => {
    // Our clock is 2 minutes behind; the 429 says "retry at server time + 5 s".
    const serverNow = SERVER_NOW - 250; // the Date header's whole second
    const { transport, time } = await setup({
      local: SERVER_NOW - 120_000,
      script: [
        {
          status: 429,
          headers: { date: httpDate(serverNow), 'retry-after': httpDate(serverNow + 5_000) },
        },
        { status: 200, json: { ok: true } },
      ],
    });
    await getOk(transport);
    expect(time.state.sleeps).toHaveLength(1);
    expect(time.state.sleeps[0]).toBeGreaterThanOrEqual(4_000);
    expect(time.state.sleeps[0]).toBeLessThanOrEqual(5_000);
  });

  it('caps a long Retry-After', async () => {
    const { transport, time } = await setup({
      script: [
        { status: 429, headers: { 'retry-after': '3600' } },
        { status: 200, json: { ok: true } },
      ],
    });
    await getOk(transport);
    expect(time.state.sleeps).toEqual([DEFAULT_RETRY.maxRetryAfterMs]);
  });

  it('a Retry-After shorter than the backoff does not hurry the retry', async () => {
    const { transport, time } = await setup({
      script: [
        { status: 429, headers: { 'retry-after': '0' } },
        { status: 200, json: { ok: true } },
      ],
      random: () => 1,
    });
    await getOk(transport);
    expect(time.state.sleeps).toEqual([200]);
  });

  it('a 429 that never clears ends as rate-limited with its Retry-After', async () => {
    const { transport, requests } = await setup({
      script: () => ({ status: 429, headers: { 'retry-after': '2' } }),
    });
    const error = await failure(getOk(transport));
    expect(error.info).toEqual({ kind: 'rate-limited', retryAfterMs: 2_000 });
    expect(requests).toHaveLength(DEFAULT_RETRY.maxAttempts);
  });

  it.each([
    [400, 'rejected', errorBodies.general()],
    [400, 'validation', errorBodies.validation()],
    [401, 'unauthenticated', errorBodies.general('Invalid signature', 401, 'Unauthorized')],
    [403, 'forbidden', errorBodies.general('Forbidden', 403, 'Forbidden')],
    [404, 'not-found', errorBodies.general('Not found', 404, 'Not Found')],
    [409, 'conflict', errorBodies.general('Duplicate clientOrderId', 409, 'Conflict')],
    [425, 'trading-mode', errorBodies.tradingMode()],
    [425, 'receive-window', errorBodies.receiveWindow()],
  ])('%i fails at once with a single request (%s)', async (status, kind, json) => {
    const { transport, requests, time } = await setup({
      script: () => ({ status, json, headers: { date: httpDate(SERVER_NOW) } }),
    });
    const error = await failure(getOk(transport));
    expect(error.kind).toBe(kind);
    expect(requests).toHaveLength(1);
    expect(time.state.sleeps).toEqual([]);
  });

  it('a request marked retry: false is sent once even on a 503', async () => {
    const { transport, requests } = await setup({ script: () => ({ status: 503 }) });
    await failure(
      transport.request({ method: 'GET', path: '/ok', auth: 'none', schema: Ok, retry: false }),
    );
    expect(requests).toHaveLength(1);
  });

  it('reports each attempt to the observer', async () => {
    const { transport, attempts } = await setup({
      script: [{ status: 503 }, { status: 200, json: { ok: true } }],
    });
    await getOk(transport);
    expect(attempts.map((a) => [a.attempt, a.status, a.method, a.path])).toEqual([
      [1, 503, 'GET', '/ok'],
      [2, 200, 'GET', '/ok'],
    ]);
  });
});

describe('HttpTransport: a retried POST /orders', () => {
  it('resends byte-identical bodies, re-signed with a fresh timestamp each time', async () => {
    const { transport, requests, signer } = await setup({
      script: [{ status: 502 }, { status: 503 }, { status: 200, json: { ok: true } }],
    });
    const body = '{"order":{"salt":"1234567890","makerAmount":5500000},"clientOrderId":"c-1"}';
    await transport.request({
      method: 'POST',
      path: '/orders',
      body,
      auth: 'required',
      schema: Ok,
    });
    expect(requests).toHaveLength(3);
    expect(requests.map((r) => r.body)).toEqual([body, body, body]);
    const stamps = requests.map((r) => r.headers['svc-timestamp']);
    expect(new Set(stamps).size).toBe(3);
    for (const request of requests) {
      const expected = await signer.sign(
        signingMessage(request.headers['svc-timestamp'] ?? '', 'POST', '/orders', body),
      );
      expect(request.headers['svc-signature']).toBe(expected);
    }
  });
});

describe('HttpTransport: a request prepared ahead (an order, while its journal write is answered)', () => {
  const order = (transport: HttpTransport) =>
    transport.prepare({
      method: 'POST',
      path: '/orders',
      body: '{"clientOrderId":"c-1"}',
      auth: 'required',
      schema: Ok,
    });

  it('is signed when prepared, and leaves with that signature only when sent', async () => {
    const { transport, requests, time } = await setup({
      script: [{ status: 200, json: { ok: true } }],
    });
    const send = order(transport);
    const signedAt = new Date(SERVER_NOW).toISOString();
    time.state.now += 1_200;
    expect(requests).toHaveLength(0);
    await send();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers['svc-timestamp']).toBe(signedAt);
  });

  it('is signed again when it is sent more than 5 s after it was prepared', async () => {
    const { transport, requests, time } = await setup({
      script: [{ status: 200, json: { ok: true } }],
    });
    const send = order(transport);
    time.state.now += 5_001;
    await send();
    expect(requests[0]?.headers['svc-timestamp']).toBe(new Date(SERVER_NOW + 5_001).toISOString());
  });

  it('without a token, fails when sent (not when prepared) and sends nothing', async () => {
    const { fetch, requests } = fakeFetch([]);
    const transport = new HttpTransport({ baseUrl: 'http://127.0.0.1:8787', fetch });
    const send = order(transport);
    const error = await failure(send());
    expect(error.kind).toBe('unavailable');
    expect(requests).toHaveLength(0);
  });
});

describe('HttpTransport: timeouts and aborts', () => {
  it('a request that outlives its timeout is a network error with timedOut, and is not retried', async () => {
    const { transport, requests } = await setup({ script: () => ({ hang: true }), timeoutMs: 20 });
    const error = await failure(getOk(transport));
    expect(error.info).toEqual({ kind: 'network', timedOut: true, message: 'timed out' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal?.aborted).toBe(true);
  });

  it('an external abort while waiting for the answer is aborted', async () => {
    const controller = new AbortController();
    const { transport, requests } = await setup({
      script: () => {
        // The caller gives up once the request is on its way.
        setTimeout(() => controller.abort(), 0);
        return { hang: true };
      },
    });
    const error = await failure(
      transport.request({
        method: 'GET',
        path: '/ok',
        auth: 'none',
        schema: Ok,
        signal: controller.signal,
      }),
    );
    expect(error.info).toEqual({ kind: 'aborted' });
    expect(requests).toHaveLength(1);
  });

  it('an external abort during the backoff is aborted, with no further request', async () => {
    const controller = new AbortController();
    const { transport, requests } = await setup({
      script: () => {
        controller.abort();
        return { status: 503 };
      },
    });
    const error = await failure(
      transport.request({
        method: 'GET',
        path: '/ok',
        auth: 'none',
        schema: Ok,
        signal: controller.signal,
      }),
    );
    expect(error.info).toEqual({ kind: 'aborted' });
    expect(requests).toHaveLength(1);
  });

  it('a connection failure is a network error that is not a timeout', async () => {
    const { transport } = await setup({ script: () => ({ fail: new TypeError('fetch failed') }) });
    const error = await failure(getOk(transport));
    expect(error.info).toEqual({ kind: 'network', timedOut: false, message: 'fetch failed' });
  });
});

describe('HttpTransport: answers it cannot read', () => {
  it('a 2xx body that fails its schema is invalid-response naming the request and the field', async () => {
    const { transport } = await setup({ script: [{ status: 200, json: { ok: 'yes' } }] });
    const error = await failure(getOk(transport));
    expect(error.info.kind).toBe('invalid-response');
    expect(error.info).toMatchObject({ status: 200 });
    expect(error.message).toMatch(/GET \/ok: ok: /);
  });

  it('a 2xx body that is not JSON is invalid-response naming the request', async () => {
    const { transport } = await setup({
      script: [{ status: 200, text: '<html>maintenance</html>' }],
    });
    const error = await failure(getOk(transport));
    expect(error.info).toEqual({
      kind: 'invalid-response',
      status: 200,
      message: 'GET /ok: the body is not JSON',
    });
  });
});

describe('HttpTransport: credentials', () => {
  it('an authenticated request without a token fails before anything is sent', async () => {
    const { fetch, requests } = fakeFetch([]);
    const transport = new HttpTransport({ baseUrl: 'http://127.0.0.1:8787', fetch });
    const error = await failure(getOk(transport));
    expect(error.kind).toBe('unavailable');
    expect(requests).toHaveLength(0);
    expect(transport.hasCredentials).toBe(false);
  });

  it('a public request carries no signing headers; a GET has no content-type', async () => {
    const { transport, requests } = await setup({ script: [{ status: 200, json: { ok: true } }] });
    await getOk(transport, 'none');
    expect(Object.keys(requests[0]?.headers ?? {})).toEqual(['accept']);
  });

  it('authHeaders signs a request made elsewhere (the socket handshake) with server time', async () => {
    const { transport, signer } = await setup({ script: [] });
    const path = '/socket.io/?EIO=4&transport=websocket';
    const headers = await transport.authHeaders('GET', path);
    expect(headers['svc-timestamp']).toBe('2026-11-22T08:15:30.250Z');
    expect(headers['svc-signature']).toBe(
      await signer.sign(signingMessage('2026-11-22T08:15:30.250Z', 'GET', path, '')),
    );
  });
});

describe('HttpTransport: clock', () => {
  const local = SERVER_NOW - 120_000; // this machine runs 2 minutes behind the exchange

  it('learns the offset from the Date header: the next request is signed with server time', async () => {
    const { transport, requests } = await setup({
      local,
      script: () => ({ status: 200, json: { ok: true }, headers: { date: httpDate(SERVER_NOW) } }),
    });
    await getOk(transport, 'none');
    await getOk(transport);
    const stamp = Date.parse(requests[1]?.headers['svc-timestamp'] ?? '');
    expect(Math.abs(stamp - SERVER_NOW)).toBeLessThanOrEqual(1_000);
  });

  it('ignores the Date of a response replayed by a shared cache (Age)', async () => {
    const { transport } = await setup({
      script: () => ({
        status: 200,
        json: { ok: true },
        headers: { date: httpDate(SERVER_NOW - 60_000), age: '60' },
      }),
    });
    await getOk(transport, 'none');
    expect(transport.clock.isLearned).toBe(false);
  });

  it('a 401 that reveals more than 10 s of skew is retried once with a corrected timestamp', async () => {
    const { transport, requests } = await setup({
      local,
      script: (request) => {
        const stamp = Date.parse(request.headers['svc-timestamp'] ?? '');
        const fresh = Math.abs(stamp - SERVER_NOW) <= 30_000;
        return fresh
          ? { status: 200, json: { ok: true }, headers: { date: httpDate(SERVER_NOW) } }
          : {
              status: 401,
              json: errorBodies.general(
                'Timestamp outside the allowed window',
                401,
                'Unauthorized',
              ),
              headers: { date: httpDate(SERVER_NOW) },
            };
      },
    });
    await expect(getOk(transport)).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((r) => Date.parse(r.headers['svc-timestamp'] ?? ''));
    expect(Math.abs((first ?? 0) - local)).toBeLessThan(1_000);
    expect(Math.abs((second ?? 0) - SERVER_NOW)).toBeLessThanOrEqual(1_000);
  });

  it('the skew retry happens only once', async () => {
    let server = SERVER_NOW;
    const { transport, requests } = await setup({
      local,
      script: () => {
        // A server whose clock keeps jumping: every answer reveals new skew.
        server += 120_000;
        return {
          status: 401,
          json: errorBodies.general('Invalid timestamp', 401, 'Unauthorized'),
          headers: { date: httpDate(server) },
        };
      },
    });
    const error = await failure(getOk(transport));
    expect(error.kind).toBe('unauthenticated');
    expect(requests).toHaveLength(2);
  });

  it('a 401 without new skew is not retried', async () => {
    const { transport, requests } = await setup({
      script: () => ({
        status: 401,
        json: errorBodies.general('Invalid signature', 401, 'Unauthorized'),
        headers: { date: httpDate(SERVER_NOW) },
      }),
    });
    await failure(getOk(transport));
    expect(requests).toHaveLength(1);
  });
});

describe('a 425 with a maintenance code', () => {
  it('without resumeAt keeps the mode it names (post_only is not disabled)', () => {
    const info = errorFromResponse(
      425,
      { code: 'trading_post_only', mode: 'post_only', message: 'Post-only orders only' },
      null,
      0,
    );
    expect(info).toEqual({
      kind: 'trading-mode',
      code: 'trading_post_only',
      mode: 'post_only',
      resumeAt: null,
      message: 'Post-only orders only',
    });
  });

  it('with a mode it does not know is trading-mode UNRECOGNIZED, not a receive-window refusal', () => {
    const info = errorFromResponse(
      425,
      {
        code: 'trading_paused_for_upgrade',
        message: 'Upgrade',
        mode: 'paused',
        resumeAt: '2026-11-22T10:00:00.000Z',
      },
      null,
      0,
    );
    expect(info).toMatchObject({
      kind: 'trading-mode',
      code: 'trading_paused_for_upgrade',
      mode: 'UNRECOGNIZED',
      resumeAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('with a malformed mode and resumeAt is still trading-mode, its code and message kept', () => {
    const info = errorFromResponse(
      425,
      { code: 'trading_disabled', mode: 7, resumeAt: 'soon', message: 'Down for maintenance' },
      null,
      0,
    );
    expect(info).toEqual({
      kind: 'trading-mode',
      code: 'trading_disabled',
      mode: 'UNRECOGNIZED',
      resumeAt: null,
      message: 'Down for maintenance',
    });
  });
});
