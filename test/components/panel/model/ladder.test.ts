import { describe, expect, it } from 'vitest';
import { ladderBlock, ladderRows } from '../../../../components/panel/model/ladder';
import { aboveCapReason } from '../../../../lib/core/orders/cap';
import { block, panelState, position } from './fixtures';

const LADDER = {
  yes: {
    bids: [{ priceMillis: '610', sizeRaw: '1500000000' }],
    asks: [{ priceMillis: '630', sizeRaw: '2000000' }],
  },
  no: {
    bids: [{ priceMillis: '370', sizeRaw: '2000000' }],
    asks: [{ priceMillis: '390', sizeRaw: '1500000000' }],
  },
};

describe('ladderRows', () => {
  it('makes a level button per level: its price as sent, what the click buys, the depth', () => {
    const [yes, no] = ladderRows(panelState({ ladder: LADDER }), '10000000');
    expect(yes?.bids[0]).toMatchObject({
      key: 'YES:BUY:610',
      side: 'BUY',
      price: '0.61',
      priceText: '61¢',
      depthText: '1,500',
      label: 'Buy 16.39 @ 61¢',
      needsConfirmation: false,
      disabledReason: null,
    });
    expect(no?.bids[0]).toMatchObject({ key: 'NO:BUY:370', price: '0.37' });
  });

  it('an ask sells at most what is held', () => {
    const [yes] = ladderRows(
      panelState({ ladder: LADDER, position: position('5000000') }),
      '10000000',
    );
    expect(yes?.asks[0]).toMatchObject({ label: 'Sell 5 @ 63¢', notionalRaw: 3_150_000n });
  });

  it('a preset above the confirmation threshold asks for the second click', () => {
    const [yes] = ladderRows(panelState({ ladder: LADDER }), '500000000');
    expect(yes?.bids[0]?.needsConfirmation).toBe(true);
  });

  it('no book, no rows', () => {
    expect(ladderRows(panelState({ ladder: null }), '10000000')).toEqual([]);
  });
});

describe('ladderRows: the per-order cap', () => {
  const caps = { maxOrderNotionalRaw: '1000000000', maxOrdersPerMinute: 20 };
  const capReason = aboveCapReason(1_000_000_000n);

  it('disables a level whose buy is above the cap, naming it as the presets do (issue 31)', () => {
    const [yes, no] = ladderRows(panelState({ caps, ladder: LADDER }), '1500000000');
    for (const bid of [yes?.bids[0], no?.bids[0]]) {
      expect(bid?.disabledReason).toBe(capReason);
      expect(bid?.disabledReason).toContain('$1,000 cap per order');
      expect(bid?.needsConfirmation).toBe(false);
    }
    const [within] = ladderRows(panelState({ caps, ladder: LADDER }), '1000000000');
    expect(within?.bids[0]?.disabledReason).toBeNull();
  });

  it('disables an ask whose sell would pass the cap, and not one within it', () => {
    // 2,000 YES held: $1,500 of it at 63¢ is 2,000 contracts, $1,260 at stake.
    const state = panelState({ caps, ladder: LADDER, position: position('2000000000') });
    const [above] = ladderRows(state, '1500000000');
    expect(above?.asks[0]?.notionalRaw).toBeGreaterThan(1_000_000_000n);
    expect(above?.asks[0]?.disabledReason).toBe(capReason);
    expect(above?.asks[0]?.needsConfirmation).toBe(false);
    const [within] = ladderRows(state, '500000000');
    expect(within?.asks[0]?.disabledReason).toBeNull();
  });

  it('a block still speaks first', () => {
    const state = panelState({ caps, ladder: LADDER, block: block('locked') });
    expect(ladderRows(state, '1500000000')[0]?.bids[0]?.disabledReason).toBe('blocked: locked');
  });
});

describe('ladderBlock', () => {
  it('lets post-only mode through, and nothing else', () => {
    const postOnly = { mode: 'post_only' as const, resumeAt: null, restrictions: [], checkedAt: 1 };
    expect(ladderBlock(panelState({ mode: postOnly, block: block('trading-mode') }))).toBeNull();
    expect(
      ladderBlock(
        panelState({
          mode: { ...postOnly, mode: 'cancel_only' },
          block: block('trading-mode'),
        }),
      ),
    ).toBe('blocked: trading-mode');
    expect(ladderBlock(panelState({ block: block('locked') }))).toBe('blocked: locked');
    expect(ladderBlock(panelState())).toBeNull();
  });
});
