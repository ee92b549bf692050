import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '../../../../lib/core/client/base64';
import { ServerClock } from '../../../../lib/core/client/clock';
import { ExchangeClient } from '../../../../lib/core/client/exchange-client';
import { AUTH_HEADERS, RequestSigner, signingMessage } from '../../../../lib/core/client/hmac';
import { HttpTransport } from '../../../../lib/core/client/http';
import { fakeFetch } from './fake-fetch';

/** The HMAC known answer of issue 2. */
const HMAC_VECTOR = {
  secret: 'c2FuZGJveC1kZW1vLXNlY3JldC0wMDAx',
  timestamp: '2026-11-22T08:15:30.250Z',
  method: 'POST',
  path: '/orders/cancel?onBehalfOf=42',
  body: '{"orderId":"7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b"}',
  signature: 'HxPdhRcLaOptLE9aaEB6JaKtb/dm/e++alO6tkKcBdQ=',
};

describe('RequestSigner', () => {
  it('builds the message as timestamp, METHOD, path with query and body on four lines', () => {
    expect(signingMessage('T', 'post', '/p?q=1', '{}')).toBe('T\nPOST\n/p?q=1\n{}');
    expect(signingMessage('T', 'GET', '/p', '')).toBe('T\nGET\n/p\n');
  });

  it('reproduces the known signature', async () => {
    const signer = await RequestSigner.create('tok-1', HMAC_VECTOR.secret);
    const headers = await signer.headers(
      HMAC_VECTOR.timestamp,
      HMAC_VECTOR.method,
      HMAC_VECTOR.path,
      HMAC_VECTOR.body,
    );
    expect(headers).toEqual({
      [AUTH_HEADERS.key]: 'tok-1',
      [AUTH_HEADERS.timestamp]: HMAC_VECTOR.timestamp,
      [AUTH_HEADERS.signature]: HMAC_VECTOR.signature,
    });
  });

  it('signs the path with its query: without it the signature differs', async () => {
    const signer = await RequestSigner.create('tok-1', HMAC_VECTOR.secret);
    const withoutQuery = await signer.sign(
      signingMessage(HMAC_VECTOR.timestamp, 'POST', '/orders/cancel', HMAC_VECTOR.body),
    );
    expect(withoutQuery).not.toBe(HMAC_VECTOR.signature);
  });

  it('keeps no copy of the secret: nothing it serialises or enumerates holds it', async () => {
    const signer = await RequestSigner.create('tok-1', HMAC_VECTOR.secret);
    expect(JSON.stringify(signer)).not.toContain(HMAC_VECTOR.secret);
    expect(Object.keys(signer)).toEqual(['tokenId']);
    expect(Object.getOwnPropertySymbols(signer)).toEqual([]);
  });

  it('signs synchronously: the signature is a string, not a promise', async () => {
    const signer = await RequestSigner.create('tok-1', HMAC_VECTOR.secret);
    const message = signingMessage(
      HMAC_VECTOR.timestamp,
      HMAC_VECTOR.method,
      HMAC_VECTOR.path,
      HMAC_VECTOR.body,
    );
    expect(signer.sign(message)).toBe(HMAC_VECTOR.signature);
    // The keyed state is cloned per message: signing twice gives the same answer.
    expect(signer.sign(message)).toBe(HMAC_VECTOR.signature);
  });

  it('equals WebCrypto and node:crypto HMAC-SHA256 for random keys and messages', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Up to 130 bytes: keys longer than SHA-256's 64-byte block are hashed first.
        fc.uint8Array({ minLength: 1, maxLength: 130 }),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.constantFrom('GET', 'POST', 'DELETE', 'post'),
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.string({ unit: 'grapheme', maxLength: 600 }),
        async (key, timestamp, method, path, body) => {
          const signer = await RequestSigner.create('tok', bytesToBase64(key));
          const message = signingMessage(timestamp, method, path, body);
          const ours = signer.headers(timestamp, method, path, body)[AUTH_HEADERS.signature];
          const node = createHmac('sha256', key).update(message, 'utf8').digest('base64');
          const webKey = await crypto.subtle.importKey(
            'raw',
            new Uint8Array(key),
            { name: 'HMAC', hash: 'SHA-256' },
            false,
            ['sign'],
          );
          const web = bytesToBase64(
            new Uint8Array(
              await crypto.subtle.sign('HMAC', webKey, new TextEncoder().encode(message)),
            ),
          );
          expect(ours).toBe(node);
          expect(ours).toBe(web);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a secret that is not base64, or empty', async () => {
    await expect(RequestSigner.create('t', 'not base64!')).rejects.toThrow(
      'The token secret is not valid base64.',
    );
    await expect(RequestSigner.create('t', '')).rejects.toThrow('The token secret is empty.');
  });

  it('base64 helpers round-trip bytes', () => {
    const bytes = base64ToBytes(HMAC_VECTOR.secret);
    expect(new TextDecoder().decode(bytes)).toBe('sandbox-demo-secret-0001');
    expect(bytesToBase64(bytes)).toBe(HMAC_VECTOR.secret);
  });
});

describe('the known answer through the client', () => {
  it('cancelOrder({orderId}, {onBehalfOf: 42}) sends exactly that signature over that path and body', async () => {
    const { fetch, requests } = fakeFetch([
      { status: 200, json: { message: 'Order canceled successfully' } },
    ]);
    const signer = await RequestSigner.create('tok-partner', HMAC_VECTOR.secret);
    const clock = new ServerClock(() => Date.parse(HMAC_VECTOR.timestamp));
    const client = new ExchangeClient(
      new HttpTransport({ baseUrl: 'http://127.0.0.1:8787', signer, fetch, clock }),
    );

    const answer = await client.cancelOrder(
      { orderId: '7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b' },
      { onBehalfOf: 42 },
    );

    expect(answer.message).toBe('Order canceled successfully');
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('http://127.0.0.1:8787/orders/cancel?onBehalfOf=42');
    expect(sent?.path).toBe(HMAC_VECTOR.path);
    expect(sent?.body).toBe(HMAC_VECTOR.body);
    expect(sent?.headers).toMatchObject({
      'content-type': 'application/json',
      'svc-api-key': 'tok-partner',
      'svc-timestamp': HMAC_VECTOR.timestamp,
      'svc-signature': HMAC_VECTOR.signature,
    });
  });

  it('signs the full path when the API lives under a base path', async () => {
    const { fetch, requests } = fakeFetch([
      { status: 200, json: { message: 'Order canceled successfully' } },
    ]);
    const signer = await RequestSigner.create('tok-partner', HMAC_VECTOR.secret);
    const clock = new ServerClock(() => Date.parse(HMAC_VECTOR.timestamp));
    const client = new ExchangeClient({ baseUrl: 'https://x.example/api/', signer, fetch, clock });
    await client.cancelOrder(
      { orderId: '7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b' },
      { onBehalfOf: 42 },
    );
    const sent = requests[0];
    expect(sent?.path).toBe('/api/orders/cancel?onBehalfOf=42');
    const expected = await signer.sign(
      signingMessage(HMAC_VECTOR.timestamp, 'POST', `/api${HMAC_VECTOR.path}`, HMAC_VECTOR.body),
    );
    expect(sent?.headers['svc-signature']).toBe(expected);
  });
});
