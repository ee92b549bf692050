import type { Outcome } from '../core/api/primitives';
import type { AmountIntent } from '../core/orders/amounts';
import { INTENT_DEADLINE_MS } from './intent-deadline';
import { type IntentRecord, toSpec } from './journal';

/** What a UI asks the desk to place: the intent, before it has an id or a signature. */
export interface PlaceSpec {
  marketSlug: string;
  marketTitle: string | null;
  outcome: Outcome;
  amounts: AmountIntent;
  /** Collateral at stake, for the caps and the confirmation threshold. */
  notionalRaw: bigint;
  confirmed: boolean;
  postOnly?: boolean;
  /** One per button press: a repeat returns the first intent instead of a second order. */
  pressId?: string | null;
  /**
   * When the trader decided: the background's receipt of the press message (the sender's
   * own clock is not to be trusted across contexts, and the receipt is within ms of it).
   * The intent's deadline counts from here; absent, from the moment the desk takes it.
   */
  decidedAt?: number;
}

/** A new intent's record, `preparing`: nothing signed, nothing journaled yet. */
export function newIntentRecord(spec: PlaceSpec, clientOrderId: string, at: number): IntentRecord {
  const amounts = spec.amounts;
  return {
    view: {
      clientOrderId,
      marketSlug: spec.marketSlug,
      marketTitle: spec.marketTitle,
      outcome: spec.outcome,
      side: amounts.side,
      orderType: amounts.orderType,
      price: amounts.orderType === 'FOK' ? null : Number(String(amounts.price)),
      requestedRaw: (amounts.orderType === 'FOK' && amounts.side === 'BUY'
        ? amounts.spend
        : amounts.contracts
      ).toString(),
      state: 'preparing',
      orderId: null,
      filledContractsRaw: '0',
      filledCollateralRaw: '0',
      eligibleAt: null,
      error: null,
      summary: 'preparing',
      createdAt: at,
      updatedAt: at,
    },
    pressId: spec.pressId ?? null,
    spec: toSpec(amounts),
    postOnly: spec.postOnly === true,
    body: null,
    sends: 0,
    signatures: 0,
    reconciles: 0,
    countedTrades: [],
    deadline: (spec.decidedAt ?? at) + INTENT_DEADLINE_MS,
  };
}
