import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerClock } from '../../lib/core/client/clock';
import { ExchangeClient } from '../../lib/core/client/exchange-client';
import { RequestSigner } from '../../lib/core/client/hmac';
import type { RunningSandbox } from '../../sandbox/index';
import { account, admin, clientFor, rejectionOf, signedFetch, startTestSandbox } from './helpers';

describe('HMAC authentication', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.core.reset());

  it('accepts a correctly signed request', async () => {
    const res = await signedFetch(sandbox, 'alice', 'GET', '/profiles/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: (await account(sandbox, 'alice')).profileId });
  });

  it('401 without the headers, with the spec body shape', async () => {
    const res = await fetch(`${sandbox.apiUrl}/profiles/me`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
  });

  it('401 for an unknown token', async () => {
    const client = new ExchangeClient({
      baseUrl: sandbox.apiUrl,
      signer: await RequestSigner.create('no-such-token', 'c2VjcmV0'),
      retry: { maxAttempts: 1 },
    });
    expect((await rejectionOf(client.getMyProfile())).kind).toBe('unauthenticated');
  });

  it('401 when the timestamp is more than 30 s from server time', async () => {
    const old = new Date(Date.now() - 31_000).toISOString();
    expect(
      (await signedFetch(sandbox, 'alice', 'GET', '/profiles/me', undefined, { timestamp: old }))
        .status,
    ).toBe(401);
    const near = new Date(Date.now() - 20_000).toISOString();
    expect(
      (await signedFetch(sandbox, 'alice', 'GET', '/profiles/me', undefined, { timestamp: near }))
        .status,
    ).toBe(200);
  });

  it('401 when signed with the wrong secret', async () => {
    const a = await account(sandbox, 'alice');
    const client = new ExchangeClient({
      baseUrl: sandbox.apiUrl,
      signer: await RequestSigner.create(a.tokenId ?? '', 'd3Jvbmctc2VjcmV0'),
      retry: { maxAttempts: 1 },
    });
    expect(await rejectionOf(client.getMyProfile())).toMatchObject({
      kind: 'unauthenticated',
      message: 'Invalid request signature',
    });
  });

  it('401 when the body was changed after signing', async () => {
    const res = await signedFetch(
      sandbox,
      'alice',
      'POST',
      '/orders/cancel',
      '{"orderId":"7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b"}',
      { signBody: '{"orderId":"7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5c"}' },
    );
    expect(res.status).toBe(401);
  });

  it('the signature covers the exact body bytes (whitespace included)', async () => {
    const body = '{ "orderId" : "7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b" }';
    const exact = await signedFetch(sandbox, 'alice', 'POST', '/orders/cancel', body);
    expect(exact.status).toBe(404);
    const reformatted = await signedFetch(sandbox, 'alice', 'POST', '/orders/cancel', body, {
      signBody: '{"orderId":"7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b"}',
    });
    expect(reformatted.status).toBe(401);
  });

  it('the signed path includes the query string', async () => {
    const sub = await account(sandbox, 'sub-1');
    const path = `/orders/cancel?onBehalfOf=${sub.profileId}`;
    const body = '{"orderId":"7f1c2a9e-3b4d-4e5f-8a6b-0c1d2e3f4a5b"}';
    const withoutQuery = await signedFetch(sandbox, 'partner', 'POST', path, body, {
      signPath: '/orders/cancel',
    });
    expect(withoutQuery.status).toBe(401);
    const withQuery = await signedFetch(sandbox, 'partner', 'POST', path, body);
    expect(withQuery.status).toBe(404);
  });

  it('the Date header carries the sandbox clock, and the client corrects its skew from it', async () => {
    await admin(sandbox, 'POST', 'clock', { offsetMs: 120_000 });
    // The header is the sandbox's time when it answered, to the second: between what the
    // sandbox's clock read before the request and after the answer.
    const before = sandbox.core.clock.now();
    const res = await fetch(`${sandbox.apiUrl}/maintenance/status`);
    const after = sandbox.core.clock.now();
    const served = Date.parse(res.headers.get('date') ?? '');
    expect(served).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(served).toBeLessThanOrEqual(after);

    // A client whose clock stands still 2 minutes behind the sandbox: its first request is
    // refused (401), it learns the offset from the Date headers and signs again, once.
    const local = Date.now();
    const dates: number[] = [];
    const alice = await clientFor(sandbox, 'alice', {
      clock: new ServerClock(() => local),
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        dates.push(Date.parse(answer.headers.get('date') ?? ''));
        return answer;
      },
    });
    expect((await alice.getMyProfile()).displayName).toBe('Alice');
    expect(dates).toHaveLength(2);
    // What it learned is exactly what the last Date header says, within its 1 s resolution.
    const lastDate = dates[dates.length - 1] ?? Number.NaN;
    const learned = alice.http.clock.offset;
    expect(learned - (lastDate - local)).toBeGreaterThanOrEqual(0);
    expect(learned - (lastDate - local)).toBeLessThan(1000);
    expect(learned).toBeGreaterThan(60_000);
  });
});

