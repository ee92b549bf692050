import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type IntentRecord, KEEP_FINAL, prunable, SessionJournal } from '../../../lib/desk/journal';
import type { IntentState } from '../../../lib/protocol/intent';
import { browserArea } from '../../../lib/storage/area';
import { intentView } from '../protocol/fixtures';

const record = (id: string, state: IntentState, updatedAt = 0): IntentRecord => ({
  view: intentView({ clientOrderId: id, state, updatedAt }),
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

  it('stores one key per intent and an index, and reads them back in order', async () => {
    const j = journal();
    await j.put(record('a', 'sending'));
    await j.put(record('b', 'filled'));
    await j.put({ ...record('a', 'filled'), sends: 1 });
    const stored = await fakeBrowser.storage.session.get(null);
    expect(Object.keys(stored).sort()).toEqual(['desk.index', 'desk.intent.a', 'desk.intent.b']);
    const loaded = await journal().loadAll();
    expect(loaded.map((r) => [r.view.clientOrderId, r.view.state, r.sends])).toEqual([
      ['a', 'filled', 1],
      ['b', 'filled', 0],
    ]);
  });

  it('removes records and their index entries', async () => {
    const j = journal();
    await j.put(record('a', 'filled'));
    await j.put(record('b', 'filled'));
    await j.remove(['a']);
    expect((await journal().loadAll()).map((r) => r.view.clientOrderId)).toEqual(['b']);
    expect(await fakeBrowser.storage.session.get('desk.intent.a')).toEqual({});
  });

  it('issues a write before put returns once the index is read, so a send right after follows it', async () => {
    const j = journal();
    await j.loadAll();
    void j.put(record('a', 'sending'));
    // Nothing awaited: the browser already has the record and its index entry.
    expect(await fakeBrowser.storage.session.get(null)).toMatchObject({
      'desk.index': ['a'],
      'desk.intent.a': { view: { state: 'sending' } },
    });
  });

  it('puts made before the index is read keep their order and every index entry', async () => {
    await journal().put(record('old', 'filled'));
    const j = journal();
    await Promise.all([
      j.put(record('a', 'sending')),
      j.put(record('b', 'sending')),
      j.put({ ...record('a', 'filled'), sends: 1 }),
    ]);
    const loaded = await journal().loadAll();
    expect(loaded.map((r) => [r.view.clientOrderId, r.view.state])).toEqual([
      ['old', 'filled'],
      ['a', 'filled'],
      ['b', 'sending'],
    ]);
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
