import { describe, expect, it } from 'vitest';
import {
  Notifier,
  notificationId,
  notificationMarket,
} from '../../../../lib/background/notifications/notifier';
import type { OmeOrderEvent, SettlementOrderEvent } from '../../../../lib/core/api/events';
import { UserOrder } from '../../../../lib/core/api/orders';
import { NOT_SENT_UNREACHABLE } from '../../../../lib/desk/intent-deadline';
import type { IntentView } from '../../../../lib/protocol/intent';
import * as ex from '../../core/api/examples';
import { ome, settlement } from '../../desk/setup';
import { intentView } from '../../protocol/fixtures';

const TITLE = 'Bitcoin above $100k?';
const sending = intentView({
  state: 'sending',
  orderType: 'FAK',
  price: 0.5,
  requestedRaw: '10000000',
  filledContractsRaw: '0',
  filledCollateralRaw: '0',
  marketTitle: TITLE,
});
const next = (before: IntentView, over: Partial<IntentView>): IntentView => ({
  ...before,
  ...over,
});

describe('Notifier.fromIntent', () => {
  it('a full fill: one "Order filled" with side, size, outcome, price and market', () => {
    const after = next(sending, {
      state: 'filled',
      filledContractsRaw: '10000000',
      filledCollateralRaw: '5000000',
    });
    expect(new Notifier().fromIntent(sending, after)).toEqual([
      {
        key: 'fill:c-1:10000000',
        title: 'Order filled',
        message: `Bought 10 YES at 50¢ for $5.00 on ${TITLE}`,
        marketSlug: 'sandbox-btc-100k',
      },
    ]);
  });

  it('a partial fill, then the rest: two notifications, each with its own part', () => {
    const notifier = new Notifier();
    const partial = next(sending, {
      state: 'partially-filled',
      filledContractsRaw: '4000000',
      filledCollateralRaw: '2000000',
    });
    const full = next(partial, {
      state: 'filled',
      filledContractsRaw: '10000000',
      filledCollateralRaw: '5600000',
    });
    expect(notifier.fromIntent(sending, partial).map((n) => [n.title, n.message])).toEqual([
      ['Order partially filled', `Bought 4 YES at 50¢ for $2.00 on ${TITLE}`],
    ]);
    expect(notifier.fromIntent(partial, full).map((n) => [n.title, n.message])).toEqual([
      ['Order filled', `Bought 6 YES at 60¢ for $3.60 on ${TITLE}`],
    ]);
  });

  it('says nothing while the intent still waits on its own answer, even if a fill arrived', () => {
    // Events can beat the placement answer: the fill is known, the final state is not.
    const early = next(sending, { filledContractsRaw: '10000000', filledCollateralRaw: '5000000' });
    expect(new Notifier().fromIntent(sending, early)).toEqual([]);
    expect(Notifier.waiting(early)).toBe(true);
    expect(Notifier.waiting(next(early, { state: 'filled' }))).toBe(false);
  });

  it('the same change seen again (a repeated event, a reconnect) notifies nothing', () => {
    const notifier = new Notifier();
    const after = next(sending, { state: 'filled', filledContractsRaw: '10000000' });
    expect(notifier.fromIntent(sending, after)).toHaveLength(1);
    expect(notifier.fromIntent(sending, after)).toEqual([]);
  });

  it('after a worker restart with the seen keys restored, no duplicate', () => {
    const first = new Notifier();
    const after = next(sending, { state: 'filled', filledContractsRaw: '10000000' });
    first.fromIntent(sending, after);
    const restarted = new Notifier();
    restarted.seen.restore(first.seen.snapshot());
    // A restarted worker has no "before": the whole fill looks new, but its key is known.
    expect(restarted.fromIntent(undefined, after)).toEqual([]);
    // Without the restored keys it would have notified again.
    expect(new Notifier().fromIntent(undefined, after)).toHaveLength(1);
  });

  it('a settlement failure: "Order failed" with the reason', () => {
    const filled = next(sending, { state: 'filled', filledContractsRaw: '10000000' });
    const failed = next(filled, {
      state: 'failed',
      error: { kind: 'rejected', status: 200, message: 'settlement failed; the trade was undone' },
    });
    expect(new Notifier().fromIntent(filled, failed)).toEqual([
      expect.objectContaining({
        title: 'Order failed',
        message: `BUY YES on ${TITLE}: Refused by the exchange: settlement failed; the trade was undone.`,
      }),
    ]);
  });

  it('an order not sent by its deadline: "Order failed" saying so, in the desk’s sentence', () => {
    const notSent = next(sending, { state: 'failed', error: NOT_SENT_UNREACHABLE });
    // Its views until then were all "waiting", so none was kept as the one before.
    expect(new Notifier().fromIntent(undefined, notSent)).toEqual([
      expect.objectContaining({
        title: 'Order failed',
        message: `BUY YES on ${TITLE}: ${NOT_SENT_UNREACHABLE.message}`,
      }),
    ]);
  });

  it('a rejection: "Order rejected"', () => {
    const rejected = next(sending, {
      state: 'rejected',
      error: { kind: 'rejected', status: 400, message: 'Insufficient balance' },
    });
    expect(new Notifier().fromIntent(sending, rejected).map((n) => n.title)).toEqual([
      'Order rejected',
    ]);
  });

  it('an STP cancel of a resting order, and not of a taker refused on arrival', () => {
    const resting = next(sending, { orderType: 'GTC', state: 'resting' });
    expect(new Notifier().fromIntent(resting, next(resting, { state: 'stp-cancelled' }))).toEqual([
      expect.objectContaining({
        title: 'Resting order cancelled',
        message: `Self-trade prevention cancelled your BUY YES order on ${TITLE}`,
      }),
    ]);
    expect(new Notifier().fromIntent(sending, next(sending, { state: 'stp-cancelled' }))).toEqual(
      [],
    );
  });

  it('a delayed order released: one notice; a delayed order the user cancelled: none', () => {
    const delayed = next(sending, { state: 'delayed', eligibleAt: '2026-11-22T08:00:03.000Z' });
    const killed = next(delayed, { state: 'killed', summary: 'not filled' });
    expect(new Notifier().fromIntent(delayed, killed)).toEqual([
      expect.objectContaining({
        key: 'released:c-1',
        title: 'Delayed order released',
        message: `BUY YES on ${TITLE}: not filled`,
      }),
    ]);
    expect(new Notifier().fromIntent(delayed, next(delayed, { state: 'cancelled' }))).toEqual([]);
  });

  it('a fill is told net of its fee, with the fee: what the position grew by', () => {
    const after = next(sending, {
      state: 'filled',
      filledContractsRaw: '11792452',
      filledCollateralRaw: '5000000',
      filledFeeRaw: '117924',
    });
    expect(new Notifier().fromIntent(sending, after)[0]?.message).toBe(
      `Bought 11.67 YES at 42.83¢ for $5.00, fee 0.11 YES on ${TITLE}`,
    );
    const sold = next(sending, {
      side: 'SELL',
      state: 'filled',
      filledContractsRaw: '10000000',
      filledCollateralRaw: '5000000',
      filledFeeRaw: '50000',
    });
    expect(new Notifier().fromIntent(sending, sold)[0]?.message).toBe(
      `Sold 10 YES at 49.5¢ for $4.95, fee $0.05 on ${TITLE}`,
    );
  });

  it('a delayed order released and filled is one notification, whichever event comes first', () => {
    const delayed = next(sending, { state: 'delayed', eligibleAt: '2026-11-22T08:00:03.000Z' });
    const amounts = {
      filledContractsRaw: '11792452',
      filledCollateralRaw: '5000000',
      filledFeeRaw: '117924',
    };
    // The engine's EXECUTION first (filled, amounts not counted yet), then the settlement.
    const notifier = new Notifier();
    const executed = next(delayed, { state: 'filled', summary: 'filled' });
    const counted = next(executed, amounts);
    const told = [
      ...notifier.fromIntent(delayed, executed),
      ...notifier.fromIntent(executed, counted),
    ];
    expect(told.map((n) => [n.title, n.message])).toEqual([
      ['Order filled', `Bought 11.67 YES at 42.83¢ for $5.00, fee 0.11 YES on ${TITLE}`],
    ]);
    // The settlement first: one view, filled with its amounts.
    const both = new Notifier().fromIntent(delayed, next(delayed, { state: 'filled', ...amounts }));
    expect(both.map((n) => n.title)).toEqual(['Order filled']);
  });

  it('names the market by slug when its title is unknown, and omits an unknown price', () => {
    const after = next(sending, {
      marketTitle: null,
      state: 'filled',
      filledContractsRaw: '10000000',
      filledCollateralRaw: '0',
    });
    expect(new Notifier().fromIntent(sending, after)[0]?.message).toBe(
      'Bought 10 YES on sandbox-btc-100k',
    );
  });
});

