import { describe, expect, it } from 'vitest';
import { intentRow, intentRows } from '../../../../components/popup/orders/intents';
import { intent, NOW } from '../fixtures';

describe('intentRow', () => {
  it('says what was filled, at what average price and for how much', () => {
    const row = intentRow(intent());
    expect(row.label).toBe('Filled');
    expect(row.tone).toBe('done');
    expect(row.what).toBe('BUY YES · FOK $10.00');
    // 9.9978 / 17.54 = 0.57 per contract.
    expect(row.detail).toBe('17.54 YES at 57¢ for $10.00');
    expect(row.cancellable).toBe(false);
  });

  it('says a fill net of its fee, the fee named, the exact figures beside', () => {
    const row = intentRow(
      intent({
        filledContractsRaw: '11792452',
        filledCollateralRaw: '5000000',
        filledFeeRaw: '117924',
      }),
    );
    // The position grew by 11.674528: 11,792,452 bought less 117,924 paid as fee.
    expect(row.detail).toBe('11.67 YES at 42.83¢ for $5.00, fee 0.11 YES');
    expect(row.detailExact).toBe('11.674528 YES at 0.428282 for $5, fee 0.117924 YES');
  });

  it('gives a delayed intent its release time and a cancel', () => {
    const eligibleAt = new Date(NOW + 3_000).toISOString();
    const row = intentRow(
      intent({
        state: 'delayed',
        orderType: 'FAK',
        price: 0.57,
        requestedRaw: '5000000',
        filledContractsRaw: '0',
        filledCollateralRaw: '0',
        eligibleAt,
      }),
    );
    expect(row.label).toBe('Delayed');
    expect(row.delayedUntil).toBe(eligibleAt);
    expect(row.cancellable).toBe(true);
    expect(row.what).toBe('BUY YES · FAK 5 contracts @ 57¢');
  });

  it('gives the reason of a rejection as a sentence', () => {
    const row = intentRow(
      intent({
        state: 'rejected',
        filledContractsRaw: '0',
        filledCollateralRaw: '0',
        error: { kind: 'rejected', status: 400, message: 'insufficient balance' },
      }),
    );
    expect(row.tone).toBe('bad');
    expect(row.detail).toBe('Refused by the exchange: insufficient balance.');
  });

  it('says a resting order is on the book, with what filled so far', () => {
    const resting = intentRow(
      intent({
        state: 'resting',
        orderType: 'GTC',
        price: 0.5,
        filledContractsRaw: '0',
        filledCollateralRaw: '0',
      }),
    );
    expect(resting.detail).toBe('On the book');
    expect(resting.cancellable).toBe(true);
    const part = intentRow(
      intent({
        state: 'resting',
        orderType: 'GTC',
        price: 0.5,
        filledContractsRaw: '2000000',
        filledCollateralRaw: '1000000',
      }),
    );
    expect(part.detail).toBe('2 YES at 50¢ for $1.00 filled so far');
  });
});

describe('intentRows', () => {
  it('lists the newest intents first, up to the limit', () => {
    const rows = intentRows(
      [
        intent({ clientOrderId: 'a', createdAt: NOW - 3 }),
        intent({ clientOrderId: 'b', createdAt: NOW - 1 }),
        intent({ clientOrderId: 'c', createdAt: NOW - 2 }),
      ],
      2,
    );
    expect(rows.map((r) => r.id)).toEqual(['b', 'c']);
  });
});
