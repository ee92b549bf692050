import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/index';
import { admin, clientFor, publicClient, rejectionOf } from '../helpers';
import { rawFeed, startFeedSandbox } from './helpers';

describe('GET /feed/trading: 503 while the feed is not fresh', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startFeedSandbox();
  });
  afterAll(() => sandbox.close());

  it.each([
    ['initializing', 'TRADING_FEED_INITIALIZING'],
    ['stale', 'TRADING_FEED_STALE'],
  ] as const)('feed state %s is 503 %s on every audience, never a page', async (state, code) => {
    await admin(sandbox, 'POST', 'feed-state', { state });
    const res = await rawFeed(sandbox, '?audience=all');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code, message: expect.any(String), statusCode: 503 });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await rejectionOf(publicClient(sandbox).getFeed({ audience: 'featured' }))).toEqual({
      kind: 'feed-unavailable',
      code,
      message: expect.any(String),
    });
    const alice = await clientFor(sandbox, 'alice');
    expect(await rejectionOf(alice.getFeed({ audience: 'following' }))).toMatchObject({
      kind: 'feed-unavailable',
      code,
    });
  });

  it('a ready feed serves pages again', async () => {
    await admin(sandbox, 'POST', 'feed-state', { state: 'stale' });
    await admin(sandbox, 'POST', 'feed-state', { state: 'ready' });
    expect((await publicClient(sandbox).getFeed()).events.length).toBeGreaterThan(0);
  });
});
