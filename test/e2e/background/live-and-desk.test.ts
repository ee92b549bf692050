import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../../lib/core/api/events';
import { eventually, TEST_PASSPHRASE, useHarness } from '../fixtures';
import { intentOf, quickBuy } from './orders';

const h = useHarness(import.meta.url);

type Scope = { __orderEvents?: OrderEvent[] };

describe('the live connection from the real service worker', () => {
  it('connects in public mode, with no signed handshake, before any account is set up', async () => {
    const state = await h().waitForLive({ authenticated: false });
    expect(state).toMatchObject({ status: 'live', authenticated: false });
    expect(h().handshakes).toEqual([]);
  });

  it('after onboarding, signs its handshake and the sandbox authenticates it as the account', async () => {
    const alice = await h().admin.account('alice');
    await h().onboard('alice');
    const state = await h().connection();
    expect(state).toMatchObject({ status: 'live', authenticated: true });
    const accepted = h().handshakes.filter((r) => r.ok);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(accepted.at(-1)).toMatchObject({ tokenId: alice.tokenId, profileId: alice.profileId });
    expect(h().handshakes.filter((r) => !r.ok)).toEqual([]);
  });

  it('receives the account’s private order events from the sandbox over that socket', async () => {
    // withApp: the socket's raw order events reach the worker alone; no UI is shown them.
    await h().withApp((app) => {
      const scope = globalThis as Scope;
      scope.__orderEvents = [];
      app.live.on('orderEvent', (event) => scope.__orderEvents?.push(event));
    });
    const intent = intentOf(await quickBuy(h()));
    const events = await eventually(
      async () => {
        // withApp: what the listener above kept, in the worker.
        const seen = await h().withApp(() => (globalThis as Scope).__orderEvents ?? []);
        return seen.some((e) => e.source === 'SETTLEMENT' && e.type === 'MINED') ? seen : null;
      },
      { what: 'the settlement events of the order on the socket' },
    );
    expect(events.some((e) => e.source === 'OME' && e.orderId === intent.orderId)).toBe(true);
  });

  it('signs every reconnect afresh after the sandbox drops the socket', async () => {
    const before = h().handshakes.length;
    const lastTimestamp = h().handshakes.at(-1)?.timestamp;
    await h().admin.faults({ kind: 'disconnect-sockets' });
    await eventually(() => h().handshakes.length > before, { what: 'a new signed handshake' });
    await h().waitForLive();
    const latest = h().handshakes.at(-1);
    expect(latest?.ok).toBe(true);
    expect(latest?.timestamp).not.toBe(lastTimestamp);
  });

  it('locking drops the authenticated socket for a public one', async () => {
    const before = h().handshakes.length;
    const locked = await h().send('vault.lock', {});
    expect(locked.ok && locked.data.status).toBe('locked');
    await h().waitForLive({ authenticated: false });
    expect(h().handshakes.length).toBe(before);
    const unlocked = await h().send('vault.unlock', { passphrase: TEST_PASSPHRASE });
    expect(unlocked.ok && unlocked.data.status).toBe('unlocked');
    await h().waitForLive();
    expect(h().handshakes.length).toBeGreaterThan(before);
  });
});

describe('an order from the desk', () => {
  it('reaches the sandbox’s engine signed by the account’s key', async () => {
    const alice = await h().admin.account('alice');
    const intent = intentOf(await quickBuy(h(), { amountRaw: '5000000' }));
    expect(intent.state).toBe('filled');
    const orders = (await h().admin.orders()).filter(
      (o) => o.clientOrderId === intent.clientOrderId,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: intent.orderId,
      ownerId: alice.profileId,
      callerProfileId: alice.profileId,
      marketSlug: 'sandbox-btc-100k',
      orderType: 'FOK',
      side: 'BUY',
      makerAmount: '5000000',
      status: 'FILLED',
      delegated: false,
      signatureValid: true,
    });
    expect(orders[0]?.signature).toMatch(/^0x[0-9a-f]{130}$/);
  });

  it('places one order for two messages of the same button press', async () => {
    const pressId = crypto.randomUUID();
    const [first, second] = await Promise.all([
      quickBuy(h(), { pressId }),
      quickBuy(h(), { pressId }),
    ]);
    expect(intentOf(first).clientOrderId).toBe(intentOf(second).clientOrderId);
    const orders = (await h().admin.orders()).filter(
      (o) => o.clientOrderId === intentOf(first).clientOrderId,
    );
    expect(orders).toHaveLength(1);
  });
});
