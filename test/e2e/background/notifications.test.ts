import { describe, expect, it } from 'vitest';
import { type ChromeApi, eventually, type Harness, useHarness } from '../fixtures';
import { intentOf, quickBuy } from './orders';

const h = useHarness(import.meta.url);

type Scope = { chrome: ChromeApi; __created?: string[] };

/** Counts `chrome.notifications.create` calls in the running worker instance, from now on. */
function countCreations(harness: Harness): Promise<void> {
  return harness.withApp(() => {
    const scope = globalThis as unknown as Scope;
    if (scope.__created) return;
    const created: string[] = [];
    scope.__created = created;
    const api = scope.chrome.notifications;
    const original = api.create.bind(api) as (...args: unknown[]) => unknown;
    (api as { create: unknown }).create = (...args: unknown[]) => {
      created.push(typeof args[0] === 'string' ? args[0] : '(no id)');
      return original(...args);
    };
  });
}

const created = (harness: Harness) =>
  harness.withApp(() => (globalThis as unknown as Scope).__created ?? []);
const shown = (harness: Harness) =>
  harness.withApp(async () =>
    Object.keys(await (globalThis as unknown as Scope).chrome.notifications.getAll()),
  );

/** Waits until the sandbox has settled the order (MINED): every event about it has been sent. */
async function settled(harness: Harness, clientOrderId: string): Promise<void> {
  await eventually(
    async () =>
      (await harness.admin.orders()).some(
        (o) => o.clientOrderId === clientOrderId && o.settlementStatus === 'MINED',
      ),
    { what: 'the order settled at the sandbox' },
  );
}

describe('desktop notifications', () => {
  it('a fill produces exactly one notification, even with every order event delivered twice', async () => {
    await h().onboard('alice');
    await countCreations(h());
    await h().admin.faults({ kind: 'duplicate-order-events', enabled: true });
    const intent = intentOf(await quickBuy(h()));
    expect(intent.state).toBe('filled');
    await settled(h(), intent.clientOrderId);
    const ids = await eventually(async () => {
      const list = await created(h());
      return list.length > 0 ? list : null;
    });
    expect(ids).toEqual([expect.stringContaining(intent.clientOrderId)]);
    // `create` is asynchronous: the notification shows once Chromium has it.
    const visible = await eventually(async () => {
      const list = await shown(h());
      return list.length > 0 ? list : null;
    });
    expect(visible).toEqual(ids);
  });

  it('a reconnect (events replayed, positions reconciled) notifies nothing again', async () => {
    const before = await created(h());
    const handshakes = h().handshakes.length;
    await h().admin.faults({ kind: 'disconnect-sockets' });
    await eventually(() => h().handshakes.length > handshakes, { what: 'a new handshake' });
    await h().waitForLive();
    // The reconnect's own work (resume, portfolio refresh) is done once the panel state answers.
    await h().send('panel.state', { marketSlug: 'sandbox-btc-100k' });
    expect(await created(h())).toEqual(before);
  });

  it('a restarted worker does not notify the same fill again', async () => {
    const shownBefore = await shown(h());
    await h().stopWorker();
    await h().send('vault.status', {});
    expect(await h().workerRestarted()).toBe(true);
    await countCreations(h());
    await h().waitForLive();
    await h().send('panel.state', { marketSlug: 'sandbox-btc-100k' });
    expect(await created(h())).toEqual([]);
    expect(await shown(h())).toEqual(shownBefore);
  });

  it('notifies nothing when the setting is off', async () => {
    await h().withApp((app) =>
      app.updateSettings((s) => ({ ...s, notifications: { enabled: false } })),
    );
    const intent = intentOf(await quickBuy(h()));
    await settled(h(), intent.clientOrderId);
    await h().send('panel.state', { marketSlug: 'sandbox-btc-100k' });
    expect(await created(h())).toEqual([]);
  });
});
