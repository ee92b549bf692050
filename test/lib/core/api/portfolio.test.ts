import { describe, expect, it } from 'vitest';
import {
  ClobPosition,
  History,
  PnlChart,
  Positions,
  Trades,
  WithdrawalAddresses,
  WithdrawBody,
  WithdrawResult,
} from '../../../../lib/core/api/portfolio';
import {
  ACCOUNT,
  clobPosition,
  history,
  pnlChart,
  positions,
  trades,
  withdrawalAddresses,
  withdrawResult,
} from './examples';

const fails = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success).toBe(false);

describe('Positions', () => {
  it('accepts rewards, points, amm, clob and group positions', () => {
    const parsed = Positions.parse(positions());
    expect(parsed.rewards.rewardsByEpoch[0]?.epochId).toBe(12);
    expect(parsed.clob[0]?.positions.yes.marketValue).toBe('5400000');
    expect(parsed.amm[0]?.outcomeIndex).toBe(1);
    expect(parsed.group[0]?.positions).toHaveLength(1);
  });

  it('keeps amounts as raw integer strings and refuses them as JSON numbers', () => {
    const raw = positions();
    const side = raw.clob[0]?.positions.yes as Record<string, unknown>;
    side.marketValue = 5.4;
    fails(Positions, raw);
    fails(Positions, { ...positions(), rewards: { ...positions().rewards, todaysRewards: '0.5' } });
  });

  it('keeps keys it does not read on the market and the position', () => {
    const raw = clobPosition();
    (raw.market as Record<string, unknown>).volume = '123';
    const parsed = ClobPosition.parse({ ...raw, collateralSymbol: 'USDC' });
    expect(parsed).toHaveProperty('collateralSymbol', 'USDC');
    expect(parsed.market).toHaveProperty('volume', '123');
  });

  it('accepts a clob market without a slug (the spec does not list one)', () => {
    const raw = clobPosition();
    const { slug: _, ...market } = raw.market;
    expect(ClobPosition.parse({ ...raw, market }).market.slug).toBeUndefined();
  });

  it('refuses a clob position without its yes/no sides', () => {
    fails(ClobPosition, { ...clobPosition(), positions: { yes: clobPosition().positions.yes } });
  });
});

describe('portfolio lists', () => {
  it('Trades accepts a fill and refuses an unknown role', () => {
    expect(Trades.parse(trades()).data[0]?.role).toBe('TAKER');
    fails(Trades, { ...trades(), data: [{ ...trades().data[0], role: 'BOTH' }] });
  });

  it('PnlChart accepts a series and refuses an unknown timeframe', () => {
    expect(PnlChart.parse(pnlChart()).current).toBe('-250000');
    fails(PnlChart, { ...pnlChart(), timeframe: '5y' });
  });

  it('History accepts entries and refuses a float amount', () => {
    expect(History.parse(history()).data[0]?.type).toBe('WITHDRAWAL');
    fails(History, { ...history(), data: [{ ...history().data[0], amount: -5 }] });
  });
});

describe('withdrawal', () => {
  it('WithdrawBody takes a positive whole raw amount and optional addresses', () => {
    expect(WithdrawBody.parse({ amount: '5000000', onBehalfOf: 42, destination: ACCOUNT })).toEqual(
      { amount: '5000000', onBehalfOf: 42, destination: ACCOUNT },
    );
    expect(WithdrawBody.safeParse({ amount: '5.5' }).error?.issues[0]?.message).toBe(
      'amount must be a whole number of raw units (6 decimals)',
    );
    expect(WithdrawBody.safeParse({ amount: '0' }).error?.issues[0]?.message).toBe(
      'amount must be more than zero',
    );
    fails(WithdrawBody, { amount: '1', destination: 'my wallet' });
  });

  it('WithdrawResult accepts a transfer and refuses a missing hash', () => {
    expect(WithdrawResult.parse(withdrawResult()).amount).toBe('5000000');
    const { hash: _, ...rest } = withdrawResult();
    fails(WithdrawResult, rest);
  });

  it('WithdrawalAddresses accepts the allowlist and refuses a malformed address', () => {
    expect(WithdrawalAddresses.parse(withdrawalAddresses())[0]?.active).toBe(true);
    fails(WithdrawalAddresses, [{ ...withdrawalAddresses()[0], address: '0x1234' }]);
  });
});
