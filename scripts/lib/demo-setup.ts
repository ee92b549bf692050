import type { Page } from 'playwright-core';
import type { ExchangeProfile } from '../../lib/core/api/exchange';
import { SandboxAccounts } from '../../lib/core/api/sandbox';
import { PROTOCOL } from '../../lib/protocol/messages';

/** The sandbox's demo trader `npm start` sets up (a documented demo account with a key). */
export const DEMO_TRADER = 'alice';
/** Printed by `npm start`: it guards only a sandbox account, on this machine. */
export const DEMO_PASSPHRASE = 'sandbox demo passphrase';

export class DemoRefused extends Error {}

/**
 * The shortcut serves only the sandbox this run started: the exchange to set up must be
 * that sandbox's API and socket, on this machine. Anything else is refused, whatever a
 * caller passes.
 */
export function assertOwnSandbox(
  exchange: Pick<ExchangeProfile, 'apiUrl' | 'wsUrl'>,
  sandbox: { apiUrl: string; wsUrl: string },
): void {
  const local = (url: string) => {
    try {
      const host = new URL(url).hostname;
      return host === '127.0.0.1' || host === 'localhost';
    } catch {
      return false;
    }
  };
  if (
    exchange.apiUrl !== sandbox.apiUrl ||
    exchange.wsUrl !== sandbox.wsUrl ||
    !local(exchange.apiUrl) ||
    !local(exchange.wsUrl)
  ) {
    throw new DemoRefused(
      `The demo set-up is for the sandbox this run started (${sandbox.apiUrl}), not ${exchange.apiUrl}.`,
    );
  }
}

type Reply = { ok: true; data: unknown } | { ok: false; error: { message?: string } };

/**
 * `runtime.sendMessage` from one of the extension's own pages (the options page), in
 * whichever browser: the background sees the sender it sees for the page itself.
 */
export type ExtensionPageSend = (message: unknown) => Promise<unknown>;

/**
 * Runs in one of the extension's pages (`page.evaluate(sendMessageInPage, message)`): the
 * page's own `runtime.sendMessage`. Firefox has the `chrome` namespace too.
 */
export const sendMessageInPage = (message: unknown): Promise<unknown> =>
  (
    globalThis as unknown as {
      chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } };
    }
  ).chrome.runtime.sendMessage(message);

/** What the options page of a Playwright-driven Chromium sends through. */
export const sendFromPage =
  (page: Page): ExtensionPageSend =>
  (message) =>
    page.evaluate(sendMessageInPage, message);

/** A message as the options page sends it: the background checks it like any other. */
async function ask(send: ExtensionPageSend, name: string, payload: unknown): Promise<unknown> {
  const reply = (await send({ protocol: PROTOCOL, name, payload })) as Reply;
  if (!reply.ok) throw new DemoRefused(`${name}: ${reply.error.message ?? 'refused'}`);
  return reply.data;
}

/**
 * Sets the extension up for the sandbox's demo trader through the options page's own
 * messages: the sandbox's demo accounts (`/__sandbox/accounts`, which only the sandbox
 * has), then the same save a user makes, so the vault is created and unlocked with the
 * real KDF and storage. No shortcut around the vault, and nothing a web page could send.
 */
export async function setUpDemoTrader(
  send: ExtensionPageSend,
  exchange: ExchangeProfile,
  sandbox: { apiUrl: string; wsUrl: string },
): Promise<{ label: string; passphrase: string }> {
  assertOwnSandbox(exchange, sandbox);
  const accounts = SandboxAccounts.parse(await ask(send, 'setup.sandboxAccounts', { exchange }));
  const trader = accounts.find((a) => a.label === DEMO_TRADER);
  if (!trader?.tokenId || !trader.secret || !trader.privateKey)
    throw new DemoRefused(
      `The sandbox has no demo trader "${DEMO_TRADER}" with a token and a key.`,
    );
  await ask(send, 'setup.save', {
    exchange,
    credentials: { tokenId: trader.tokenId, secret: trader.secret },
    signing: { kind: 'eoa', privateKey: trader.privateKey },
    passphrase: DEMO_PASSPHRASE,
  });
  return { label: DEMO_TRADER, passphrase: DEMO_PASSPHRASE };
}
