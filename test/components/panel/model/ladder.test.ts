import { describe, expect, it } from 'vitest';
import { ladderBlock, ladderRows } from '../../../../components/panel/model/ladder';
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