describe('Notifier.fromSettlement (resting orders placed elsewhere)', () => {
  const open = new Map([
    [
      ex.ORDER_ID,
      {
        ...UserOrder.parse({
          ...ex.userOrder(),
          side: 'SELL',
          price: 0.6,
          remainingSize: '4000000',
        }),
        marketSlug: 'sandbox-btc-100k',
        outcome: 'YES' as const,
      },
    ],
  ]);
  const titleOf = () => TITLE;
  const fill = (type: 'MATCHED' | 'MINED' | 'FAILED', size: bigint, tradeEventId = 't-1') =>
    settlement(
      'MATCHED' === type ? 'MATCHED' : type,
      { clientOrderId: null, orderId: 'taker' },
      [
        { orderId: ex.ORDER_ID, matchedSize: size, price: '0.6' },
        { orderId: 'not-ours', matchedSize: size, price: '0.6' },
      ],
      { tradeEventId },
    ) as SettlementOrderEvent;

  it('a maker fill of part of the order: "Order partially filled", once', () => {
    const notifier = new Notifier();
    expect(notifier.fromSettlement(fill('MATCHED', 1_000_000n), open, titleOf)).toEqual([
      {
        key: `trade:t-1:${ex.ORDER_ID}`,
        title: 'Order partially filled',
        message: `Sold 1 YES at 60¢ on ${TITLE}`,
        marketSlug: 'sandbox-btc-100k',
      },
    ]);
    expect(notifier.fromSettlement(fill('MATCHED', 1_000_000n), open, titleOf)).toEqual([]);
  });

  it('a maker fill of the rest: "Order filled"', () => {
    expect(
      new Notifier().fromSettlement(fill('MATCHED', 4_000_000n), open, titleOf)[0]?.title,
    ).toBe('Order filled');
  });

  it('a failed settlement: "Settlement failed"; MINED: nothing', () => {
    const notifier = new Notifier();
    expect(notifier.fromSettlement(fill('MINED', 1_000_000n), open, titleOf)).toEqual([]);
    expect(notifier.fromSettlement(fill('FAILED', 1_000_000n), open, titleOf)).toEqual([
      expect.objectContaining({
        title: 'Settlement failed',
        message: `Undone: Sold 1 YES at 60¢ on ${TITLE}`,
      }),
    ]);
  });
});

