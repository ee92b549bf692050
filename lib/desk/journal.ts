import { z } from 'zod';
import type { AmountIntent } from '../core/orders/amounts';
import { IntentView, isFinal } from '../protocol/intent';
import type { ListingArea } from '../storage/area';
import { JOURNAL_RECORD_PREFIX, journalRecordKey, LEGACY_JOURNAL_INDEX_KEY } from '../storage/keys';

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
  /**
   * Past this moment (this machine's clock: the press plus `INTENT_DEADLINE_MS`) nothing
   * new is signed or sent for the intent. Journaled so a restarted worker keeps to it;
   * absent in records of older builds (see `deadlineOf`).
   */
  deadline: z.number().optional(),
  /**
   * Ended "not sent" while the exchange could not be asked whether bytes already sent had
   * landed: it is asked again when it can be, and an order found there is reported as what
   * it is.
   */
  landingUnknown: z.boolean().optional(),
  /**
   * Signed and journaled when the pointer went down on its button, before the click that
   * makes it an order (`primed-orders.ts`). Such a record is not an intent yet: nothing is
   * shown for it and nothing sends it but that click. Still marked after a restart, it is one
   * whose click may have sent it just before the worker stopped (the click's own write comes
   * after the send): the exchange is asked once no copy can land any more.
   */
  primed: z.boolean().optional(),
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
 * Journal in `storage.session` (trusted contexts only): one key per intent, so a write
 * costs one record, not the whole history. Survives a stopped worker.
 *
 * No list of the intents is kept beside them: the records are found by their keys'
 * prefix when the journal is read, once per worker start. A list would be rewritten with
 * every new intent, on the click's path, and its hundred-odd ids cost the browser's value
 * conversion several times what the record itself does.
 *
 * `put` hands its write to the browser before it returns, and writes are applied in the
 * order they are issued, so the latest put of a record is what stays. The desk sends a
 * record's bytes only once its write has been answered (see `OrderDesk.send`).
 */
export class SessionJournal implements JournalStore {
  constructor(private readonly area: ListingArea) {}

  async loadAll(): Promise<IntentRecord[]> {
    const records: IntentRecord[] = [];
    for (const [, value] of await this.area.entries(JOURNAL_RECORD_PREFIX)) {
      // A record that no longer reads as one is skipped, as a corrupt stored item always is.
      const parsed = IntentRecord.safeParse(value);
      if (parsed.success) records.push(parsed.data);
    }
    // Not waited for: this read is on a woken worker's way to its first order.
    void this.area.remove(LEGACY_JOURNAL_INDEX_KEY).catch(() => undefined);
    // Storage lists keys in no set order: the intents come back in the order they were made.
    return records.sort((a, b) => a.view.createdAt - b.view.createdAt);
  }

  put(record: IntentRecord): Promise<void> {
    return this.area.set(journalRecordKey(record.view.clientOrderId), record);
  }

  async remove(clientOrderIds: string[]): Promise<void> {
    await Promise.all(clientOrderIds.map((id) => this.area.remove(journalRecordKey(id))));
  }
}

/** Ids of final records beyond the newest `keep`, oldest first. */
export function prunable(records: IntentRecord[], keep = KEEP_FINAL): string[] {
  const finals = records
    .filter((r) => isFinal(r.view.state))
    .sort((a, b) => b.view.updatedAt - a.view.updatedAt);
  return finals.slice(keep).map((r) => r.view.clientOrderId);
}
