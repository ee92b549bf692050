import { describe, expect, it } from 'vitest';
import { type ChromeApi, eventually, useHarness } from '../fixtures';
import { intentOf, quickBuy } from './orders';

const h = useHarness(import.meta.url);

describe('a service worker stopped by Chrome', () => {
  it('comes back unlocked, with its journal, and reconnects signed', async () => {
    const popup = await h().openPopup();
    await h().onboard('alice');
    const before = intentOf(await quickBuy(h(), {}, popup));
    await h().stopWorker();
    const handshakesAtStop = h().handshakes.length;

    // The next event (a message from the popup) wakes a new instance.
    const status = await h().send('vault.status', {}, popup);
    expect(await h().workerRestarted()).toBe(true);
    expect(status.ok && status.data.status).toBe('unlocked');
    expect((await h().ask('vault.status', {})).status).toBe('unlocked');

    const state = await h().waitForLive();
    expect(state).toMatchObject({ status: 'live', authenticated: true });
    expect(
      h()
        .handshakes.slice(handshakesAtStop)
        .some((r) => r.ok),
    ).toBe(true);

    const { intents } = await h().snapshot();
    expect(intents.find((i) => i.clientOrderId === before.clientOrderId)?.state).toBe('filled');
    await popup.close();
  });

  it('finishes an order it was sending when it stopped, with exactly one order at the exchange', async () => {
    const popup = await h().openPopup();
    // The sandbox holds the order for a while, so the worker stops with it in flight.
    await h().admin.faults({ kind: 'delay', route: 'POST /orders', delayMs: 1_500 });
    const pressId = crypto.randomUUID();
    const inFlight = quickBuy(h(), { pressId }, popup).catch((error: unknown) => error);
    const sending = await eventually(
      async () => {
        const views = (await h().snapshot()).intents;
        return views.find((v) => v.state === 'sending') ?? null;
      },
      { what: 'the intent journaled as sending' },
    );
    await h().stopWorker();
    // The page's message died with the worker; the journal did not.
    expect(await inFlight).toBeInstanceOf(Error);

    const status = await h().send('vault.status', {}, popup);
    expect(status.ok && status.data.status).toBe('unlocked');
    expect(await h().workerRestarted()).toBe(true);
    const final = await eventually(
      async () => {
        const views = (await h().snapshot()).intents;
        const view = views.find((v) => v.clientOrderId === sending.clientOrderId);
        return view && view.state !== 'sending' && view.state !== 'reconciling' ? view : null;
      },
      { timeoutMs: 20_000, what: 'the resumed intent reaching a final state' },
    );
    expect(final.state).toBe('filled');
    const orders = (await h().admin.orders()).filter(
      (o) => o.clientOrderId === sending.clientOrderId,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ id: final.orderId, signatureValid: true, status: 'FILLED' });
    await popup.close();
  });

  it('is woken by the popup reconnecting its state port, with nothing else sent', async () => {
    const popup = await h().openPopup();
    await h().stopWorker();
    // No message from the test: the open popup's port reconnects and that is the event
    // (`workerRestarted` waits for a running worker and fails if nothing wakes one).
    expect(await h().workerRestarted()).toBe(true);
    await h().waitForLive();
    await popup.close();
  });

  it('is woken by its auto-lock alarm, and locks (with the lock mark on the badge)', async () => {
    if ((await h().ask('vault.status', {})).status !== 'unlocked') await h().onboard('alice');
    // Nothing of the extension stays open: only the alarm can wake the worker.
    for (const page of h().context.pages()) {
      if (page.url().startsWith('chrome-extension://')) await page.close();
    }
    // withApp: the clock fault: the auto-lock alarm brought forward, which no UI can do.
    await h().withApp(async () => {
      const { chrome } = globalThis as unknown as { chrome: ChromeApi };
      await chrome.alarms.create('vault-auto-lock', { when: Date.now() + 2_000 });
    });
    await h().stopWorker();
    expect(await h().workerRestarted()).toBe(true);
    await eventually(async () => (await h().ask('vault.status', {})).status === 'locked', {
      what: 'the vault locked by the alarm',
    });
    // withApp: the toolbar badge's text is readable by no extension page.
    const badge = await h().withApp(() => {
      const { chrome } = globalThis as unknown as { chrome: ChromeApi };
      return chrome.action.getBadgeText({});
    });
    expect(badge).toBe('🔒');
  });
});
