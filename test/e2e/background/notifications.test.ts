import { describe, expect, it } from 'vitest';
import { eventually, type Harness, useHarness } from '../fixtures';
import { intentOf, quickBuy } from './orders';

const h = useHarness(import.meta.url);

/** The ids of the notifications the running worker created since `watchNotifications`. */
const created = async (harness: Harness) => (await harness.createdNotifications()).map((n) => n.id);
const shown = (harness: Harness) => harness.shownNotifications();

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
    await h().watchNotifications();
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
    await h().watchNotifications();
    await h().waitForLive();
    await h().send('panel.state', { marketSlug: 'sandbox-btc-100k' });
    expect(await created(h())).toEqual([]);
    expect(await shown(h())).toEqual(shownBefore);
  });

  it('notifies nothing when the setting is off', async () => {
    await h().updateSettings((s) => ({ ...s, notifications: { enabled: false } }));
    const intent = intentOf(await quickBuy(h()));
    await settled(h(), intent.clientOrderId);
    await h().send('panel.state', { marketSlug: 'sandbox-btc-100k' });
    expect(await created(h())).toEqual([]);
  });
});
