import { privateKeyToAccount } from 'viem/accounts';
import { vi } from 'vitest';
import { type SandboxAccount, SandboxAccounts } from '../../lib/core/api/sandbox';
import { type ClientErrorInfo, ExchangeError } from '../../lib/core/client/errors';
import { ExchangeClient } from '../../lib/core/client/exchange-client';
import { RequestSigner } from '../../lib/core/client/hmac';
import type { TransportOptions } from '../../lib/core/client/http';
import type { AmountIntent } from '../../lib/core/orders/amounts';
import {
  type BuiltOrder,
  buildOrderRequest,
  type OrderRequestInput,
} from '../../lib/core/orders/build';
import type { OwnerContext } from '../../lib/core/orders/rules';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../sandbox/index';

/** Short delays keep the folder fast; no bots, free ports. */
export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    sitePort: 0,
    bots: false,
    settleMs: 40,
    takerDelayMs: 150,
    ...options,
  });
}

export async function getAccounts(sandbox: RunningSandbox): Promise<SandboxAccount[]> {
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/accounts`);
  return SandboxAccounts.parse(await res.json());
}

export async function account(sandbox: RunningSandbox, label: string): Promise<SandboxAccount> {
  const found = (await getAccounts(sandbox)).find((a) => a.label === label);
  if (!found) throw new Error(`no account ${label}`);
  return found;
}

/** An ExchangeClient signed with a demo account's token (no retries unless asked). */
export async function clientFor(
  sandbox: RunningSandbox,
  label: string,
  options: Partial<TransportOptions> = {},
): Promise<ExchangeClient> {
  const a = await account(sandbox, label);
  if (!a.tokenId || !a.secret) throw new Error(`${label} has no token`);
  return new ExchangeClient({
    baseUrl: sandbox.apiUrl,
    signer: await RequestSigner.create(a.tokenId, a.secret),
    retry: { maxAttempts: 1 },
    ...options,
  });
}

export const publicClient = (sandbox: RunningSandbox): ExchangeClient =>
  new ExchangeClient({ baseUrl: sandbox.apiUrl, retry: { maxAttempts: 1 } });

let counter = 0;
export const freshClientOrderId = (): string => `test-${Date.now()}-${++counter}`;

export interface OrderSpec {
  market: string;
  outcome?: 'YES' | 'NO';
  amounts: AmountIntent;
  clientOrderId?: string;
  postOnly?: boolean;
  stpPolicy?: OrderRequestInput['stpPolicy'];
  recvWindow?: number;
  timestamp?: number;
  /** Override the fee rate (default: the account's rank fee). */
  feeRateBps?: number;
  /** Who the order is for (default: the account's own profile). */
  owner?: OwnerContext;
  /** Sign with another key than the account's. */
  signerKey?: `0x${string}`;
}

/** Builds and signs an order with lib/orders exactly as the extension does. */
export async function buildOrder(
  sandbox: RunningSandbox,
  label: string,
  spec: OrderSpec,
): Promise<BuiltOrder> {
  const a = await account(sandbox, label);
  const market = sandbox.core.markets.bySlug(spec.market);
  if (!market?.tokens || !market.venue) throw new Error(`${spec.market} is not a CLOB market`);
  const key = spec.signerKey ?? (a.privateKey as `0x${string}` | null);
  const owner: OwnerContext = spec.owner ?? {
    mode: 'own',
    profileId: a.profileId,
    account: a.account,
  };
  return buildOrderRequest(
    {
      amounts: spec.amounts,
      outcome: spec.outcome ?? 'YES',
      clientOrderId: spec.clientOrderId ?? freshClientOrderId(),
      ...(spec.postOnly ? { postOnly: true } : {}),
      ...(spec.stpPolicy ? { stpPolicy: spec.stpPolicy } : {}),
      ...(spec.recvWindow !== undefined ? { recvWindow: spec.recvWindow } : {}),
      ...(spec.timestamp !== undefined ? { timestamp: spec.timestamp } : {}),
    },
    {
      exchangeName: sandbox.core.exchangeName,
      market: { slug: market.slug, tokens: market.tokens, venue: market.venue },
      feeRateBps: spec.feeRateBps ?? a.feeRateBps ?? 0,
      owner,
      ...(key && owner.mode !== 'delegated' ? { signer: privateKeyToAccount(key) } : {}),
    },
  );
}

/** Raw POST with a modified body, signed correctly (to test the server's own checks). */
export async function signedFetch(
  sandbox: RunningSandbox,
  label: string,
  method: 'GET' | 'POST' | 'DELETE',
  pathWithQuery: string,
  body?: string,
  tweak: { timestamp?: string; signBody?: string; signPath?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const a = await account(sandbox, label);
  if (!a.tokenId || !a.secret) throw new Error(`${label} has no token`);
  const signer = await RequestSigner.create(a.tokenId, a.secret);
  const timestamp =
    tweak.timestamp ?? new Date(Date.now() + sandbox.core.clock.offsetMs).toISOString();
  const headers = await signer.headers(
    timestamp,
    method,
    tweak.signPath ?? pathWithQuery,
    tweak.signBody ?? body ?? '',
  );
  const res = await fetch(`${sandbox.apiUrl}${pathWithQuery}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

export async function admin(
  sandbox: RunningSandbox,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${sandbox.apiUrl}/__sandbox/${path}`, {
    method,
    ...(body !== undefined
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  });
  if (!res.ok) throw new Error(`admin ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The ExchangeError a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<ClientErrorInfo> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExchangeError) return error.info;
    throw error;
  }
  throw new Error('expected the request to fail');
}

/** Sends a modified copy of a built order's body (the signature is left as it was). */
export function tampered(
  built: BuiltOrder,
  change: (body: Record<string, unknown> & { order: Record<string, unknown> }) => void,
): string {
  const body = JSON.parse(built.json) as Record<string, unknown> & {
    order: Record<string, unknown>;
  };
  change(body);
  return JSON.stringify(body);
}

/**
 * Waits until the sandbox has taken a socket's subscription for this profile: a socket is
 * live before the server registers what it asked for, and an event emitted in between
 * reaches nobody. `channel` is one of the sandbox's subscription flags.
 */
export async function subscribed(
  sandbox: RunningSandbox,
  profileId: number,
  channel: 'orderEvents' | 'positions' | 'transactions' = 'orderEvents',
): Promise<void> {
  await vi.waitFor(
    () => {
      if (!sandbox.subscriptions().some((s) => s.profileId === profileId && s[channel])) {
        throw new Error(`profile ${profileId} is not subscribed to ${channel} yet`);
      }
    },
    { timeout: 10_000, interval: 10 },
  );
}
