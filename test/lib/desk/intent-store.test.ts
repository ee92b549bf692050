import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntentStore } from '../../../lib/desk/intent-store';
import type { JournalStore } from '../../../lib/desk/journal';
import { fokBuy, spec, T0 } from './setup';

const journal: JournalStore = {
  loadAll: async () => [],
  put: async () => undefined,
  remove: async () => undefined,
};

function store() {
  const told: string[] = [];
  const intents = new IntentStore(
    journal,
    () => T0,
    (view) => told.push(`${view.clientOrderId}:${view.state}`),
  );
  return { intents, told };
}

describe('IntentStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('wakes every caller waiting on an intent when it reaches an outcome, and only those', async () => {
    const { intents, told } = store();
    const a = intents.create(spec(fokBuy()), 'a');
    intents.create(spec(fokBuy()), 'b');
    const woke: string[] = [];
    void intents.waitForOutcome('a', 8_000).then(() => woke.push('a1'));
    void intents.waitForOutcome('a', 8_000).then(() => woke.push('a2'));
    void intents.waitForOutcome('b', 8_000).then(() => woke.push('b'));
    // Still on its way: nobody is woken yet.
    intents.transition(a, 'sending');
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toEqual([]);
    intents.finish(a, 'filled', null);
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toEqual(['a1', 'a2']);
    expect(told).toEqual(['a:sending', 'a:filled']);
  });

  it('lets a caller go at its own time limit when nothing wakes it', async () => {
    const { intents } = store();
    const a = intents.create(spec(fokBuy()), 'a');
    let done = false;
    void intents.waitForOutcome('a', 1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    // A later outcome finds nobody waiting and does nothing more.
    intents.finish(a, 'filled', null);
  });

  it('finds an intent by its press and by the exchange order id linked to it', () => {
    const { intents } = store();
    const a = intents.create({ ...spec(fokBuy()), pressId: 'press-1' }, 'a');
    intents.linkOrder(a, 'o-1');
    expect(intents.ofPress('press-1')).toBe(a);
    expect(intents.find(null, 'o-1')).toBe(a);
    expect(intents.hasOrder('o-1')).toBe(true);
    // A final intent drops the signed bytes it no longer needs.
    a.body = '{}';
    intents.finish(a, 'filled', null);
    expect(a.body).toBeNull();
  });
});
