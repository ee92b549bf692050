import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../../lib/core/api/events';
import { IntentStore } from '../../../lib/desk/intent-store';
import type { IntentRecord, JournalStore } from '../../../lib/desk/journal';
import { applyOrderEvent } from '../../../lib/desk/order-events';
import type { IntentState } from '../../../lib/protocol/intent';
import { C, gtc, ome, settlement, spec, T0 } from './setup';

/** Intents in a given state, the moves over them, and what the UIs and the journal were told. */
function world(...intents: { id: string; orderId: string; state: IntentState }[]) {
  const told: string[] = [];
  const journaled: string[] = [];
  const store: JournalStore = {
    loadAll: async () => [],
    put: async (record) => {
      journaled.push(`${record.view.clientOrderId}:${record.view.state}`);
    },
    remove: async () => undefined,
  };
  const clock = { now: T0 };
  const intentStore = new IntentStore(
    store,
    () => clock.now,
    (view) => told.push(`${view.clientOrderId}:${view.state}`),
  );
  const records = new Map<string, IntentRecord>();
  for (const { id, orderId, state } of intents) {
    const record = intentStore.create(spec(gtc('BUY', '0.4', 10n * C)), id);
    intentStore.linkOrder(record, orderId);
    record.view.state = state;
    records.set(id, record);
  }
  clock.now = T0 + 1;
  const apply = (event: OrderEvent) => applyOrderEvent(intentStore, event);
  const record = (id: string) => records.get(id) as IntentRecord;
  return { apply, record, told, journaled };
}

describe('applyOrderEvent', () => {
  it('moves a resting order to cancelled on its CANCELLATION, telling the UIs and the journal', () => {
    const w = world({ id: 'cid-1', orderId: 'o-1', state: 'resting' });
    w.apply(ome({ clientOrderId: 'cid-1', orderId: 'o-1' }, 'CANCELLATION'));
    expect(w.record('cid-1').view.state).toBe('cancelled');
    expect(w.told).toEqual(['cid-1:cancelled']);
    expect(w.journaled).toEqual(['cid-1:cancelled']);
  });

  it('finds an intent by its exchange order id when the event carries no client order id', () => {
    const w = world({ id: 'cid-1', orderId: 'o-1', state: 'resting' });
    w.apply(
      settlement('MATCHED', { clientOrderId: null, orderId: 'o-9' }, [
        { orderId: 'o-1', matchedSize: 4n * C, price: 0.6 },
      ]),
    );
    expect(w.record('cid-1').view.filledContractsRaw).toBe((4n * C).toString());
    expect(w.record('cid-1').view.state).toBe('resting');
  });

  it('only fills in amounts while its own request is unanswered: the answer decides the state', () => {
    const w = world({ id: 'cid-1', orderId: 'o-1', state: 'sending' });
    w.apply(
      settlement('MATCHED', { clientOrderId: 'cid-1', orderId: 'o-1' }, [
        { orderId: 'o-7', matchedSize: 10n * C, price: 0.4 },
      ]),
    );
    expect(w.record('cid-1').view.state).toBe('sending');
    expect(w.record('cid-1').view.filledContractsRaw).toBe((10n * C).toString());
    expect(w.told).toEqual(['cid-1:sending']);
  });

  it('never moves a final intent back to a waiting state', () => {
    const w = world({ id: 'cid-1', orderId: 'o-1', state: 'cancelled' });
    w.apply(ome({ clientOrderId: 'cid-1', orderId: 'o-1' }, 'PLACEMENT'));
    expect(w.record('cid-1').view.state).toBe('cancelled');
  });

  it('refines a cancelled intent to filled when a late fill completes it', () => {
    const w = world({ id: 'cid-1', orderId: 'o-1', state: 'cancelled' });
    w.apply(
      settlement('MATCHED', { clientOrderId: null, orderId: 'o-9' }, [
        { orderId: 'o-1', matchedSize: 10n * C, price: 0.6 },
      ]),
    );
    expect(w.record('cid-1').view.state).toBe('filled');
  });

  it('fails the taker and every maker of ours in a FAILED settlement, saying why', () => {
    const w = world(
      { id: 'cid-1', orderId: 'o-1', state: 'resting' },
      { id: 'cid-2', orderId: 'o-2', state: 'resting' },
    );
    w.apply(
      settlement(
        'FAILED',
        { clientOrderId: 'cid-1', orderId: 'o-1' },
        [{ orderId: 'o-2', matchedSize: 1n * C, price: 0.4 }],
        { reason: 'reverted' },
      ),
    );
    for (const id of ['cid-1', 'cid-2']) {
      expect(w.record(id).view.state).toBe('failed');
      expect(w.record(id).view.error).toEqual({
        kind: 'rejected',
        status: 200,
        message: 'settlement failed (reverted); the trade was undone',
      });
    }
  });

  it('leaves everything alone for an order that is not ours', () => {
    const w = world({ id: 'cid-1', orderId: 'o-1', state: 'resting' });
    w.apply(ome({ clientOrderId: 'cid-x', orderId: 'o-x' }, 'CANCELLATION'));
    expect(w.record('cid-1').view.state).toBe('resting');
    expect(w.told).toEqual([]);
    expect(w.journaled).toEqual([]);
  });
});
