import { describe, expect, it } from 'vitest';
import type { ClientErrorInfo } from '../../../lib/core/client/errors';
import type { ExchangeClient } from '../../../lib/core/client/exchange-client';
import { IntentStore } from '../../../lib/desk/intent-store';
import type { IntentRecord, JournalStore } from '../../../lib/desk/journal';
import { Reconciler } from '../../../lib/desk/reconcile';
import { fokBuy, spec, T0 } from './setup';

const store: JournalStore = {
  loadAll: async () => [],
  put: async () => undefined,
  remove: async () => undefined,
};

/**
 * One intent the exchange has never heard of, after `sends` sends that ended in `error`,
 * and a reconciler whose sleeps move the exchange's clock.
 */
function unknownIntent(sends: number, error: ClientErrorInfo, signed?: { timestamp: number }) {
  const clock = { now: T0 };
  const slept: number[] = [];
  const intents = new IntentStore(
    store,
    () => clock.now,
    () => undefined,
  );
  const record: IntentRecord = intents.create(spec(fokBuy()), 'cid-1');
  record.view.state = 'reconciling';
  record.view.error = error;
  record.sends = sends;
  record.body = signed ? JSON.stringify({ ...signed, recvWindow: 5_000 }) : '{}';
  const client = { orderStatuses: async () => [] } as unknown as ExchangeClient;
  const reconciler = new Reconciler(
    intents,
    {
      client: () => client,
      ...(signed ? { receiveWindow: { ms: 5_000, serverNow: () => clock.now } } : {}),
    },
    async (ms) => {
      slept.push(ms);
      clock.now += ms;
    },
    () => clock.now,
  );
  return { record, reconciler, slept, clock };
}

const network: ClientErrorInfo = { kind: 'network', message: 'offline', timedOut: false };

describe('Reconciler, for an order the exchange does not know', () => {
  it('after a conflict: asks again later, never sends a second order', async () => {
    const { record, reconciler, slept } = unknownIntent(1, {
      kind: 'conflict',
      message: 'being processed',
    });
    expect(await reconciler.reconcile(record, 1)).toBe(true);
    expect(record.view.state).toBe('reconciling');
    expect(slept).toHaveLength(1);
  });

  it('after a lost answer: sends the same signed bytes again', async () => {
    const { record, reconciler } = unknownIntent(1, network);
    const body = record.body;
    expect(await reconciler.reconcile(record, 1)).toBe(true);
    expect(record.view.state).toBe('sending');
    expect(record.body).toBe(body);
  });

  it('after the last send, with no receive window to wait out: not placed, saying so', async () => {
    const { record, reconciler } = unknownIntent(3, network);
    expect(await reconciler.reconcile(record, 1)).toBe(false);
    expect(record.view.state).toBe('failed');
    expect(record.view.error?.kind).toBe('unavailable');
    expect(record.body).toBeNull();
  });

  it('after the last send: waits until no copy can land, then asks once more', async () => {
    const { record, reconciler, clock } = unknownIntent(3, network, { timestamp: T0 });
    expect(await reconciler.reconcile(record, 1)).toBe(true);
    expect(record.view.state).toBe('reconciling');
    // The signed window (5 s) and the clock margin (1 s) are over.
    expect(clock.now).toBeGreaterThanOrEqual(T0 + 6_000);
    expect(await reconciler.reconcile(record, 2)).toBe(false);
    expect(record.view.state).toBe('failed');
  });
});
