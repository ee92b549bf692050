import { describe, expect, it } from 'vitest';
import {
  confirmLabel,
  outcomeQuotes,
  presetLabel,
  type TradeButtonModel,
  tradeButtons,
} from '../../../../components/panel/model/buttons';
import { aboveCapReason } from '../../../../lib/core/orders/cap';
import { block, panelState, position } from './fixtures';

const find = (groups: ReturnType<typeof tradeButtons>, key: string): TradeButtonModel => {
  const button = groups.flatMap((g) => [...g.buys, ...g.sells]).find((b) => b.key === key);
  if (!button) throw new Error(`no button ${key}`);
  return button;
};

describe('tradeButtons: buys', () => {
  it('offers one buy per preset and outcome, labelled in dollars', () => {
    const groups = tradeButtons(panelState(), 'FOK');
    expect(groups.map((g) => g.outcome)).toEqual(['YES', 'NO']);
    expect(groups[0]?.buys.map((b) => b.label)).toEqual(['$5', '$10', '$25', '$50']);
    expect(groups[1]?.buys.map((b) => b.key)).toEqual([
      'BUY:NO:0',
      'BUY:NO:1',
      'BUY:NO:2',
      'BUY:NO:3',
    ]);
  });

  it('prices a FOK buy as exactly the amount, estimating the contracts at the best ask', () => {
    const button = find(tradeButtons(panelState(), 'FOK'), 'BUY:YES:1');
    expect(button.amountRaw).toBe('10000000');
    expect(button.notionalRaw).toBe(10_000_000n);
    expect(button.limitMillis).toBeNull();
    // $10 / 0.63 = 15.873…, down to the 0.1-contract step of a 0.63 price.
    expect(button.contracts).toBe('≈15.87');
    expect(button.estimate).toContain('spending exactly $10.00');
    expect(button.disabledReason).toBeNull();
  });

  it('prices a FAK buy at best ask + slippage with the contracts that amount buys there', () => {
    const groups = tradeButtons(panelState(), 'FAK');
    const button = find(groups, 'BUY:YES:1');
    expect(button.limitMillis).toBe(650n);
    // 10 / 0.65 = 15.3846…, down to the 0.02-contract step of 0.65.
    expect(button.contracts).toBe('15.38');
    expect(button.notionalRaw).toBe(9_999_990n);
    expect(groups[0]?.buyPrice).toBe('≤ 65¢');
  });

  it('mirrors NO from the YES book: NO ask = 1 − YES bid', () => {
    const groups = tradeButtons(panelState(), 'FOK');
    expect(groups[1]?.buyPrice).toBe('@ 39¢');
    expect(find(groups, 'BUY:NO:0').contracts).toBe('≈12.82');
  });

  it('disables buys of an outcome nobody sells, saying why', () => {
    const state = panelState({
      book: {
        marketSlug: 'sandbox-btc-100k',
        bestBid: 0.61,
        bestAsk: null,
        bidSize: '1',
        askSize: null,
        midpoint: null,
        updatedAt: 1,
      },
    });
    const button = find(tradeButtons(state, 'FOK'), 'BUY:YES:0');
    expect(button.disabledReason).toMatch(/^No one is selling YES/);
    expect(button.contracts).toBeNull();
    // NO's ask comes from the YES bid, which exists.
    expect(find(tradeButtons(state, 'FOK'), 'BUY:NO:0').disabledReason).toBeNull();
  });

  it('asks for confirmation only above the threshold (not at it)', () => {
    const state = panelState({ quickTrade: { presets: ['100000000', '250000000'] } });
    const groups = tradeButtons(state, 'FOK');
    expect(find(groups, 'BUY:YES:0').needsConfirmation).toBe(false);
    const big = find(groups, 'BUY:YES:1');
    expect(big.needsConfirmation).toBe(true);
    expect(confirmLabel(big)).toBe('Click again to confirm $250');
  });

  it('disables every button with the block message', () => {
    const state = panelState({ block: block('locked', { message: 'Unlock the extension.' }) });
    const all = tradeButtons(state, 'FOK').flatMap((g) => g.buys);
    expect(all.every((b) => b.disabledReason === 'Unlock the extension.')).toBe(true);
  });
});

