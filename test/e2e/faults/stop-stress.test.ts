import { expect, it } from 'vitest';
import { isFinal, type QuickOrderRequest } from '../../../lib/protocol/intent';
import { eventually, useHarness } from '../fixtures';
import { type JournalEntry, liquidity, readJournal } from './campaign';

/**
 * The worker stopped again and again while quick orders are in flight, each press sent
 * again by its sender until it is answered, as the panel does: every order the exchange
 * accepted belongs to a journaled intent, and no press has more than one.
 *
 * Found by the fault campaign as an occasional orphan order: Chromium drops the storage
 * calls of a worker it is stopping while that worker's `fetch` still goes out, so bytes
 * sent before their journal write was answered could reach the exchange with no record
 * left, and the press's retry on the next worker placed a second order. Six presses a
 * cycle, stopped 15-45 ms in: before the fix, 3-4 extra orders in 120 presses.
 */
const CYCLES = Number(process.env.STOP_CYCLES ?? 20);
const PRESSES = 6;
const MARKET = 'sandbox-btc-100k';

const h = useHarness(import.meta.url, {
  sandbox: { bots: false, settleMs: 50, takerDelayMs: 300, seed: 9 },
  // A message that meets the worker while Chrome takes it down is refused on the console.
  allowConsoleErrors: true,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('stopping the worker with orders in flight leaves every accepted order to exactly one press', async () => {
  await h().onboard('alice');
  await h().updateSettings((s) => ({
    ...s,
    caps: { ...s.caps, maxOrdersPerMinute: 600 },
    notifications: { enabled: false },
  }));
  const page = await h().openOptions();
  const stock = liquidity(h(), 9);
  await stock.ready;

  // Intents are pruned as they go: each cycle's are noted before the next.
  const seen = new Map<string, JournalEntry>();
  const note = async () => {
    for (const entry of await readJournal(h())) seen.set(entry.view.clientOrderId, entry);
  };
  const presses: string[] = [];
  const unanswered: string[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const sends = Array.from({ length: PRESSES }, async (_, k) => {
      const pressId = `stop-${cycle}-${k}`;
      presses.push(pressId);
      const request: QuickOrderRequest = {
        marketSlug: MARKET,
        outcome: 'YES',
        side: 'BUY',
        orderType: 'FOK',
        amountRaw: '1000000',
        pressId,
      };
      await sleep(k * 10);
      for (let attempt = 0; attempt < 4; attempt++) {
        try {
          if (await h().send('panel.quickOrder', request, page)) return;
        } catch {
          // Refused while the worker goes: sent again, as the panel does.
        }
        await h().worker();
        await sleep(200);
      }
      unanswered.push(pressId);
    });
    await sleep(15 + (cycle % 4) * 10);
    await h().stopWorker();
    const refusals = await h().wakeWorker(page);
    if (refusals.some((r) => r.includes('no answer within')))
      console.log(`cycle ${cycle}: ${refusals.join('; ')}`);
    await Promise.all(sends);
    await sleep(300);
    await note();
  }
  // The last worker has taken up every intent left open: once all are final, nothing of
  // ours is on its way to the exchange.
  await eventually(
    async () => {
      const entries = await readJournal(h());
      for (const entry of entries) seen.set(entry.view.clientOrderId, entry);
      return entries.every((entry) => isFinal(entry.view.state));
    },
    { timeoutMs: 60_000, intervalMs: 500, what: 'every journaled intent final' },
  );
  await stock.stop();
  await note();

  const orders = (await h().admin.orders()).filter(
    (o) => o.clientOrderId !== null && o.status !== 'REJECTED' && o.ownerId === 101,
  );
  const orphans = orders
    .filter((o) => !seen.has(o.clientOrderId as string))
    .map((o) => `${o.clientOrderId} ${o.status}`);
  const intentsOf = new Map<string, string[]>();
  for (const { pressId, view } of seen.values())
    if (pressId) intentsOf.set(pressId, [...(intentsOf.get(pressId) ?? []), view.clientOrderId]);
  const doubled = presses.filter((p) => (intentsOf.get(p)?.length ?? 0) > 1);

  expect(unanswered).toEqual([]);
  expect(orphans).toEqual([]);
  expect(doubled).toEqual([]);
  // Every press ended in one journaled intent (filled, killed or a final refusal).
  expect(presses.filter((p) => !intentsOf.has(p))).toEqual([]);
}, 600_000);
