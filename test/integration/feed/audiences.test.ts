import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExchangeClient } from '../../../lib/core/client/exchange-client';
import { RequestSigner } from '../../../lib/core/client/hmac';
import type { RunningSandbox } from '../../../sandbox/index';
import { account, admin, clientFor, publicClient, rejectionOf } from '../helpers';
import {
  allEntries,
  C,
  parsesAsFeed,
  rawFeed,
  signedFeed,
  startFeedSandbox,
  trade,
} from './helpers';

describe('GET /feed/trading: audiences', () => {
  let sandbox: RunningSandbox;
  let client: ExchangeClient;
  const id = { alice: 0, bob: 0, dana: 0 };

  beforeAll(async () => {
    sandbox = await startFeedSandbox();
    client = publicClient(sandbox);
    for (const label of ['alice', 'bob', 'dana'] as const) {
      id[label] = (await account(sandbox, label)).profileId;
    }
  });
  afterAll(() => sandbox.close());
  beforeEach(() => admin(sandbox, 'POST', 'reset'));

  it('all is public, the default audience, and a fresh feed has more than one page', async () => {
    const page = await client.getFeed();
    expect(page).toMatchObject({
      requestedAudience: 'all',
      effectiveAudience: 'all',
      hasMore: true,
      emptyReason: null,
    });
    expect(page.events).toHaveLength(30);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('featured serves only the featured profiles', async () => {
    const { profileIds } = (await admin(sandbox, 'GET', 'featured')) as { profileIds: number[] };
    expect(profileIds.length).toBeGreaterThan(0);
    const { entries, pages } = await allEntries(client, 'featured', 10);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => profileIds.includes(e.profile?.id ?? -1))).toBe(true);
    expect(pages.every((p) => p.effectiveAudience === 'featured')).toBe(true);
  });

  it('an empty first featured page serves all, and its cursor keeps paging all', async () => {
    await admin(sandbox, 'POST', 'featured', { profileIds: [406] }); // a quiet persona
    const first = await client.getFeed({ audience: 'featured', limit: 5 });
    expect(first).toMatchObject({ requestedAudience: 'featured', effectiveAudience: 'all' });
    expect(first.events).toHaveLength(5);
    const all = await client.getFeed({ audience: 'all', limit: 10 });
    expect(first.events.map((e) => e.id)).toEqual(all.events.slice(0, 5).map((e) => e.id));

    const next = await client.getFeed({
      audience: 'featured',
      limit: 5,
      cursor: first.nextCursor ?? '',
    });
    expect(next).toMatchObject({ requestedAudience: 'featured', effectiveAudience: 'all' });
    expect(next.events.map((e) => e.id)).toEqual(all.events.slice(5, 10).map((e) => e.id));

    // The cursor carries the effective audience: sent under `all` (what the extension
    // sends), it pages the same stream.
    const underAll = await client.getFeed({
      audience: 'all',
      limit: 5,
      cursor: first.nextCursor ?? '',
    });
    expect(underAll.effectiveAudience).toBe('all');
    expect(underAll.events.map((e) => e.id)).toEqual(all.events.slice(5, 10).map((e) => e.id));
    // Any other audience is a mismatch.
    const bob = await clientFor(sandbox, 'bob');
    expect(
      await rejectionOf(
        bob.getFeed({ audience: 'following', limit: 5, cursor: first.nextCursor ?? '' }),
      ),
    ).toMatchObject({ kind: 'feed-cursor', code: 'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH' });
  });

  it('following without authentication is 401', async () => {
    const res = await rawFeed(sandbox, '?audience=following');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, message: expect.any(String) });
    const forged = new ExchangeClient({
      baseUrl: sandbox.apiUrl,
      signer: await RequestSigner.create(
        'sandbox-token-alice',
        Buffer.from('not the secret').toString('base64'),
      ),
      retry: { maxAttempts: 1 },
    });
    expect(await rejectionOf(forged.getFeed({ audience: 'following' }))).toMatchObject({
      kind: 'unauthenticated',
    });
  });

  it('following serves the profiles the caller follows', async () => {
    const alice = await clientFor(sandbox, 'alice');
    const page = await alice.getFeed({ audience: 'following' });
    const follows = (await admin(sandbox, 'GET', 'follows')) as {
      profileId: number;
      follows: number[];
    }[];
    const mine = follows.find((f) => f.profileId === id.alice)?.follows ?? [];
    expect(mine).toContain(id.bob);
    expect(page).toMatchObject({ requestedAudience: 'following', emptyReason: null });
    expect(page.events.length).toBeGreaterThan(0);
    expect(page.events.every((e) => mine.includes(e.profile?.id ?? -1))).toBe(true);
  });

  it('following someone who follows nobody is empty with NO_FOLLOWS', async () => {
    const bob = await clientFor(sandbox, 'bob');
    expect(await bob.getFeed({ audience: 'following' })).toMatchObject({
      events: [],
      hasMore: false,
      nextCursor: null,
      emptyReason: 'NO_FOLLOWS',
    });
  });

  it('following only quiet profiles is empty with NO_RECENT_ACTIVITY', async () => {
    const dana = await clientFor(sandbox, 'dana');
    expect(await dana.getFeed({ audience: 'following' })).toMatchObject({
      events: [],
      emptyReason: 'NO_RECENT_ACTIVITY',
    });
  });

  it('a follow set over the admin endpoint takes effect, with the followed trade in the page', async () => {
    expect(
      await admin(sandbox, 'POST', 'follows', { profileId: id.bob, follows: [id.alice] }),
    ).toEqual({ profileId: id.bob, follows: [id.alice] });
    const bob = await clientFor(sandbox, 'bob');
    const before = await bob.getFeed({ audience: 'following' });
    expect(before.events.every((e) => e.profile?.id === id.alice)).toBe(true);
    await trade(sandbox, 'alice', 'BUY', '0.63', 10n * C);
    const page = await bob.getFeed({ audience: 'following' });
    expect(page.emptyReason).toBeNull();
    expect(page.events).toHaveLength(before.events.length + 1);
    expect(page.events[0]).toMatchObject({ entryType: 'BOUGHT', profile: { id: id.alice } });
  });

  it('the admin endpoints refuse unknown profiles', async () => {
    const res = await fetch(`${sandbox.apiUrl}/__sandbox/featured`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ profileIds: [999_999] }),
    });
    expect(res.status).toBe(400);
  });

  it('emptyReason is null outside following', async () => {
    await admin(sandbox, 'POST', 'featured', { profileIds: [406] });
    for (const audience of ['all', 'featured'] as const) {
      expect((await client.getFeed({ audience })).emptyReason).toBeNull();
    }
  });

  it('public audiences may be cached 60 s by a shared cache; following is private, no-store', async () => {
    for (const audience of ['all', 'featured']) {
      const res = await rawFeed(sandbox, `?audience=${audience}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(
        'public, s-maxage=60, stale-while-revalidate=30',
      );
      expect(parsesAsFeed(res.body)).toBe(true);
    }
    const following = await signedFeed(sandbox, 'alice', '?audience=following');
    expect(following.status).toBe(200);
    expect(following.headers.get('cache-control')).toBe('private, no-store');
    expect(parsesAsFeed(following.body)).toBe(true);
  });
});
