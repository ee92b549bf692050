import { z } from 'zod';
import type { TradingMode } from '../../../lib/core/api/primitives';
import {
  type SandboxAccount,
  SandboxAccounts,
  type SandboxFeedState,
  type SandboxOrder,
} from '../../../lib/core/api/sandbox';
import { ExchangeClient } from '../../../lib/core/client/exchange-client';
import { RequestSigner } from '../../../lib/core/client/hmac';
import type { FaultsBody } from '../../../sandbox/faults';
import { SandboxOrders } from '../../support/sandbox-orders';

const TradingModeAnswer = z.object({ mode: z.string(), resumeAt: z.string().nullable() });
const ClockAnswer = z.object({ offsetMs: z.number(), now: z.string() });
const FaultsAnswer = z.object({
  rules: z.array(z.unknown()),
  failSettlements: z.number(),
  duplicateOrderEvents: z.boolean(),
});

/**
 * The sandbox's `/__sandbox/*` endpoints over HTTP, as a test drives them from outside
 * the browser. Every answer is parsed with its schema.
 */
export class SandboxAdmin {
  constructor(readonly apiUrl: string) {}

  private async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    const res = await fetch(`${this.apiUrl}/__sandbox/${path}`, {
      method,
      ...(body !== undefined
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sandbox admin ${method} ${path}: ${res.status} ${text}`);
    return schema.parse(text ? JSON.parse(text) : null);
  }

  accounts(): Promise<SandboxAccount[]> {
    return this.call('GET', 'accounts', SandboxAccounts);
  }

  async account(label: string): Promise<SandboxAccount> {
    const found = (await this.accounts()).find((a) => a.label === label);
    if (!found) throw new Error(`the sandbox has no demo account labelled "${label}"`);
    return found;
  }

  /**
   * The exchange as the demo account `label` sees it, signed with its own token: what a test
   * reads to check the extension against, independently of the extension.
   */
  async clientOf(label: string): Promise<ExchangeClient> {
    const found = await this.account(label);
    if (!found.tokenId || !found.secret) throw new Error(`${label} has no API token`);
    return new ExchangeClient({
      baseUrl: this.apiUrl,
      signer: await RequestSigner.create(found.tokenId, found.secret),
      retry: { maxAttempts: 1 },
    });
  }

  /** Every order the sandbox received, with whether its signature recovered to the maker. */
  orders(): Promise<SandboxOrder[]> {
    return this.call('GET', 'orders', SandboxOrders);
  }

  /** Balances, books and orders back to the seed; faults cleared. */
  async reset(): Promise<void> {
    await this.call('POST', 'reset', z.unknown());
  }

  tradingMode(mode: TradingMode, resumeAt: string | null = null) {
    return this.call('POST', 'trading-mode', TradingModeAnswer, { mode, resumeAt });
  }

  /** Moves the sandbox's clock (and so its signature checks) by `offsetMs`. */
  clock(offsetMs: number) {
    return this.call('POST', 'clock', ClockAnswer, { offsetMs });
  }

  async feedState(state: SandboxFeedState): Promise<void> {
    await this.call('POST', 'feed-state', z.unknown(), { state });
  }

  faults(body: FaultsBody) {
    return this.call('POST', 'faults', FaultsAnswer, body);
  }

  clearFaults() {
    return this.call('DELETE', 'faults', FaultsAnswer);
  }

  /** A house maker's post-only order on YES: moves the best bid (BUY) or ask (SELL) to `price`. */
  async quote(slug: string, quote: { side: 'BUY' | 'SELL'; price: string; contracts: number }) {
    await this.call('POST', `markets/${encodeURIComponent(slug)}/quote`, z.unknown(), quote);
  }

  async resolveMarket(slug: string, winningOutcomeIndex: 0 | 1): Promise<void> {
    await this.call('POST', `markets/${encodeURIComponent(slug)}/resolve`, z.unknown(), {
      winningOutcomeIndex,
    });
  }
}
