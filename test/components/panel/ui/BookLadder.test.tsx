// @vitest-environment happy-dom
import { signal } from '@preact/signals';
import { fireEvent, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { AimCheck } from '../../../../components/panel/aim-watch';
import type { PanelVisibility } from '../../../../components/panel/model/trust';
import type { BookLadder } from '../../../../lib/core/orders/book-ladder';
import { aboveCapReason } from '../../../../lib/core/orders/cap';
import type { IntentView } from '../../../../lib/protocol/intent';
import type { ParsedRequestOf } from '../../../../lib/protocol/messages';
import type { PanelState } from '../../../../lib/protocol/views';
import { secondPressPlaces } from '../fake-background';
import { block, intent, panelState, position, SLUG } from '../model/fixtures';
import { aimed, type Handlers, realClick, renderPanel } from './render-panel';

const level = (priceMillis: string, sizeRaw = '120000000') => ({ priceMillis, sizeRaw });

/** YES 61/60/59 against 63/64; NO mirrors it (37/36 against 39/40/41). */
const LADDER: BookLadder = {
  yes: { bids: [level('610'), level('600'), level('590')], asks: [level('630'), level('640')] },
  no: { bids: [level('370'), level('360')], asks: [level('390'), level('400'), level('410')] },
};

let container: HTMLElement;

function show(
  state: PanelState,
  handlers: Handlers = {},
  check: AimCheck = () => null,
  visibility = signal<PanelVisibility>('unknown'),
) {
  const shown = renderPanel(state, { handlers, visibility, aim: aimed(check) });
  container = shown.container;
  return shown;
}

const levelButton = (key: string): HTMLButtonElement => {
  const found = container.querySelector<HTMLButtonElement>(`[data-level="${key}"]`);
  if (!found) throw new Error(`no level ${key}`);
  return found;
};
const levelKeys = (outcome: string) =>
  [...container.querySelectorAll(`[data-ladder="${outcome}"] [data-level]`)].map((b) =>
    b.getAttribute('data-level'),
  );

const resting = (request: ParsedRequestOf<'panel.limitOrder'>): IntentView =>
  intent({
    clientOrderId: `c-${request.pressId}`,
    outcome: request.outcome,
    side: request.side,
    orderType: 'GTC',
    price: Number(request.price),
    state: 'resting',
    orderId: null,
    filledContractsRaw: '0',
    filledCollateralRaw: '0',
    summary: 'resting on the book',
  });

describe('the book ladder', () => {
  it('shows each outcome’s bids and asks as level buttons, best first, with what a click does', () => {
    show(panelState({ ladder: LADDER }));
    expect(levelKeys('YES')).toEqual([
      'YES:BUY:610',
      'YES:BUY:600',
      'YES:BUY:590',
      'YES:SELL:630',
      'YES:SELL:640',
    ]);
    expect(levelKeys('NO')).toEqual([
      'NO:BUY:370',
      'NO:BUY:360',
      'NO:SELL:390',
      'NO:SELL:400',
      'NO:SELL:410',
    ]);
    const bid = levelButton('YES:BUY:610');
    expect(bid.textContent).toContain('61¢');
    expect(bid.textContent).toContain('120');
    // $5 (the first preset) at 61¢: 8.1967 contracts, shown to two decimals.
    expect(bid.getAttribute('aria-label')).toBe('Buy 8.19 @ 61¢ YES, post-only');
  });

  it('is absent until the background has a book, its room kept', () => {
    show(panelState({ ladder: null }));
    expect(container.querySelector('[data-section="book"]')).toBeNull();
    expect(container.querySelector('[data-section="no-book"]')).not.toBeNull();
  });

  it('keeps five places per side, filled or not, so levels arriving move no level', () => {
    show(panelState({ ladder: LADDER }));
    const slots = (outcome: string) =>
      [...container.querySelectorAll(`[data-ladder="${outcome}"] [data-slot]`)].map((el) => [
        el.getAttribute('data-slot'),
        el.getAttribute('data-level'),
      ]);
    expect(slots('YES')).toEqual([
      ['YES:bids:0', 'YES:BUY:610'],
      ['YES:bids:1', 'YES:BUY:600'],
      ['YES:bids:2', 'YES:BUY:590'],
      ['YES:bids:3', null],
      ['YES:bids:4', null],
      ['YES:asks:0', 'YES:SELL:630'],
      ['YES:asks:1', 'YES:SELL:640'],
      ['YES:asks:2', null],
      ['YES:asks:3', null],
      ['YES:asks:4', null],
    ]);
    expect(container.querySelector('[data-result-slot="book"]')).not.toBeNull();
  });

  it('a real click on a bid sends one post-only buy at that price, and the order is listed with a cancel at once', async () => {
    const { background, store } = show(panelState({ ladder: LADDER }), {
      'panel.limitOrder': async (r) => resting(r),
    });
    realClick(levelButton('YES:BUY:600'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="book"]')?.getAttribute('data-status')).toBe(
        'resting',
      ),
    );
    const [call] = background.callsOf('panel.limitOrder');
    expect(call?.request).toEqual({
      marketSlug: SLUG,
      outcome: 'YES',
      side: 'BUY',
      price: '0.6',
      amountRaw: '5000000',
      pressId: expect.stringMatching(/^press-\d+-0000$/),
    });
    // The background's push of its intent: listed among the open orders with its cancel.
    const sent = resting(call?.request as ParsedRequestOf<'panel.limitOrder'>);
    store.value.value = panelState({ ladder: LADDER, intents: [sent] });
    await waitFor(() =>
      expect(
        container.querySelector(
          `[data-action="cancel-intent"][data-client-order-id="${sent.clientOrderId}"]`,
        ),
      ).not.toBeNull(),
    );
  });

  it('a click on an ask sells what is held, sized by the chosen preset', async () => {
    const { background } = show(panelState({ ladder: LADDER, position: position('100000000') }), {
      'panel.limitOrder': async (r) => resting(r),
    });
    realClick(container.querySelector('[data-ladder-preset="1"]') as Element);
    await waitFor(() =>
      expect(levelButton('YES:SELL:640').getAttribute('aria-label')).toBe(
        'Sell 15.62 @ 64¢ YES, post-only',
      ),
    );
    realClick(levelButton('YES:SELL:640'));
    await waitFor(() => expect(background.callsOf('panel.limitOrder')).toHaveLength(1));
    expect(background.callsOf('panel.limitOrder')[0]?.request).toMatchObject({
      side: 'SELL',
      price: '0.64',
      amountRaw: '10000000',
    });
  });

  it('an ask of an outcome not held is disabled, saying why', () => {
    show(panelState({ ladder: LADDER }));
    const ask = levelButton('NO:SELL:390');
    expect(ask.disabled).toBe(true);
    expect(ask.title).toBe('You hold no NO contracts on this market, so there is nothing to sell');
  });

  it('a script click (untrusted) sends nothing', async () => {
    const { background } = show(panelState({ ladder: LADDER }), {
      'panel.limitOrder': async (r) => resting(r),
    });
    fireEvent.click(levelButton('YES:BUY:610'));
    levelButton('YES:BUY:610').click();
    expect(container.querySelector('[data-result="book"]')).toBeNull();
    // A real press after them goes the same way: once it is sent, theirs would have been.
    realClick(levelButton('YES:BUY:590'));
    await waitFor(() => expect(background.callsOf('panel.limitOrder')).toHaveLength(1));
    expect(background.calls.map((c) => c.name)).toEqual(['panel.limitOrder']);
    expect(background.callsOf('panel.limitOrder')[0]?.request).toMatchObject({ price: '0.59' });
  });

  it('a click the user could not have aimed is refused in one sentence, like the trade buttons', async () => {
    const { background } = show(
      panelState({ ladder: LADDER }),
      {},
      () => 'The panel moved just before this click, so it was ignored; nothing was sent.',
    );
    realClick(levelButton('YES:BUY:610'));
    await waitFor(() =>
      expect(container.querySelector('[data-notice="obscured"]')?.textContent).toContain(
        'moved just before this click',
      ),
    );
    expect(background.calls).toEqual([]);
  });

  it('a refusal for crossing the book reads as its one sentence', async () => {
    const sentence =
      'Not placed: a post-only buy of YES at 61¢ would cross the book (best ask 61¢). Pick a lower bid.';
    show(panelState({ ladder: LADDER }), {
      'panel.limitOrder': async (r) => ({
        ...resting(r),
        state: 'rejected',
        error: { kind: 'unavailable', message: sentence },
        summary: `rejected: ${sentence}`,
      }),
    });
    realClick(levelButton('YES:BUY:610'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="book"] .error')?.textContent).toBe(sentence),
    );
  });

  it('above the confirmation threshold the first click arms the level and the second sends', async () => {
    const state = panelState({
      ladder: LADDER,
      quickTrade: { presets: ['500000000'], confirmAboveRaw: '100000000' },
    });
    const { background } = show(state, {
      'panel.limitOrder': secondPressPlaces(async (r) => resting(r)),
    });
    realClick(levelButton('YES:BUY:610'));
    await waitFor(() => expect(levelButton('YES:BUY:610').dataset.armed).toBe('true'));
    await waitFor(() => expect(background.callsOf('panel.limitOrder')).toHaveLength(1));
    expect(background.callsOf('panel.limitOrder')[0]?.request).toMatchObject({ firstPress: true });
    expect(container.querySelector('[data-result="book"]')).toBeNull();
    realClick(levelButton('YES:BUY:610'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="book"]')?.getAttribute('data-status')).toBe(
        'resting',
      ),
    );
    const second = background.callsOf('panel.limitOrder')[1]?.request;
    expect(second).not.toHaveProperty('firstPress');
    expect(second).not.toHaveProperty('confirmed');
  });

  it('in post-only trading mode the levels stay usable while one-click orders pause', () => {
    show(
      panelState({
        ladder: LADDER,
        mode: { mode: 'post_only', resumeAt: null, restrictions: [], checkedAt: 1 },
        block: block('trading-mode', { cancelAllowed: true }),
      }),
    );
    expect(levelButton('YES:BUY:610').disabled).toBe(false);
    expect(container.querySelector<HTMLButtonElement>('[data-key="BUY:YES:0"]')?.disabled).toBe(
      true,
    );
  });

  it('a level above the per-order cap is disabled with the cap named, as the presets are, and sends nothing', async () => {
    const caps = { maxOrderNotionalRaw: '1000000000', maxOrdersPerMinute: 20 };
    const { background } = show(
      panelState({ ladder: LADDER, caps, quickTrade: { presets: ['5000000', '1500000000'] } }),
      { 'panel.limitOrder': async (r) => resting(r) },
    );
    realClick(container.querySelector('[data-ladder-preset="1"]') as Element);
    await waitFor(() => expect(levelButton('YES:BUY:610').disabled).toBe(true));
    expect(levelButton('YES:BUY:610').title).toBe(aboveCapReason(1_000_000_000n));
    // The preset's own buy button says the same words.
    expect(container.querySelector<HTMLButtonElement>('[data-key="BUY:YES:1"]')?.title).toBe(
      aboveCapReason(1_000_000_000n),
    );
    realClick(levelButton('YES:BUY:610'));
    // Back to the preset within the cap: the next click is the first thing sent.
    realClick(container.querySelector('[data-ladder-preset="0"]') as Element);
    await waitFor(() => expect(levelButton('YES:BUY:610').disabled).toBe(false));
    realClick(levelButton('YES:BUY:610'));
    await waitFor(() => expect(background.callsOf('panel.limitOrder')).toHaveLength(1));
    expect(background.callsOf('panel.limitOrder')[0]?.request).toMatchObject({
      amountRaw: '5000000',
    });
  });

  it('any other block disables every level with its reason', () => {
    show(panelState({ ladder: LADDER, block: block('locked') }));
    expect(levelButton('YES:BUY:610').disabled).toBe(true);
    expect(levelButton('YES:BUY:610').title).toBe('blocked: locked');
  });

  it('a push that moves one level keeps the other buttons (keyed by price)', async () => {
    const { store } = show(panelState({ ladder: LADDER }));
    const kept = levelButton('YES:BUY:600');
    store.value.value = panelState({
      ladder: { ...LADDER, yes: { ...LADDER.yes, bids: [level('620'), ...LADDER.yes.bids] } },
    });
    await waitFor(() => expect(levelKeys('YES')[0]).toBe('YES:BUY:620'));
    expect(levelButton('YES:BUY:600')).toBe(kept);
  });
});
