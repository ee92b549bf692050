import { describe, expect, it } from 'vitest';
import {
  approvalsFor,
  approvingWallet,
  genericApprovals,
} from '../../../../components/options/onboarding/approvals';
import type { MarketVenue } from '../../../../lib/protocol/messages';
import * as ex from '../../../lib/core/api/examples';

const market = (over: Partial<MarketVenue>): MarketVenue => ({
  slug: 'm',
  title: 'Market',
  negRisk: false,
  grouped: false,
  venue: { exchange: ex.EXCHANGE, adapter: ex.ADAPTER },
  ...over,
});

describe('approvals table', () => {
  it('is the spec table when no market is known', () => {
    const [block] = genericApprovals();
    expect(block?.venue).toBeNull();
    expect(
      block?.rows.map((r) => [r.side, r.marketKind, r.token, r.spenders.map((s) => s.role)]),
    ).toEqual([
      ['BUY', 'every CLOB market', 'collateral', ['exchange']],
      ['SELL', 'simple CLOB', 'conditional', ['exchange']],
      ['SELL', 'NegRisk / grouped', 'conditional', ['exchange', 'adapter']],
    ]);
  });

  it('keeps only the lines that apply to simple markets', () => {
    const [block] = approvalsFor([market({ title: 'BTC' })]);
    expect(block?.rows.map((r) => r.marketKind)).toEqual(['every CLOB market', 'simple CLOB']);
    expect(block?.rows[0]?.spenders).toEqual([{ role: 'exchange', address: ex.EXCHANGE }]);
  });

  it('needs the adapter too to sell on NegRisk or grouped markets', () => {
    const [block] = approvalsFor([
      market({ title: 'Neg', negRisk: true }),
      market({ title: 'Grouped', grouped: true }),
    ]);
    const sell = block?.rows.find((r) => r.side === 'SELL');
    expect(sell?.marketKind).toBe('NegRisk / grouped');
    expect(sell?.spenders).toEqual([
      { role: 'exchange', address: ex.EXCHANGE },
      { role: 'adapter', address: ex.ADAPTER },
    ]);
    expect(sell?.markets).toEqual(['Neg', 'Grouped']);
  });

  it('makes one block per venue', () => {
    const other = '0x0000000000000000000000000000000000000001';
    const blocks = approvalsFor([
      market({}),
      market({ venue: { exchange: other, adapter: ex.ADAPTER } }),
    ]);
    expect(blocks.map((b) => b.venue?.exchange)).toEqual([ex.EXCHANGE, other]);
    expect(blocks.map((b) => b.markets)).toEqual([['Market'], ['Market']]);
  });

  it('names the wallet that approves: own account, or the sub-account server wallet', () => {
    const base = {
      account: ex.ACCOUNT,
      subAccounts: [{ id: 202, account: ex.SUB_WALLET, displayName: null }],
      activeSubAccountId: 202,
    };
    expect(approvingWallet({ ...base, signingKind: 'eoa' }).address).toBe(ex.ACCOUNT);
    const delegated = approvingWallet({ ...base, signingKind: 'delegated' });
    expect(delegated.address).toBe(ex.SUB_WALLET);
    expect(delegated.explanation).toMatch(/server wallet/);
  });
});
