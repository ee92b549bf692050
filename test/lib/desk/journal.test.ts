import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type IntentRecord, KEEP_FINAL, prunable, SessionJournal } from '../../../lib/desk/journal';
import type { IntentState } from '../../../lib/protocol/intent';
import { browserArea } from '../../../lib/storage/area';
import { intentView } from '../protocol/fixtures';

const record = (id: string, state: IntentState, updatedAt = 0, createdAt = 0): IntentRecord => ({
  view: intentView({ clientOrderId: id, state, updatedAt, createdAt }),
  pressId: null,
  spec: { orderType: 'FOK', side: 'BUY', spend: '5000000' },
  postOnly: false,
  body: state === 'sending' ? '{"order":{}}' : null,
  sends: 0,
  signatures: 0,
  reconciles: 0,
  countedTrades: [],
});

describe('SessionJournal', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  const journal = () => new SessionJournal(browserArea(fakeBrowser.storage.session));

  it('stores one key per intent and nothing else, and reads them back in the order they were made', async () => {
    const j = journal();
    await j.put(record('b', 'sending', 0, 2));
    await j.put(record('a', 'filled', 0, 1));
    await j.put({ ...record('b', 'filled', 0, 2), sends: 1 });
    const stored = await fakeBrowser.storage.session.get(null);
    expect(Object.keys(stored).sort()).toEqual(['desk.intent.a', 'desk.intent.b']);
    const loaded = await journal().loadAll();
    expect(loaded.map((r) => [r.view.clientOrderId, r.view.state, r.sends])).toEqual([
      ['a', 'filled', 0],
      ['b', 'filled', 1],
    ]);
  });

  it('reads only its own keys among what else storage.session holds', async () => {
    await fakeBrowser.storage.session.set({
      'cache.portfolio': { positions: [] },
      'vault.unlocked': 'x',
    });
    await journal().put(record('a', 'resting'));
    expect((await journal().loadAll()).map((r) => r.view.clientOrderId)).toEqual(['a']);
  });

  it('removes records', async () => {
    const j = journal();
    await j.put(record('a', 'filled'));
    await j.put(record('b', 'filled'));
    await j.remove(['a']);
    expect((await journal().loadAll()).map((r) => r.view.clientOrderId)).toEqual(['b']);
    expect(await fakeBrowser.storage.session.get('desk.intent.a')).toEqual({});
  });

  it('issues the write before put returns, so a send right after follows it', async () => {
    const j = journal();
    void j.put(record('a', 'sending'));
    // Nothing awaited: the browser already has the record.
    expect(await fakeBrowser.storage.session.get(null)).toMatchObject({
      'desk.intent.a': { view: { state: 'sending' } },
    });
  });

  it("drops an earlier build's list of intents and keeps its records", async () => {
    await fakeBrowser.storage.session.set({ 'desk.index': ['a'] });
    await journal().put(record('a', 'resting'));
    expect((await journal().loadAll()).map((r) => r.view.clientOrderId)).toEqual(['a']);
    expect(await fakeBrowser.storage.session.get('desk.index')).toEqual({});
  });

  it('skips a record that no longer reads as one', async () => {
    const j = journal();
    await j.put(record('a', 'filled'));
    await fakeBrowser.storage.session.set({ 'desk.intent.a': { view: 'garbage' } });
    expect(await journal().loadAll()).toEqual([]);
  });
});

describe('prunable', () => {
  it('drops the oldest final intents beyond the newest KEEP_FINAL, never an unfinished one', () => {
    const records = [
      ...Array.from({ length: KEEP_FINAL + 2 }, (_, i) => record(`f${i}`, 'filled', i)),
      record('open', 'sending', -1),
      record('rest', 'resting', -2),
    ];
    expect(prunable(records).sort()).toEqual(['f0', 'f1']);
    expect(prunable(records, 1).length).toBe(KEEP_FINAL + 1);
  });
});
