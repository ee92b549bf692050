import type {
  FeedAudience,
  FeedEntry,
  FeedResponse,
  KnownFeedEntry,
} from '../../../lib/core/api/feed';
import { FeedResponse as FeedResponseSchema } from '../../../lib/core/api/feed';
import type { ExchangeClient } from '../../../lib/core/client/exchange-client';
import type { RunningSandbox, SandboxOptions } from '../../../sandbox/index';
import { buildOrder, clientFor, signedFetch, startTestSandbox } from '../helpers';

export const BTC = 'sandbox-btc-100k';
export const C = 1_000_000n;

/** A sandbox with a short close-data lag, so the SOLD back-fill happens within a test. */
export function startFeedSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startTestSandbox({ feed: { closeDataLagMs: 600 }, ...options });
}

/** The feed's raw answer (status, headers, JSON), unsigned. */
export async function rawFeed(
  sandbox: RunningSandbox,
  query: string,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${sandbox.apiUrl}/feed/trading${query}`);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** `GET /feed/trading` signed as a demo account (for the following audience). */
export function signedFeed(sandbox: RunningSandbox, label: string, query: string) {
  return signedFetch(sandbox, label, 'GET', `/feed/trading${query}`);
}

/** Every entry of an audience, page after page (each page parsed by the client). */
export async function allEntries(
  client: ExchangeClient,
  audience: FeedAudience = 'all',
  limit = 30,
): Promise<{ entries: KnownFeedEntry[]; pages: FeedResponse[] }> {
  const pages: FeedResponse[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await client.getFeed({ audience, limit, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { entries: known(pages.flatMap((p) => p.events)), pages };
}

/** The entries as known types: the sandbox only serves types the schema knows. */
export function known(entries: FeedEntry[]): KnownFeedEntry[] {
  const out = entries.filter((e): e is KnownFeedEntry => !('unsupported' in e));
  if (out.length !== entries.length) throw new Error('the feed served an unknown entry type');
  return out;
}

export const parsesAsFeed = (body: unknown) => FeedResponseSchema.safeParse(body).success;

/** Places a FAK (limit price, whole contracts) for a demo account through the API. */
export async function trade(
  sandbox: RunningSandbox,
  label: string,
  side: 'BUY' | 'SELL',
  price: string,
  contracts: bigint,
  outcome: 'YES' | 'NO' = 'YES',
  market = BTC,
) {
  const client = await clientFor(sandbox, label);
  const built = await buildOrder(sandbox, label, {
    market,
    outcome,
    amounts: { orderType: 'FAK', side, price, contracts },
  });
  return client.placeOrder(built.json);
}

/** BOUGHT/SOLD entries of one profile on the first page of `all`, newest first. */
export async function tradesOf(client: ExchangeClient, profileId: number) {
  const page = await client.getFeed({ limit: 30 });
  return known(page.events).filter(
    (e) => e.profile?.id === profileId && (e.entryType === 'BOUGHT' || e.entryType === 'SOLD'),
  );
}