describe('notification ids', () => {
  it('carry their market, whatever the slug holds, so a click needs no memory', () => {
    for (const slug of ['sandbox-btc-100k', 'odd:slug/with?chars']) {
      const id = notificationId({ key: 'fill:c-1:10', marketSlug: slug });
      expect(notificationMarket(id)).toBe(slug);
    }
  });

  it('are not mistaken in ids that are not ours', () => {
    expect(notificationMarket('someone-else')).toBeNull();
    expect(notificationMarket('mc:')).toBeNull();
    expect(notificationMarket('mc:%E0%A4%A:key')).toBeNull();
  });
});

describe('Notifier.fromOmeCancel', () => {
  const stp = {
    ...(ome({ clientOrderId: null as unknown as string, orderId: 'o-9' }, 'CANCELLATION', {
      reason: 'STP_MAKER_CANCELLED',
    }) as OmeOrderEvent),
    side: 'SELL' as const,
    price: 0.55,
    remainingSize: '4000000',
  };

  it('an STP cancel of a resting order: one notification with what was left', () => {
    const notifier = new Notifier();
    const specs = notifier.fromOmeCancel(stp, 'YES', () => TITLE);
    expect(specs).toEqual([
      {
        key: 'stp:o-9',
        title: 'Resting order cancelled',
        message: `Self-trade prevention cancelled your SELL YES order at 55¢ on ${TITLE} (4 left)`,
        marketSlug: stp.marketSlug,
      },
    ]);
    expect(notifier.fromOmeCancel(stp, 'YES', () => TITLE)).toEqual([]);
  });

  it('a cancel by the user, or another event, tells nothing', () => {
    const notifier = new Notifier();
    expect(notifier.fromOmeCancel({ ...stp, reason: null }, 'YES', () => TITLE)).toEqual([]);
    expect(notifier.fromOmeCancel({ ...stp, type: 'PLACEMENT' }, 'YES', () => TITLE)).toEqual([]);
  });
});
