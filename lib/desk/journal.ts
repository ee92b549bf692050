import { z } from 'zod';
import type { AmountIntent } from '../core/orders/amounts';
import { IntentView, isFinal } from '../protocol/intent';
import type { StorageArea } from '../storage/area';
import { JOURNAL_INDEX_KEY, journalRecordKey } from '../storage/keys';
import { type StoredItem, storedItem } from '../storage/stored-item';

/**
 * The amounts of an order as JSON-safe strings, enough to sign it again. A plain union:
 * both FOK shapes share `orderType: 'FOK'`, which a discriminated union on `orderType`
 * refuses at the first parse (and so would fail every journal read after a restart).
 */
export const AmountSpec = z.union([
  z.object({
    orderType: z.enum(['GTC', 'FAK']),
    side: z.enum(['BUY', 'SELL']),
    price: z.string(),
    contracts: z.string(),
  }),
  z.object({ orderType: z.literal('FOK'), side: z.literal('BUY'), spend: z.string() }),
  z.object({ orderType: z.literal('FOK'), side: z.literal('SELL'), contracts: z.string() }),
]);
export type AmountSpec = z.infer<typeof AmountSpec>;

/** The amounts as journaled (strings): bigints do not survive storage as themselves. */
export function toSpec(amounts: AmountIntent): AmountSpec {
  if (amounts.orderType === 'FOK') {
    return amounts.side === 'BUY'
      ? { orderType: 'FOK', side: 'BUY', spend: amounts.spend.toString() }
      : { orderType: 'FOK', side: 'SELL', contracts: amounts.contracts.toString() };
  }
  return {
    orderType: amounts.orderType,
    side: amounts.side,
    price: String(amounts.price),
    contracts: amounts.contracts.toString(),
  };
}

export function fromSpec(spec: AmountSpec): AmountIntent {
  if (spec.orderType === 'FOK') {
    return spec.side === 'BUY'
      ? { orderType: 'FOK', side: 'BUY', spend: BigInt(spec.spend) }
      : { orderType: 'FOK', side: 'SELL', contracts: BigInt(spec.contracts) };
  }
  return {
    orderType: spec.orderType,
    side: spec.side,
    price: spec.price,
    contracts: BigInt(spec.contracts),
  };
}

/** One intent as journaled: its public view plus what only the background may hold. */
export const IntentRecord = z.object({
  view: IntentView,
  pressId: z.string().nullable(),
  spec: AmountSpec,
  postOnly: z.boolean(),
  /** The signed request bytes: every resend is these exact bytes. */
  body: z.string().nullable(),
  sends: z.number().int(),
  signatures: z.number().int(),
  reconciles: z.number().int(),
  /** tradeEventIds already counted into the filled totals. */
  countedTrades: z.array(z.string()),
});
export type IntentRecord = z.infer<typeof IntentRecord>;

export interface JournalStore {
  loadAll(): Promise<IntentRecord[]>;
  /**
   * Stores the record as it is now: it goes on changing after the call, so a store that
   * does not hand it to storage at once keeps a copy.
   */
  put(record: IntentRecord): Promise<void>;
  remove(clientOrderIds: string[]): Promise<void>;
}

/** Final intents kept for the UI's "recent" list; unfinished ones are never dropped. */
export const KEEP_FINAL = 100;

/**
 * Journal in `storage.session` (trusted contexts only): one key per intent plus an
 * index, so a write costs one record, not the whole history. Survives a stopped worker.
 *
 * `put` hands its writes to the browser before it returns (once the index is known): the
 * desk sends an order right after journaling it without waiting for the answer, and what
 * makes that safe is that the write was issued first (see `OrderDesk.dispatch`). Writes
 * are applied in the order they are issued, so the latest put of a record is what stays.
 */
export class SessionJournal implements JournalStore {
  private index: string[] | null = null;
  private loading: Promise<string[]> | null = null;
  /** Puts made before the index was read, still waiting for it (they keep their order). */
  private queued = 0;
  private readonly indexItem: StoredItem<string[]>;
  private readonly record = (id: string) =>
    storedItem(this.area, journalRecordKey(id), IntentRecord);

  constructor(private readonly area: StorageArea) {
    this.indexItem = storedItem(area, JOURNAL_INDEX_KEY, z.array(z.string()));
  }

  private ids(): Promise<string[]> {
    this.loading ??= this.indexItem.get().then((ids) => {
      this.index = ids ?? [];
      return this.index;
    });
    return this.loading;
  }

  async loadAll(): Promise<IntentRecord[]> {
    const records: IntentRecord[] = [];
    for (const id of await this.ids()) {
      const record = await this.record(id).get();
      if (record) records.push(record);
    }
    return records;
  }

  put(record: IntentRecord): Promise<void> {
    if (this.index && this.queued === 0) return this.write(this.index, record);
    // Before the index is read (a desk used before `init`): in line behind that read, in
    // the order asked, and none of the later puts overtakes them while they wait. Only
    // this one keeps the record past the call, so only it copies (the storage API call
    // above copies as it is made, and a copy on the click's path costs a tenth of a ms).
    const copy = structuredClone(record);
    this.queued++;
    return this.ids().then((ids) => {
      this.queued--;
      return this.write(ids, copy);
    });
  }

  private write(ids: string[], record: IntentRecord): Promise<void> {
    const id = record.view.clientOrderId;
    const items: Record<string, unknown> = { [journalRecordKey(id)]: record };
    if (!ids.includes(id)) {
      ids.push(id);
      items[JOURNAL_INDEX_KEY] = [...ids];
    }
    // One request for the record and its index entry: on the click's path, each call into
    // the storage API costs more than the bytes it carries. Where an area cannot take both
    // at once, they go in parallel: an index entry without its record is skipped when
    // loading, and a record without its entry is never loaded; neither is half an intent.
    if (this.area.setMany) return this.area.setMany(items);
    return Promise.all(Object.entries(items).map(([key, value]) => this.area.set(key, value))).then(
      () => undefined,
    );
  }

  async remove(clientOrderIds: string[]): Promise<void> {
    if (clientOrderIds.length === 0) return;
    const drop = new Set(clientOrderIds);
    const ids = await this.ids();
    const kept = ids.filter((id) => !drop.has(id));
    // In place: a put issued meanwhile sees the same list.
    ids.splice(0, ids.length, ...kept);
    await this.indexItem.set([...ids]);
    for (const id of drop) await this.record(id).remove();
  }
}

/** Ids of final records beyond the newest `keep`, oldest first. */
export function prunable(records: IntentRecord[], keep = KEEP_FINAL): string[] {
  const finals = records
    .filter((r) => isFinal(r.view.state))
    .sort((a, b) => b.view.updatedAt - a.view.updatedAt);
  return finals.slice(keep).map((r) => r.view.clientOrderId);
}