describe('tradeButtons: sells', () => {
  it('offers 25/50/100 % sells only for held outcomes', () => {
    const groups = tradeButtons(panelState({ position: position('500000000') }), 'FOK');
    expect(groups[0]?.sells.map((b) => b.label)).toEqual(['25%', '50%', '100%']);
    expect(groups[1]?.sells).toEqual([]);
    expect(groups[1]?.sellPrice).toBeNull();
  });

  it('prices a FOK sell of 50 % as half the contracts, valued at the best bid', () => {
    const groups = tradeButtons(panelState({ position: position('500000000') }), 'FOK');
    const half = find(groups, 'SELL:YES:50');
    expect(half.sellPercent).toBe(50);
    expect(half.contracts).toBe('250');
    expect(half.notionalRaw).toBe(152_500_000n);
    expect(groups[0]?.sellPrice).toBe('@ 61¢');
  });

  it('prices a FAK sell at best bid − slippage, and a large one needs confirmation', () => {
    const groups = tradeButtons(panelState({ position: position('500000000') }), 'FAK');
    const half = find(groups, 'SELL:YES:50');
    expect(half.limitMillis).toBe(590n);
    expect(half.notionalRaw).toBe(147_500_000n);
    expect(half.needsConfirmation).toBe(true);
    expect(groups[0]?.sellPrice).toBe('≥ 59¢');
    expect(confirmLabel(half)).toBe('Click again to confirm $147.50');
  });

  it("words what a sell brings net of the market's sell fee, as the position will see it", () => {
    const held = { position: position('500000000') };
    const free = find(tradeButtons(panelState(held), 'FAK'), 'SELL:YES:50');
    expect(free.estimate).toBe('250 contracts at 59¢ or better (at least $147.50)');
    const state = panelState({ ...held, sellFeeBps: 100 });
    const fak = find(tradeButtons(state, 'FAK'), 'SELL:YES:50');
    // 1 % of $147.50 is $1.475, rounded down to the raw unit: $146.025 → $146.03 shown.
    expect(fak.estimate).toBe('250 contracts at 59¢ or better (at least $146.03 after the 1% fee)');
    const fok = find(tradeButtons(state, 'FOK'), 'SELL:YES:50');
    expect(fok.estimate).toBe('250 contracts at about 61¢ (≈$150.98 after the 1% fee)');
    // The confirmation still names the order's own size, before the fee.
    expect(fak.notionalRaw).toBe(147_500_000n);
  });
});

describe('outcomeQuotes and presetLabel', () => {
  it('mirrors NO prices from the YES book', () => {
    expect(outcomeQuotes(panelState().book)).toEqual({
      YES: { bid: 0.61, ask: 0.63 },
      NO: { bid: 0.37, ask: 0.39 },
    });
    expect(outcomeQuotes(null)).toEqual({
      YES: { bid: null, ask: null },
      NO: { bid: null, ask: null },
    });
  });

  it('shows whole dollars without cents and others with them', () => {
    expect(presetLabel('5000000')).toBe('$5');
    expect(presetLabel('2500000')).toBe('$2.50');
    expect(presetLabel('1000000000')).toBe('$1,000');
  });
});

describe('tradeButtons: the per-order cap', () => {
  const caps = { maxOrderNotionalRaw: '1000000000', maxOrdersPerMinute: 20 };
  const capReason = aboveCapReason(1_000_000_000n);

  it('disables a preset above the cap with the cap named, not the book (issue 31)', () => {
    const state = panelState({ caps, quickTrade: { presets: ['5000000', '1500000000'] } });
    for (const type of ['FOK', 'FAK'] as const) {
      const groups = tradeButtons(state, type);
      const above = find(groups, 'BUY:YES:1');
      expect(above.disabledReason).toBe(capReason);
      expect(above.disabledReason).toContain('$1,000 cap per order');
      expect(above.needsConfirmation).toBe(false);
      expect(find(groups, 'BUY:NO:1').disabledReason).toBe(capReason);
      expect(find(groups, 'BUY:YES:0').disabledReason).toBeNull();
    }
  });

  it('disables a sell whose proceeds would pass the cap, naming it', () => {
    const state = panelState({ caps, position: position('2000000000') });
    // 2,000 YES at the FAK floor of 59¢ is $1,180, above the $1,000 cap.
    const all = find(tradeButtons(state, 'FAK'), 'SELL:YES:100');
    expect(all.notionalRaw).toBeGreaterThan(1_000_000_000n);
    expect(all.disabledReason).toBe(capReason);
    expect(find(tradeButtons(state, 'FAK'), 'SELL:YES:25').disabledReason).toBeNull();
  });

  it('a block still speaks first', () => {
    const state = panelState({
      caps,
      quickTrade: { presets: ['1500000000'] },
      block: block('locked'),
    });
    expect(find(tradeButtons(state, 'FOK'), 'BUY:YES:0').disabledReason).toBe('blocked: locked');
  });
});
