import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeClient } from '../../../lib/core/client/exchange-client';
import type { RunningSandbox } from '../../../sandbox/index';
import { admin, clientFor, publicClient, rejectionOf } from '../helpers';
import { allEntries, C, rawFeed, startFeedSandbox, trade } from './helpers';

const tamper = (cursor: string): string => {
  const [body = '', mac = ''] = cursor.split('.');
  const json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { at: number };
  json.at -= 3_600_000;
  return `${Buffer.from(JSON.stringify(json)).toString('base64url')}.${mac}`;
};

describe('GET /feed/trading: cursors, limits and order', () => {
  let sandbox: RunningSandbox;
  let client: ExchangeClient;

  beforeAll(async () => {
    sandbox = await startFeedSandbox();
    client = publicClient(sandbox);
  });
  afterAll(() => sandbox.close());
  beforeEach(() => admin(sandbox, 'POST', 'reset'));

  it('entries are newest first, within one page and across pages', async () => {
    const { entries } = await allEntries(client, 'all', 7);
    const times = entries.map((e) => Date.parse(e.occurredAt));
    expect(times.length).toBeGreaterThan(30);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const now = Date.now();
    expect(times.every((t) => t > now - 86_400_000 && t <= now)).toBe(true);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it('the last page has hasMore false and a null nextCursor', async () => {
    const { pages } = await allEntries(client, 'all', 30);
    expect(pages.length).toBeGreaterThan(1);
    const last = pages[pages.length - 1];
    expect(last).toMatchObject({ hasMore: false, nextCursor: null });
    expect(pages.slice(0, -1).every((p) => p.hasMore && p.nextCursor !== null)).toBe(true);
  });

  it('paging is stable while new fills arrive (a position, not an offset)', async () => {
    const before = (await client.getFeed({ limit: 20 })).events.map((e) => e.id);
    const first = await client.getFeed({ limit: 10 });
    await trade(sandbox, 'alice', 'BUY', '0.63', 10n * C);
    await trade(sandbox, 'bob', 'BUY', '0.63', 10n * C);
    const top = await client.getFeed({ limit: 2 });
    expect(top.events.map((e) => e.entryType)).toEqual(['BOUGHT', 'BOUGHT']);
    const second = await client.getFeed({ limit: 10, cursor: first.nextCursor ?? '' });
    expect([...first.events, ...second.events].map((e) => e.id)).toEqual(before);
  });

  it('limit is 30 by default and 1 to 30 inclusive', async () => {
    expect((await client.getFeed()).events).toHaveLength(30);
    expect((await client.getFeed({ limit: 1 })).events).toHaveLength(1);
    expect((await client.getFeed({ limit: 30 })).events).toHaveLength(30);
  });

  it('a limit outside 1–30 is a 400 validation body (and the client refuses it before sending)', async () => {
    for (const limit of ['0', '31', '2.5', 'many', '-1']) {
      const res = await rawFeed(sandbox, `?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: [{ field: 'limit', message: expect.any(String) }],
      });
    }
    expect(await rejectionOf(client.getFeed({ limit: 31 }))).toMatchObject({
      kind: 'validation',
      source: 'client',
    });
  });

  it('an unknown audience is a 400 validation body', async () => {
    const res = await rawFeed(sandbox, '?audience=friends');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: [{ field: 'audience' }] });
  });

  it('a tampered cursor is 400 TRADING_FEED_CURSOR_INVALID', async () => {
    const page = await client.getFeed({ limit: 5 });
    const forged = tamper(page.nextCursor ?? '');
    expect(await rejectionOf(client.getFeed({ limit: 5, cursor: forged }))).toMatchObject({
      kind: 'feed-cursor',
      code: 'TRADING_FEED_CURSOR_INVALID',
    });
    const res = await rawFeed(sandbox, `?cursor=${encodeURIComponent(forged)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'TRADING_FEED_CURSOR_INVALID',
      message: expect.any(String),
      statusCode: 400,
    });
  });

  it('a malformed cursor is 400 TRADING_FEED_CURSOR_INVALID', async () => {
    for (const cursor of [
      'abc',
      'a.b.c',
      '!!!.???',
      `${Buffer.from('{}').toString('base64url')}.x`,
    ]) {
      expect(await rejectionOf(client.getFeed({ cursor }))).toMatchObject({
        kind: 'feed-cursor',
        code: 'TRADING_FEED_CURSOR_INVALID',
      });
    }
  });

  it('an empty cursor is a malformed cursor: 400 TRADING_FEED_CURSOR_INVALID, not a validation body', async () => {
    const raw = await rawFeed(sandbox, '?cursor=');
    expect(raw.status).toBe(400);
    expect(raw.body).toMatchObject({ code: 'TRADING_FEED_CURSOR_INVALID', statusCode: 400 });
    expect(await rejectionOf(client.getFeed({ cursor: '' }))).toMatchObject({
      kind: 'feed-cursor',
      code: 'TRADING_FEED_CURSOR_INVALID',
    });
  });

  it('a cursor from another sandbox is refused as invalid (another secret)', async () => {
    const other = await startFeedSandbox();
    try {
      const foreign = (await publicClient(other).getFeed({ limit: 5 })).nextCursor ?? '';
      expect(await rejectionOf(client.getFeed({ cursor: foreign }))).toMatchObject({
        code: 'TRADING_FEED_CURSOR_INVALID',
      });
    } finally {
      await other.close();
    }
  });

  it('a cursor sent with another audience is 400 TRADING_FEED_CURSOR_AUDIENCE_MISMATCH', async () => {
    const all = await client.getFeed({ limit: 5 });
    expect(
      await rejectionOf(client.getFeed({ audience: 'featured', cursor: all.nextCursor ?? '' })),
    ).toMatchObject({ kind: 'feed-cursor', code: 'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH' });

    const alice = await clientFor(sandbox, 'alice');
    const following = await alice.getFeed({ audience: 'following', limit: 2 });
    expect(following.nextCursor).not.toBeNull();
    const res = await rawFeed(
      sandbox,
      `?audience=all&cursor=${encodeURIComponent(following.nextCursor ?? '')}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'TRADING_FEED_CURSOR_AUDIENCE_MISMATCH',
      message: expect.any(String),
      statusCode: 400,
    });
  });

  it('reset clears live entries and lays the seeded history down again', async () => {
    const seeded = (await allEntries(client)).entries.map((e) => e.id);
    await trade(sandbox, 'alice', 'BUY', '0.63', 10n * C);
    expect((await allEntries(client)).entries).toHaveLength(seeded.length + 1);
    await admin(sandbox, 'POST', 'reset');
    expect((await allEntries(client)).entries.map((e) => e.id)).toEqual(seeded);
  });

  it('serves the last 24 hours only: as the sandbox clock moves on, older entries leave', async () => {
    const before = (await allEntries(client)).entries;
    const offsetMs = 12 * 3_600_000;
    await admin(sandbox, 'POST', 'clock', { offsetMs });
    // The window's start by the sandbox's clock, read before the request: everything the
    // feed serves is at or after it, and everything before it has left.
    const windowStart = sandbox.core.clock.now() - 86_400_000;
    const after = (await allEntries(client)).entries;

    const at = (e: { occurredAt: string }) => Date.parse(e.occurredAt);
    const gone = before.filter((e) => at(e) < windowStart);
    expect(gone.length).toBeGreaterThan(0);
    expect(after.every((e) => at(e) >= windowStart)).toBe(true);
    const served = new Set(after.map((e) => e.id));
    expect(gone.filter((e) => served.has(e.id))).toEqual([]);
    // What is still within the window is still served (nothing else left with them).
    const kept = before.filter((e) => at(e) >= windowStart + 60_000).map((e) => e.id);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((id) => !served.has(id))).toEqual([]);

    // A whole day later nothing of the seeded day is left.
    await admin(sandbox, 'POST', 'clock', { offsetMs: 25 * 3_600_000 });
    const dayLater = (await allEntries(client)).entries;
    const seededIds = new Set(before.map((e) => e.id));
    expect(dayLater.filter((e) => seededIds.has(e.id))).toEqual([]);
  });
});
