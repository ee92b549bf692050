import { type IntentRecord, type JournalStore, prunable } from './journal';

/**
 * The desk's intents in memory, found by client order id, by button press and by exchange
 * order id, and written through to the journal. Writes are serialised so a record's
 * latest state is always the one stored; old final intents are pruned as they go.
 */
export class IntentIndex {
  private readonly records = new Map<string, IntentRecord>();
  private readonly byPress = new Map<string, string>();
  private readonly byOrderId = new Map<string, string>();
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly store: JournalStore) {}

  /** What the journal holds; intents are indexed, primed orders (not intents yet) are not. */
  async load(): Promise<IntentRecord[]> {
    const records = await this.store.loadAll();
    for (const record of records) if (record.primed !== true) this.add(record);
    return records;
  }

  add(record: IntentRecord): void {
    this.records.set(record.view.clientOrderId, record);
    if (record.pressId) this.byPress.set(record.pressId, record.view.clientOrderId);
    if (record.view.orderId) this.byOrderId.set(record.view.orderId, record.view.clientOrderId);
  }

  get(clientOrderId: string): IntentRecord | undefined {
    return this.records.get(clientOrderId);
  }

  /** The intent a button press made, if that press was seen already. */
  ofPress(pressId: string): IntentRecord | undefined {
    const id = this.byPress.get(pressId);
    return id ? this.records.get(id) : undefined;
  }

  hasOrder(orderId: string): boolean {
    return this.byOrderId.has(orderId);
  }

  /** By client order id first (ours), else by the exchange's order id. */
  find(clientOrderId: string | null, orderId: string | null): IntentRecord | undefined {
    if (clientOrderId) {
      const byClient = this.records.get(clientOrderId);
      if (byClient) return byClient;
    }
    const id = orderId ? this.byOrderId.get(orderId) : undefined;
    return id ? this.records.get(id) : undefined;
  }

  all(): IterableIterator<IntentRecord> {
    return this.records.values();
  }

  linkOrder(record: IntentRecord, orderId: string): void {
    if (record.view.orderId === orderId) return;
    record.view.orderId = orderId;
    this.byOrderId.set(orderId, record.view.clientOrderId);
  }

  /**
   * Hands the record's write to the journal now, and resolves to whether it was stored.
   * Not queued behind earlier writes: the journal issues each write to the browser as it
   * is asked, and the browser applies them in that order, so the last state asked for is
   * the one kept. A click's write waits for its own round trip only, never for earlier
   * writes still under way (see `OrderDesk.send`).
   */
  save(record: IntentRecord): Promise<boolean> {
    // A run still going after `forgetAll` must not write its record back.
    if (this.records.get(record.view.clientOrderId) !== record) return Promise.resolve(false);
    let put: Promise<void>;
    try {
      // The store takes its own copy (see `JournalStore.put`): the record goes on changing.
      put = this.store.put(record);
    } catch (error) {
      put = Promise.reject(error);
    }
    const stored = put.then(
      () => true,
      // storage.session full or gone: the in-memory record still drives the UI.
      () => false,
    );
    this.writes = Promise.all([this.writes, stored]).then(async ([, ok]) => {
      if (!ok) return;
      const drop = prunable([...this.records.values()]);
      if (drop.length === 0) return;
      for (const id of drop) this.drop(id);
      await this.store.remove(drop).catch(() => undefined);
    });
    return stored;
  }

  /** Resolves once every write asked for so far has been made (or failed). */
  flushed(): Promise<void> {
    return this.writes;
  }

  /** Drops every intent, in memory and in the journal (the user forgot the account). */
  async forgetAll(): Promise<void> {
    const ids = [...this.records.keys()];
    this.records.clear();
    this.byPress.clear();
    this.byOrderId.clear();
    await this.writes;
    await this.store.remove(ids).catch(() => undefined);
  }

  private drop(id: string): void {
    const gone = this.records.get(id);
    this.records.delete(id);
    if (gone?.pressId) this.byPress.delete(gone.pressId);
    if (gone?.view.orderId) this.byOrderId.delete(gone.view.orderId);
  }
}
