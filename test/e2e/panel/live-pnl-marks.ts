/**
 * What the live P&L e2e tests (Chromium and Firefox) expect, read independently of the
 * extension: the book over HTTP, the position from the sandbox's ledger, marked by the
 * product's marking function; and another trader's bid that moves the book.
 */
import { expect } from 'vitest';
import { Orderbook } from '../../../lib/core/api/markets';
import { formatPnl } from '../../../lib/core/format/money';
import { depthOf } from '../../../lib/core/orders/depth';
import { markedPnl, markSide } from '../../../lib/core/orders/mark';
import type { RunningSandbox } from '../../../sandbox/index';
import { eventually } from '../../wait';
import { placeRestingOrderAtSandbox } from '../harness/resting-order';
import type { SandboxAdmin } from '../harness/sandbox-admin';

export const LIVE_PNL_MARKET = { slug: 'sandbox-btc-100k', title: 'Will BTC close above $100k?' };

/** The P&L alice's YES holding should show now: the book read over HTTP, marked. */
export async function expectedPnl(
  sandbox: RunningSandbox,
  admin: SandboxAdmin,
): Promise<{ text: string; bestBid: number }> {
  const { slug } = LIVE_PNL_MARKET;
  const response = await fetch(`${sandbox.apiUrl}/markets/${slug}/orderbook`);
  const book = Orderbook.parse(await response.json());
  const alice = await admin.account('alice');
  const market = sandbox.core.markets.bySlug(slug);
  if (!market?.tokens) throw new Error(`no ${slug} market`);
  const held = sandbox.core.ledger.balance(alice.profileId, market.tokens.yes);
  const cost = sandbox.core.ledger.position(alice.profileId, slug).YES.cost;
  const fee = market.feesEnabled ? (alice.feeRateBps ?? 0) : 0;
  const mark = markSide(depthOf(book), 'YES', held, fee);
  return { text: formatPnl(markedPnl(mark, cost)), bestBid: book.bids[0]?.price ?? 0 };
}

/** How many legs (trades) alice has at the sandbox: unchanged proves she traded nothing. */
export async function aliceLegs(sandbox: RunningSandbox, admin: SandboxAdmin): Promise<number> {
  const alice = await admin.account('alice');
  return sandbox.core.ledger.legsOf(alice.profileId).length;
}

/** Bob bids 2¢ above the best bid for more than alice holds: her YES now sells higher. */
export async function bobBidsAbove(
  sandbox: RunningSandbox,
  admin: SandboxAdmin,
  bestBid: number,
): Promise<void> {
  const { slug } = LIVE_PNL_MARKET;
  const alice = await admin.account('alice');
  const market = sandbox.core.markets.bySlug(slug);
  if (!market?.tokens) throw new Error(`no ${slug} market`);
  const held = sandbox.core.ledger.balance(alice.profileId, market.tokens.yes);
  await placeRestingOrderAtSandbox(sandbox, admin, {
    label: 'bob',
    slug,
    price: (Math.round(bestBid * 1000 + 20) / 1000).toFixed(3),
    contracts: (held / 1_000_000n + 1n) * 1_000_000n,
  });
}

/** How a test reads the P&L of alice's YES holding on each surface it checks. */
export type PnlReaders = Record<'panel' | 'popup', () => Promise<string>>;

/**
 * The whole check, in either browser: each surface reads the marked P&L, another trader's
 * bid moves the book, each surface moves to the new mark, and alice traded nothing.
 */
export async function expectPnlToFollowTheBook(
  sandbox: RunningSandbox,
  admin: SandboxAdmin,
  read: PnlReaders,
): Promise<void> {
  const reads = async (text: string, what: string) => {
    for (const [surface, pnl] of Object.entries(read)) {
      await eventually(async () => ((await pnl()) === text ? true : null), {
        timeoutMs: 20_000,
        what: `the ${surface}'s P&L ${what} ${text}`,
      });
    }
  };
  const before = await expectedPnl(sandbox, admin);
  await reads(before.text, 'to read');

  const legsBefore = await aliceLegs(sandbox, admin);
  await bobBidsAbove(sandbox, admin, before.bestBid);

  const after = await expectedPnl(sandbox, admin);
  expect(after.bestBid).toBeGreaterThan(before.bestBid);
  expect(after.text).not.toBe(before.text);
  await reads(after.text, 'to move to');
  // Nothing of alice's traded: the book moved, not her position.
  expect(await aliceLegs(sandbox, admin)).toBe(legsBefore);
}