describe('scopes and partners', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  it('the scope is checked before the body: empty bodies tell which scopes a token has', async () => {
    const probe = async (label: string, path: string) =>
      (await signedFetch(sandbox, label, 'POST', path, '{}')).status;
    expect(await probe('readonly', '/orders')).toBe(403);
    expect(await probe('readonly', '/portfolio/withdraw')).toBe(403);
    expect(await probe('alice', '/orders')).toBe(400);
    expect(await probe('alice', '/portfolio/withdraw')).toBe(400);
  });

  it('403 bodies have the general shape', async () => {
    const res = await signedFetch(sandbox, 'readonly', 'POST', '/orders', '{}');
    expect(res.body).toMatchObject({ error: 'Forbidden', statusCode: 403 });
    expect(typeof (res.body as { message: unknown }).message).toBe('string');
  });

  it("onBehalfOf is 403 unless the target is the partner's sub-account", async () => {
    const sub = await account(sandbox, 'sub-1');
    const bob = await account(sandbox, 'bob');
    const partner = await clientFor(sandbox, 'partner');
    const alice = await clientFor(sandbox, 'alice');
    expect((await partner.getPositions({ onBehalfOf: sub.profileId })).clob.length).toBeGreaterThan(
      0,
    );
    expect((await rejectionOf(partner.getPositions({ onBehalfOf: bob.profileId }))).kind).toBe(
      'forbidden',
    );
    expect((await rejectionOf(alice.getPositions({ onBehalfOf: sub.profileId }))).kind).toBe(
      'forbidden',
    );
  });

  it('partner accounts: listed for the partner, empty for others, created only by partners', async () => {
    const partner = await clientFor(sandbox, 'partner');
    const alice = await clientFor(sandbox, 'alice');
    const subs = await partner.getPartnerAccounts();
    expect(subs.map((s) => s.displayName)).toEqual(['Sub-account 1', 'Sub-account 2']);
    expect(await alice.getPartnerAccounts()).toEqual([]);
    expect((await rejectionOf(alice.createPartnerAccount('x'))).kind).toBe('forbidden');
    const created = await partner.createPartnerAccount('Desk 3');
    expect(created.displayName).toBe('Desk 3');
    expect((await partner.getPartnerAccounts()).map((s) => s.id)).toContain(created.id);
  });

  it('profiles: me with rank and wallet mode; public profile by address; 404 otherwise', async () => {
    const dana = await clientFor(sandbox, 'dana');
    const me = await dana.getMyProfile();
    expect(me.tradeWalletOption).toBe('smart_wallet');
    expect(me.smartWallet).not.toBeNull();
    const alice = await clientFor(sandbox, 'alice');
    expect((await alice.getMyProfile()).rank).toEqual({ name: 'Silver', feeRateBps: 100 });
    const pub = await alice.getProfile(me.account);
    expect(pub).toMatchObject({ id: me.id, displayName: 'Dana' });
    expect(
      (await rejectionOf(alice.getProfile('0x000000000000000000000000000000000000dEaD'))).kind,
    ).toBe('not-found');
  });

  it('public GETs are open to other origins; authenticated ones are not', async () => {
    const pub = await fetch(`${sandbox.apiUrl}/markets/active`, {
      headers: { origin: 'http://x' },
    });
    expect(pub.headers.get('access-control-allow-origin')).toBe('*');
    const pre = await fetch(`${sandbox.apiUrl}/markets/sandbox-btc-100k/orderbook`, {
      method: 'OPTIONS',
      headers: { origin: 'http://x', 'access-control-request-method': 'GET' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const authed = await signedFetch(sandbox, 'alice', 'GET', '/profiles/me');
    expect(authed.headers.get('access-control-allow-origin')).toBeNull();
  });
});
