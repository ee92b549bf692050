// @vitest-environment happy-dom
import { signal } from '@preact/signals';
import { fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AimWatch } from '../../../../components/panel/aim-watch';
import { AimTracker, MOVE_SETTLE_MS, MOVED_REFUSAL } from '../../../../components/panel/model/aim';
import { BUSY_LOOK_AFTER_MS } from '../../../../components/panel/model/controller';
import type { PanelVisibility } from '../../../../components/panel/model/trust';
import type { MountedPanel } from '../../../../components/panel/mount';
import { ExchangeError } from '../../../../lib/core/client/errors';
import { formatRawCents } from '../../../../lib/core/format/raw-price';
import { ARMED_PRESS_MS, CONFIRM_WINDOW_MS } from '../../../../lib/core/orders/confirm';
import { NOT_SENT_UNREACHABLE } from '../../../../lib/desk/intent-deadline';
import type { IntentView } from '../../../../lib/protocol/intent';
import type { ParsedRequestOf } from '../../../../lib/protocol/messages';
import type { PanelState } from '../../../../lib/protocol/views';
import { secondPressPlaces } from '../fake-background';
import { block, intent, ORDER_ID, panelState, position, SLUG, userOrder } from '../model/fixtures';
import { aimed, type Handlers, realClick, realPointerDown, renderPanel } from './render-panel';

let container: HTMLElement;
let mounted: MountedPanel | null = null;

afterEach(() => {
  vi.useRealTimers();
});

function show(
  state: PanelState | null,
  handlers: Handlers = {},
  visibility = signal<PanelVisibility>('unknown'),
  aim: AimWatch = aimed(),
) {
  const shown = renderPanel(state, { handlers, visibility, aim });
  container = shown.container;
  mounted = shown.panel;
  return shown;
}

const button = (key: string): HTMLButtonElement => {
  const found = container.querySelector<HTMLButtonElement>(`[data-key="${key}"]`);
  if (!found) throw new Error(`no button ${key}`);
  return found;
};
/** The press id a recorded message carried. */
const pressIdOf = (request: unknown): string | undefined =>
  (request as { pressId?: string } | undefined)?.pressId;
const action = (name: string): HTMLButtonElement => {
  const found = container.querySelector<HTMLButtonElement>(`[data-action="${name}"]`);
  if (!found) throw new Error(`no action ${name}`);
  return found;
};

const presetField = (n: number): Promise<HTMLInputElement> =>
  waitFor(() => {
    const input = container.querySelector<HTMLInputElement>(
      `input[aria-label="Preset ${n} in dollars"]`,
    );
    if (!input) throw new Error(`no preset field ${n} yet`);
    return input;
  });

const filled = (request: ParsedRequestOf<'panel.quickOrder'>): IntentView =>
  intent({
    clientOrderId: `c-${request.pressId}`,
    outcome: request.outcome,
    side: request.side,
    orderType: request.orderType,
    summary: 'filled 15.87 YES at 0.63',
  });

describe('the panel in each state', () => {
  it('shows the market being loaded before the first state arrives', () => {
    const { ui } = show(null);
    expect(ui.getByText(`Loading ${SLUG}…`)).toBeTruthy();
    expect(container.querySelector('[data-key]')).toBeNull();
  });

  it('renders the buttons from the first state, with estimates, prices and no position', () => {
    const { ui } = show(panelState());
    expect(ui.getByText('Will BTC close above $100k?')).toBeTruthy();
    expect(button('BUY:YES:0').textContent).toContain('$5');
    expect(button('BUY:YES:1').textContent).toContain('≈15.87');
    expect(button('BUY:NO:3').textContent).toContain('$50');
    expect(container.querySelector('[data-key^="SELL"]')).toBeNull();
    const yes = container.querySelector('tr[data-outcome="YES"]');
    const no = container.querySelector('tr[data-outcome="NO"]');
    expect(yes?.querySelector('[data-cell="bid"]')?.textContent).toBe('61¢');
    expect(no?.querySelector('[data-cell="ask"]')?.textContent).toBe('39¢');
    expect(yes?.querySelector('[data-cell="held"]')?.textContent).toBe('—');
    expect(container.querySelector('[data-block]')).toBeNull();
  });

  it('shows the position with its average and P&L, and sell buttons for what is held', () => {
    show(panelState({ position: position('500000000') }));
    const yes = container.querySelector('tr[data-outcome="YES"]');
    expect(yes?.querySelector('[data-cell="held"]')?.textContent).toBe('500');
    expect(yes?.querySelector('[data-cell="held"]')?.getAttribute('title')).toBe(
      '500 contracts at an average of 50¢',
    );
    expect(yes?.querySelector('[data-cell="pnl"]')?.textContent).toBe('+$60.00');
    expect(button('SELL:YES:50').textContent).toContain('250');
    expect(container.querySelector('[data-key="SELL:NO:50"]')).toBeNull();
    // Nothing held keeps the row's room: a first fill moves no button below it.
    expect(container.querySelector('[data-sell-row="NO"]')?.textContent).toContain('No NO held');
  });

  it('an AMM market shows what is held there, and no P&L where there is no price', () => {
    show(
      panelState({
        market: {
          title: 'AMM market',
          imageUrl: null,
          tradeType: 'amm',
          status: 'FUNDED',
          deadline: null,
          tokens: null,
        },
        block: block('amm'),
        position: {
          yes: { contractsRaw: '48000000', avgPriceRaw: '520833', unrealizedPnlRaw: null },
          no: { contractsRaw: '0', avgPriceRaw: '0', unrealizedPnlRaw: null },
        },
      }),
    );
    const yes = container.querySelector('tr[data-outcome="YES"]');
    expect(yes?.querySelector('[data-cell="held"]')?.textContent).toBe('48');
    // The average paid is in the held figure's tooltip, with the exact contracts.
    expect(yes?.querySelector('[data-cell="held"]')?.getAttribute('title')).toBe(
      `48 contracts at an average of ${formatRawCents('520833')}`,
    );
    expect(yes?.querySelector('[data-cell="pnl"]')?.textContent).toBe('—');
  });

  it('when locked: says so, disables the buttons and offers to unlock', async () => {
    const { background } = show(
      panelState({
        vaultStatus: 'locked',
        block: block('locked', { message: 'Unlock the extension to trade here.' }),
      }),
      { 'panel.openOptions': async () => ({}) },
    );
    expect(container.querySelector('[data-block="locked"]')?.textContent).toContain(
      'Unlock the extension to trade here.',
    );
    expect(button('BUY:YES:0').disabled).toBe(true);
    expect(button('BUY:YES:0').title).toBe('Unlock the extension to trade here.');
    expect(container.querySelector('[data-section="orders"]')).toBeNull();
    realClick(action('open-options'));
    await waitFor(() => expect(background.callsOf('panel.openOptions')).toHaveLength(1));
  });

  it('when not set up: says so and links to the set-up', () => {
    show(panelState({ vaultStatus: 'empty', block: block('not-set-up') }));
    expect(action('open-options').textContent).toBe('Set up');
    expect(button('BUY:NO:0').disabled).toBe(true);
  });

  it('when the trading mode allows cancels only: shows when trading resumes, keeps cancel', () => {
    const resumeAt = new Date(Date.now() + 3_600_000).toISOString();
    show(
      panelState({
        block: block('trading-mode', {
          message: 'The exchange accepts cancellations only right now.',
          cancelAllowed: true,
          resumeAt,
        }),
        openOrders: [userOrder()],
      }),
    );
    const notice = container.querySelector('[data-block="trading-mode"]');
    expect(notice?.textContent).toContain('cancellations only');
    expect(notice?.querySelector('[data-resume-at]')?.getAttribute('data-resume-at')).toBe(
      resumeAt,
    );
    expect(notice?.textContent).toContain('You can still cancel orders.');
    expect(button('BUY:YES:0').disabled).toBe(true);
    expect(action('cancel-all').disabled).toBe(false);
    expect(action('cancel-order').disabled).toBe(false);
  });

  it('when trading is disabled: cancel buttons are disabled too', () => {
    show(
      panelState({
        block: block('trading-mode', { cancelAllowed: false }),
        openOrders: [userOrder()],
      }),
    );
    expect(action('cancel-all').disabled).toBe(true);
    expect(action('cancel-order').disabled).toBe(true);
  });

  it('past the deadline: no new orders, but an order left resting can be cancelled', () => {
    show(
      panelState({
        block: block('expired', {
          message: 'Trading on this market closed at its deadline.',
          cancelAllowed: true,
        }),
        openOrders: [userOrder()],
      }),
    );
    expect(container.querySelector('[data-block="expired"]')?.textContent).toContain(
      'You can still cancel your orders here.',
    );
    expect(button('BUY:YES:0').disabled).toBe(true);
    expect(action('cancel-all').disabled).toBe(false);
    expect(action('cancel-order').disabled).toBe(false);
  });

  it.each([
    ['amm', 'This is an AMM market: it takes no order-book orders.'],
    ['resolved', 'This market is resolved: trading has ended.'],
    ['expired', 'Trading on this market closed at its deadline.'],
  ] as const)('on a %s market: disabled with the reason', (code, message) => {
    show(
      panelState({
        market: {
          title: 'Rain',
          imageUrl: null,
          tradeType: code === 'amm' ? 'amm' : 'clob',
          status: code === 'resolved' ? 'RESOLVED' : 'FUNDED',
          deadline: null,
        },
        book: null,
        block: block(code, { message }),
      }),
    );
    expect(container.querySelector(`[data-block="${code}"]`)?.textContent).toContain(message);
    const buys = [...container.querySelectorAll<HTMLButtonElement>('[data-key^="BUY"]')];
    expect(buys.length).toBe(8);
    expect(buys.every((b) => b.disabled)).toBe(true);
  });
});

describe('pressing quick-trade buttons', () => {
  it('a real click sends one quick order with a fresh press id and shows the outcome in place', async () => {
    const { background } = show(panelState(), { 'panel.quickOrder': async (r) => filled(r) });
    realClick(button('BUY:YES:1'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.textContent).toContain(
        'filled 15.87 YES at 0.63',
      ),
    );
    const [call] = background.callsOf('panel.quickOrder');
    expect(call?.request).toMatchObject({
      marketSlug: SLUG,
      outcome: 'YES',
      side: 'BUY',
      orderType: 'FOK',
      amountRaw: '10000000',
    });
    expect(call?.request).not.toHaveProperty('firstPress');
    realClick(button('BUY:YES:1'));
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(2));
    const ids = background
      .callsOf('panel.quickOrder')
      .map((c) => (c.request as { pressId: string }).pressId);
    expect(new Set(ids).size).toBe(2);
  });

  it('a real click the user could not have aimed (the panel just moved) is refused in one sentence', async () => {
    const seen: unknown[] = [];
    const { background } = show(
      panelState(),
      { 'panel.quickOrder': async (r) => filled(r) },
      signal<PanelVisibility>('visible'),
      aimed((event) => {
        seen.push(event.currentTarget);
        return 'The panel moved just before this click, so it was ignored; nothing was sent.';
      }),
    );
    realClick(button('BUY:YES:1'));
    await waitFor(() =>
      expect(container.querySelector('[data-notice="obscured"]')?.textContent).toContain(
        'moved just before this click',
      ),
    );
    expect(seen).toEqual([button('BUY:YES:1')]);
    expect(background.callsOf('panel.quickOrder')).toEqual([]);
  });

  it('a panel that moves or folds by itself (room found for it) takes no press until its new place has settled (issue 32)', async () => {
    let now = 10_000;
    const tracker = new AimTracker();
    const rect = { x: 0, y: 0, width: 60, height: 24 };
    const aim: AimWatch = {
      ...aimed((event) => {
        const control = event.currentTarget as Element;
        // The control itself never moves in the panel: only the panel's place is at stake.
        tracker.measured(control, rect, 0);
        return tracker.refusal(control, rect, now, true);
      }),
      moved: () => tracker.moved(now),
    };
    const { background } = show(
      panelState(),
      { 'panel.quickOrder': async (r) => filled(r) },
      signal<PanelVisibility>('visible'),
      aim,
    );
    const orders = () => background.callsOf('panel.quickOrder').length;

    // Moved by the room finder: a press inside the settle time is refused, as for any move.
    mounted?.place({ corner: 'top-right', offset: { x: 16, y: 16 } }, false, false);
    now += MOVE_SETTLE_MS - 1;
    realClick(button('BUY:YES:1'));
    await waitFor(() =>
      expect(container.querySelector('[data-notice="obscured"]')?.textContent).toBe(MOVED_REFUSAL),
    );
    expect(orders()).toBe(0);
    now += 1;
    realClick(button('BUY:YES:1'));
    await waitFor(() => expect(orders()).toBe(1));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.textContent).toContain('filled'),
    );

    // Told the same place again: nothing moved, nothing restarts.
    mounted?.place({ corner: 'top-right', offset: { x: 16, y: 16 } }, false, false);
    realClick(button('BUY:NO:1'));
    await waitFor(() => expect(orders()).toBe(2));
    await waitFor(() =>
      expect(container.querySelector('[data-result="NO"]')?.textContent).toContain('filled'),
    );

    // Folded to the bar and opened again by itself: the controls are back in a new place.
    now += MOVE_SETTLE_MS;
    mounted?.place({ corner: 'top-right', offset: { x: 16, y: 16 } }, true, false);
    now += 10;
    mounted?.place({ corner: 'top-right', offset: { x: 16, y: 16 } }, false, false);
    await waitFor(() => expect(container.querySelector('[data-key="BUY:YES:1"]')).not.toBeNull());
    now += MOVE_SETTLE_MS - 1;
    realClick(button('BUY:YES:1'));
    await waitFor(() =>
      expect(container.querySelector('[data-notice="obscured"]')?.textContent).toBe(MOVED_REFUSAL),
    );
    expect(orders()).toBe(2);
  });

  it('shows the first-run hint the background sends, and nothing when there is none', async () => {
    const { ui, store } = show(panelState({ hint: 'Try it: click $5 under Buy YES.' }));
    expect(ui.getByRole('status').textContent).toBe('Try it: click $5 under Buy YES.');
    store.value.value = panelState({ hint: null });
    await waitFor(() => expect(container.querySelector('[data-hint]')).toBeNull());
  });

  it('a script click (untrusted) sends nothing and says nothing', async () => {
    const { background } = show(panelState(), { 'panel.quickOrder': async (r) => filled(r) });
    fireEvent.click(button('BUY:YES:0'));
    button('BUY:YES:0').click();
    expect(container.querySelector('[data-result]')).toBeNull();
    // A real press after them goes the same way: once it is sent, theirs would have been.
    realClick(button('BUY:NO:1'));
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(1));
    expect(background.calls.map((c) => c.name)).toEqual(['panel.quickOrder']);
    expect(background.callsOf('panel.quickOrder')[0]?.request).toMatchObject({ outcome: 'NO' });
  });

  it('a real click on a panel the page covers is refused with a sentence', async () => {
    const visibility = signal<PanelVisibility>('obscured');
    const { background } = show(panelState(), {}, visibility);
    realClick(button('BUY:YES:0'));
    await waitFor(() =>
      expect(container.querySelector('[data-notice="obscured"]')?.textContent).toMatch(
        /covers or hides this panel/,
      ),
    );
    expect(background.calls).toEqual([]);
  });

  it('a refusal notice is cleared by a later order from anywhere, and by a lock (issue 31)', async () => {
    const visibility = signal<PanelVisibility>('obscured');
    const { store } = show(panelState(), {}, visibility);
    const shown = () => container.querySelector('[data-notice="obscured"]');
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(shown()).not.toBeNull());
    // An order placed elsewhere (a shortcut, the popup): the notice is about the past.
    store.value.value = panelState({ intents: [intent({ clientOrderId: 'c-elsewhere' })] });
    await waitFor(() => expect(shown()).toBeNull());
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(shown()).not.toBeNull());
    const intents = [intent({ clientOrderId: 'c-elsewhere' })];
    store.value.value = panelState({ intents, vaultStatus: 'locked', block: block('locked') });
    await waitFor(() => expect(shown()).toBeNull());
    // Unlocked again: what was said before the lock stays gone.
    store.value.value = panelState({ intents });
    await waitFor(() => expect(button('BUY:YES:0').disabled).toBe(false));
    expect(shown()).toBeNull();
  });

  it('"Alert set" is cleared by the next press and by a lock', async () => {
    const { store } = show(panelState(), {
      'panel.addPriceAlert': async (r) => ({
        ...r,
        id: 'a-1',
        marketTitle: 'BTC',
        createdAt: 1,
        firedAt: null,
      }),
      'panel.quickOrder': async (r) => filled(r),
    });
    const said = () => container.querySelector('[data-alert-said]');
    const setAlert = async () => {
      realClick(action('price-alert'));
      const form = await waitFor(() => {
        const found = container.querySelector<HTMLFormElement>('form');
        if (!found) throw new Error('no alert form yet');
        return found;
      });
      fireEvent.input(within(form).getByLabelText('Price in cents'), { target: { value: '70' } });
      // The user's press of the submit button, then the submit the browser fires for it.
      const submitButton = form.querySelector('button[type="submit"]');
      submitButton?.addEventListener('click', (e) => e.preventDefault(), { once: true });
      realClick(submitButton as Element);
      const submit = new Event('submit', { bubbles: true, cancelable: true });
      Object.defineProperty(submit, 'isTrusted', { value: true });
      form.dispatchEvent(submit);
      await waitFor(() => expect(said()?.textContent).toMatch(/^Alert set/));
    };
    await setAlert();
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(said()).toBeNull());
    await setAlert();
    store.value.value = panelState({ vaultStatus: 'locked', block: block('locked') });
    await waitFor(() => expect(said()).toBeNull());
  });

  /** A panel whose background holds each quick order's answer until `release`. */
  const heldOrders = () => {
    let release: () => void = () => undefined;
    const { background } = show(panelState(), {
      'panel.quickOrder': (r) =>
        new Promise<IntentView>((resolve) => {
          release = () => resolve(filled(r));
        }),
    });
    return { background, release: () => release() };
  };

  it('ignores a second click while the first is in flight (one order per press)', async () => {
    const { background, release } = heldOrders();
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(button('BUY:YES:0').getAttribute('aria-busy')).toBe('true'));
    realClick(button('BUY:YES:0'));
    release();
    await waitFor(() => expect(button('BUY:YES:0').getAttribute('aria-busy')).toBe('false'));
    expect(background.callsOf('panel.quickOrder')).toHaveLength(1);
  });

  it('refuses a second click made before the busy button is drawn', async () => {
    const { background, release } = heldOrders();
    realClick(button('BUY:YES:0'));
    // The message is out; the busy button waits for the next frame, which has not come.
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    expect(background.callsOf('panel.quickOrder')).toHaveLength(1);
    expect(button('BUY:YES:0').getAttribute('aria-busy')).toBe('false');
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(button('BUY:YES:0').getAttribute('aria-busy')).toBe('true'));
    release();
    await waitFor(() => expect(button('BUY:YES:0').getAttribute('aria-busy')).toBe('false'));
    expect(background.callsOf('panel.quickOrder')).toHaveLength(1);
  });

  it('asks for no frame before its busy look is due: nothing is drawn on the message’s way', async () => {
    const { background, release } = heldOrders();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0);
    try {
      realClick(button('BUY:YES:0'));
      await vi.advanceTimersByTimeAsync(BUSY_LOOK_AFTER_MS - 1);
      expect(background.callsOf('panel.quickOrder')).toHaveLength(1);
      expect(frames).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(frames).toHaveBeenCalledTimes(1);
    } finally {
      frames.mockRestore();
      vi.useRealTimers();
    }
    release();
  });

  it('a press answered before its busy look is due shows its answer, never "sending"', async () => {
    show(panelState(), { 'panel.quickOrder': async (r) => filled(r) });
    const drawn: string[] = [];
    const watch = new MutationObserver(() => {
      drawn.push(`${button('BUY:YES:0').getAttribute('aria-busy')} ${container.textContent}`);
    });
    watch.observe(container, {
      attributes: true,
      childList: true,
      characterData: true,
      subtree: true,
    });
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(container.textContent).toContain('filled 15.87 YES'));
    // Past the moment the busy look would have been drawn.
    await new Promise((resolve) => setTimeout(resolve, BUSY_LOOK_AFTER_MS * 3));
    watch.disconnect();
    expect(drawn.some((d) => d.startsWith('true') || d.includes('sending…'))).toBe(false);
  });

  it('a pointer-down primes the order its click then sends, under one press id', async () => {
    const { background } = show(panelState(), {
      'panel.primeOrder': async () => ({}),
      'panel.quickOrder': async (r) => filled(r),
    });
    realPointerDown(button('BUY:YES:0'));
    expect(background.callsOf('panel.primeOrder')).toHaveLength(1);
    expect(background.callsOf('panel.quickOrder')).toHaveLength(0);
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(1));
    const primed = background.callsOf('panel.primeOrder')[0]?.request;
    const clicked = background.callsOf('panel.quickOrder')[0]?.request;
    expect(pressIdOf(primed)).toBeTruthy();
    expect(clicked).toEqual(primed);

    // The next press is a press of its own: a new id at its pointer-down.
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.getAttribute('data-status')).toBe(
        'filled',
      ),
    );
    realPointerDown(button('BUY:YES:0'));
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(2));
    const next = pressIdOf(background.callsOf('panel.quickOrder')[1]?.request);
    expect(next).not.toBe(pressIdOf(primed));
    expect(next).toBe(pressIdOf(background.callsOf('panel.primeOrder')[1]?.request));
  });

  it('a click on another button than the pointer went down on is its own press', async () => {
    const { background } = show(panelState(), {
      'panel.primeOrder': async () => ({}),
      'panel.quickOrder': async (r) => filled(r),
    });
    realPointerDown(button('BUY:YES:0'));
    realClick(button('BUY:NO:0'));
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(1));
    const primed = pressIdOf(background.callsOf('panel.primeOrder')[0]?.request);
    expect(background.callsOf('panel.quickOrder')[0]?.request).toMatchObject({ outcome: 'NO' });
    expect(pressIdOf(background.callsOf('panel.quickOrder')[0]?.request)).not.toBe(primed);
  });

  it('primes nothing for a page’s pointer-down, another mouse button or a large order', async () => {
    const { background } = show(panelState({ quickTrade: { presets: ['250000000', '5000000'] } }), {
      'panel.primeOrder': async () => ({}),
    });
    realPointerDown(button('BUY:YES:1'), 0, false);
    realPointerDown(button('BUY:YES:1'), 2);
    // $250: above the confirmation threshold, its two presses take the click's own way.
    realPointerDown(button('BUY:YES:0'));
    expect(background.callsOf('panel.primeOrder')).toHaveLength(0);
    realPointerDown(button('BUY:YES:1'));
    expect(background.callsOf('panel.primeOrder')).toHaveLength(1);
  });

  it('a prime the background refuses changes nothing: the click is sent and answered', async () => {
    const { background } = show(panelState(), {
      'panel.primeOrder': async () => {
        throw new Error('locked');
      },
      'panel.quickOrder': async (r) => filled(r),
    });
    realPointerDown(button('BUY:YES:0'));
    realClick(button('BUY:YES:0'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.textContent).toContain('filled'),
    );
    expect(background.callsOf('panel.quickOrder')).toHaveLength(1);
  });

  it('switching to FAK sends FAK orders with the limit shown and remembers the choice', async () => {
    const { background } = show(panelState(), {
      'panel.quickOrder': async (r) => filled(r),
      'panel.saveQuickTrade': async () => ({}),
    });
    realClick(action('order-type-FAK'));
    await waitFor(() => expect(action('order-type-FAK').getAttribute('aria-pressed')).toBe('true'));
    expect(background.callsOf('panel.saveQuickTrade')[0]?.request).toEqual({ orderType: 'FAK' });
    expect(container.querySelector('[data-outcome-group="YES"]')?.textContent).toContain('≤ 65¢');
    expect(button('BUY:YES:1').textContent).toContain('15.38');
    realClick(button('BUY:YES:1'));
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(1));
    expect(background.callsOf('panel.quickOrder')[0]?.request).toMatchObject({ orderType: 'FAK' });
  });

  it('sells a share of the position', async () => {
    const { background } = show(panelState({ position: position('500000000') }), {
      'panel.quickOrder': async (r) => ({ ...filled(r), summary: 'filled 250 YES at 0.61' }),
    });
    realClick(button('SELL:YES:25'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.textContent).toContain('filled 250'),
    );
    expect(background.callsOf('panel.quickOrder')[0]?.request).toMatchObject({
      side: 'SELL',
      sellPercent: 25,
    });
  });

  it('an order that ended "not sent" reads as that sentence alone, with nothing to retry', async () => {
    show(panelState(), {
      'panel.quickOrder': async (r) => ({
        ...filled(r),
        state: 'failed',
        error: NOT_SENT_UNREACHABLE,
        summary: `failed: ${NOT_SENT_UNREACHABLE.message}`,
      }),
    });
    realClick(button('BUY:YES:0'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.getAttribute('data-status')).toBe(
        'failed',
      ),
    );
    expect(container.querySelector('[data-result="YES"]')?.textContent).toBe(
      `Buy YES $5: ${NOT_SENT_UNREACHABLE.message}`,
    );
    expect(container.querySelector('[data-action="retry"]')).toBeNull();
  });

  it('shows a refusal in one sentence, and retries a transient failure with the same press id', async () => {
    let attempts = 0;
    const { background } = show(panelState(), {
      'panel.quickOrder': async (r) => {
        attempts++;
        if (attempts === 1)
          throw new ExchangeError({ kind: 'server', status: 503, message: 'busy' });
        return filled(r);
      },
    });
    realClick(button('BUY:NO:0'));
    await waitFor(() => expect(action('retry')).toBeTruthy());
    expect(container.querySelector('[data-result="NO"]')?.textContent).toContain(
      'The exchange had a problem (503); try again.',
    );
    realClick(action('retry'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="NO"]')?.textContent).toContain('filled'),
    );
    const ids = background
      .callsOf('panel.quickOrder')
      .map((c) => (c.request as { pressId: string }).pressId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('confirmation of large orders', () => {
  const big = () => panelState({ quickTrade: { presets: ['250000000', '5000000'] } });
  const confirming = () =>
    secondPressPlaces<ParsedRequestOf<'panel.quickOrder'>, IntentView>(async (r) => filled(r));

  it('arms on the first click ("Click again to confirm $250"); the background holds that press and places nothing', async () => {
    const { background } = show(big(), { 'panel.quickOrder': confirming() });
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(button('BUY:YES:0').textContent).toContain('Confirm $250'));
    expect(button('BUY:YES:0').getAttribute('aria-label')).toMatch(
      /^Click again to confirm \$250: /,
    );
    expect(button('BUY:YES:0').getAttribute('data-armed')).toBe('true');
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(1));
    // The press is marked as a first one (it can only be held back), and says nothing of a
    // confirmation: the background knows the second press itself.
    const [first] = background.callsOf('panel.quickOrder');
    expect(first?.request).toMatchObject({ amountRaw: '250000000', firstPress: true });
    expect(first?.request).not.toHaveProperty('confirmed');
    // Its "click again" answer shows no error line and keeps the button armed.
    await Promise.resolve();
    expect(container.querySelector('[data-result="YES"]')).toBeNull();
    expect(button('BUY:YES:0').getAttribute('data-armed')).toBe('true');
  });

  it('places it on a second click of the same button within 3 s, which the background confirms', async () => {
    const { background } = show(big(), { 'panel.quickOrder': confirming() });
    realClick(button('BUY:YES:0'));
    realClick(button('BUY:YES:0'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.textContent).toMatch(/filled/),
    );
    const calls = background.callsOf('panel.quickOrder').map((c) => c.request);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ amountRaw: '250000000' });
    expect(calls[1]).not.toHaveProperty('firstPress');
    expect(calls[1]).not.toHaveProperty('confirmed');
    expect(button('BUY:YES:0').getAttribute('data-armed')).toBeNull();
  });

  it('falls back after 3 s: a later click arms again instead of placing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const place = vi.fn(async (r: ParsedRequestOf<'panel.quickOrder'>) => filled(r));
    const { background } = show(big(), { 'panel.quickOrder': secondPressPlaces(place) });
    realClick(button('BUY:YES:0'));
    // Past the panel's window, still within the background's longer one: the next press is
    // a first one again, for both.
    vi.advanceTimersByTime(CONFIRM_WINDOW_MS);
    expect(CONFIRM_WINDOW_MS).toBeLessThan(ARMED_PRESS_MS);
    await vi.waitFor(() => expect(button('BUY:YES:0').getAttribute('data-armed')).toBeNull());
    realClick(button('BUY:YES:0'));
    await vi.waitFor(() => expect(button('BUY:YES:0').getAttribute('data-armed')).toBe('true'));
    await vi.waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(2));
    expect(place).not.toHaveBeenCalled();
  });

  it('a click on another button does not confirm the armed one', async () => {
    const place = vi.fn(async (r: ParsedRequestOf<'panel.quickOrder'>) => filled(r));
    const { background } = show(big(), { 'panel.quickOrder': secondPressPlaces(place) });
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(button('BUY:YES:0').getAttribute('data-armed')).toBe('true'));
    realClick(button('BUY:NO:0'));
    await waitFor(() => expect(button('BUY:NO:0').getAttribute('data-armed')).toBe('true'));
    expect(button('BUY:YES:0').getAttribute('data-armed')).toBeNull();
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(2));
    expect(place).not.toHaveBeenCalled();
  });

  it('Escape disarms', async () => {
    show(big(), { 'panel.quickOrder': confirming() });
    realClick(button('BUY:YES:0'));
    await waitFor(() => expect(button('BUY:YES:0').getAttribute('data-armed')).toBe('true'));
    fireEvent.keyDown(button('BUY:YES:0'), { key: 'Escape' });
    await waitFor(() => expect(button('BUY:YES:0').getAttribute('data-armed')).toBeNull());
  });

  it('arms the button when the background asks for the second click (the book moved)', async () => {
    // The panel prices $25 under the threshold; the background (here) puts it above.
    const { background } = show(panelState(), {
      'panel.quickOrder': secondPressPlaces(async (r) => filled(r), 20_000_000n),
    });
    realClick(button('BUY:YES:3'));
    await waitFor(() => expect(button('BUY:YES:3').getAttribute('data-armed')).toBe('true'));
    realClick(button('BUY:YES:3'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.textContent).toMatch(/filled/),
    );
    expect(background.callsOf('panel.quickOrder')).toHaveLength(2);
  });

  it('shows at once an error other than "click again" that the first press meets, and disarms', async () => {
    const sentence = 'Trading is disabled right now.';
    show(big(), {
      'panel.quickOrder': async () => {
        throw new ExchangeError({ kind: 'unavailable', message: sentence });
      },
    });
    realClick(button('BUY:YES:0'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"] .error')?.textContent).toBe(sentence),
    );
    expect(button('BUY:YES:0').getAttribute('data-armed')).toBeNull();
  });
});

describe('orders on this market', () => {
  it('cancels one order in one click', async () => {
    const { background } = show(panelState({ openOrders: [userOrder()] }), {
      'panel.cancelOrder': async () => ({ message: 'Order canceled successfully' }),
    });
    expect(container.querySelector(`li[data-order-id="${ORDER_ID}"]`)?.textContent).toContain(
      'BUY YES 10 @ 55¢',
    );
    realClick(action('cancel-order'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="orders"]')?.textContent).toContain('cancelled'),
    );
    expect(background.callsOf('panel.cancelOrder')[0]?.request).toEqual({
      marketSlug: SLUG,
      orderId: ORDER_ID,
    });
  });

  it('cancels all on this market', async () => {
    const { background } = show(
      panelState({ openOrders: [userOrder(), userOrder({ id: 'other-order' })] }),
      { 'panel.cancelAll': async () => ({ canceled: [ORDER_ID, 'other-order'] }) },
    );
    realClick(action('cancel-all'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="orders"]')?.textContent).toContain(
        '2 orders cancelled',
      ),
    );
    expect(background.callsOf('panel.cancelAll')[0]?.request).toEqual({ marketSlug: SLUG });
  });

  it('a delayed order counts down to eligibleAt and can be cancelled through its intent', async () => {
    const eligibleAt = new Date(Date.now() + 3_000).toISOString();
    const delayed = intent({
      clientOrderId: 'c-delayed',
      state: 'delayed',
      eligibleAt,
      filledContractsRaw: '0',
      filledCollateralRaw: '0',
      summary: 'delayed until 12:00:03',
    });
    const state = panelState({
      intents: [delayed],
      openOrders: [
        userOrder({ clientOrderId: 'c-delayed', settlementStatus: 'DELAYED', eligibleAt }),
      ],
    });
    const { background, store } = show(state, {
      'panel.quickOrder': async () => delayed,
      'panel.cancelIntent': async () => ({ ...delayed, state: 'cancelled', summary: 'cancelled' }),
    });
    realClick(button('BUY:YES:0'));
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.getAttribute('data-status')).toBe(
        'delayed',
      ),
    );
    const line = container.querySelector('[data-result="YES"]');
    expect(line?.textContent).toMatch(/delayed until 12:00:03/);
    expect(line?.querySelector('time')?.textContent).toMatch(/^0:0[23]$/);
    expect(container.querySelector(`li[data-order-id="${ORDER_ID}"]`)?.textContent).toMatch(
      /delayed 0:0[23]/,
    );
    realClick(line?.querySelector('[data-action="cancel-intent"]') as Element);
    await waitFor(() => expect(background.callsOf('panel.cancelIntent')).toHaveLength(1));
    expect(background.callsOf('panel.cancelIntent')[0]?.request).toEqual({
      marketSlug: SLUG,
      clientOrderId: 'c-delayed',
    });
    // The live intent replaces the returned one as the background pushes it.
    store.value.value = {
      ...state,
      intents: [{ ...delayed, state: 'cancelled', summary: 'cancelled' }],
      openOrders: [],
    };
    await waitFor(() =>
      expect(container.querySelector('[data-result="YES"]')?.getAttribute('data-status')).toBe(
        'cancelled',
      ),
    );
  });
});

describe('open orders keep their slots', () => {
  /** The list's slots, top to bottom: an order's id, or `gap`. */
  const slots = () =>
    [...container.querySelectorAll('[data-section="orders"] ul > li')].map(
      (li) => li.getAttribute('data-order-id') ?? li.getAttribute('data-intent') ?? 'gap',
    );
  const orders = (...ids: string[]) => ids.map((id) => userOrder({ id, clientOrderId: null }));

  it('a row that leaves keeps its slot while the pointer is in the list; new rows go below', async () => {
    const { store } = show(panelState({ openOrders: orders('a', 'b') }));
    await waitFor(() => expect(slots()).toEqual(['a', 'b']));
    const list = container.querySelector('[data-section="orders"] ul') as Element;
    fireEvent.pointerEnter(list);
    // The exchange lists the newest first: "c" must not push "a" and "b" down.
    store.value.value = panelState({ openOrders: orders('c', 'b') });
    await waitFor(() => expect(slots()).toEqual(['gap', 'b', 'c']));
    fireEvent.pointerLeave(list);
    await waitFor(() => expect(slots()).toEqual(['b', 'c']));
  });
});

describe('countdowns on the exchange’s clock', () => {
  it('counts a delayed order down on the exchange’s time, with this machine’s clock 2 minutes slow', async () => {
    const offset = 120_000;
    // Due in 20 s by the exchange; by the slow local clock it would read 2:20.
    const eligibleAt = new Date(Date.now() + offset + 20_000).toISOString();
    const delayed = intent({ clientOrderId: 'c-skew', state: 'delayed', eligibleAt });
    show(
      panelState({
        clockOffsetMs: offset,
        intents: [delayed],
        openOrders: [
          userOrder({ clientOrderId: 'c-skew', settlementStatus: 'UNMATCHED', eligibleAt }),
        ],
      }),
    );
    await waitFor(() => expect(container.querySelector('[data-section="orders"]')).toBeTruthy());
    // Still held by the exchange's time (by the local one too), counted on the exchange's.
    const row = container.querySelector(`li[data-order-id="${ORDER_ID}"]`);
    expect(row?.querySelector('time')?.textContent).toMatch(/^0:(19|20)$/);
  });

  it('an order whose eligibleAt has passed by the exchange’s time is no longer shown as delayed', async () => {
    const offset = 120_000;
    // Passed 10 s ago for the exchange; 1:50 ahead for the slow local clock.
    const eligibleAt = new Date(Date.now() + offset - 10_000).toISOString();
    show(
      panelState({
        clockOffsetMs: offset,
        openOrders: [userOrder({ settlementStatus: 'UNMATCHED', eligibleAt })],
      }),
    );
    await waitFor(() => expect(container.querySelector('[data-section="orders"]')).toBeTruthy());
    expect(container.querySelector(`li[data-order-id="${ORDER_ID}"]`)?.textContent).not.toMatch(
      /delayed/,
    );
  });
});

describe('presets, placement, navigation and commands', () => {
  it('edits the presets in place and saves them in raw units', async () => {
    const { background } = show(panelState(), { 'panel.saveQuickTrade': async () => ({}) });
    realClick(action('edit-presets'));
    const first = await presetField(1);
    expect(first.value).toBe('5');
    fireEvent.input(first, { target: { value: '7.5' } });
    fireEvent.submit(container.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(background.callsOf('panel.saveQuickTrade')).toHaveLength(1));
    expect(background.callsOf('panel.saveQuickTrade')[0]?.request).toEqual({
      presets: ['7500000', '10000000', '25000000', '50000000'],
    });
    await waitFor(() => expect(container.querySelector('form')).toBeNull());
  });

  it('says what is wrong with a preset and saves nothing', async () => {
    const { background } = show(panelState());
    realClick(action('edit-presets'));
    const first = await presetField(1);
    fireEvent.input(first, { target: { value: 'lots' } });
    fireEvent.submit(container.querySelector('form') as HTMLFormElement);
    await waitFor(() =>
      expect(container.querySelector('form [role="alert"]')?.textContent).toMatch(/lots/),
    );
    expect(background.calls).toEqual([]);
  });

  it('collapses and remembers it with its placement', async () => {
    const { background } = show(panelState(), { 'panel.savePlacement': async () => ({}) });
    realClick(action('collapse'));
    await waitFor(() => expect(background.callsOf('panel.savePlacement')).toHaveLength(1));
    expect(background.callsOf('panel.savePlacement')[0]?.request).toEqual({
      corner: 'bottom-left',
      offset: { x: 16, y: 16 },
      collapsed: true,
    });
    await waitFor(() => expect(container.querySelector('[data-key]')).toBeNull());
    expect(action('collapse').getAttribute('aria-expanded')).toBe('false');
  });

  it('moves to the next corner from the keyboard', async () => {
    const { background } = show(panelState(), { 'panel.savePlacement': async () => ({}) });
    realClick(action('move'));
    await waitFor(() => expect(background.callsOf('panel.savePlacement')).toHaveLength(1));
    await waitFor(() =>
      expect(container.querySelector('.mc-panel')?.getAttribute('data-corner')).toBe('top-left'),
    );
  });

  it('follows the page to another market: new state, old store closed', async () => {
    const { store, stores } = show(panelState({ openOrders: [userOrder()] }));
    mounted?.setSlug('sandbox-eth-flip');
    expect(store.closed).toBe(true);
    expect(stores.has('sandbox-eth-flip')).toBe(true);
    await waitFor(() =>
      expect(container.querySelector('.mc-panel')?.getAttribute('data-slug')).toBe(
        'sandbox-eth-flip',
      ),
    );
    expect(container.textContent).toContain('Loading sandbox-eth-flip…');
  });

  it('a keyboard command buys the first preset; cancel-all cancels', async () => {
    const { background } = show(panelState({ openOrders: [userOrder()] }), {
      'panel.quickOrder': async (r) => filled(r),
      'panel.cancelAll': async () => ({ canceled: [ORDER_ID] }),
    });
    mounted?.command('buy-no');
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(1));
    expect(background.callsOf('panel.quickOrder')[0]?.request).toMatchObject({
      outcome: 'NO',
      amountRaw: '5000000',
    });
    mounted?.command('cancel-all');
    await waitFor(() => expect(background.callsOf('panel.cancelAll')).toHaveLength(1));
  });

  it('a keyboard command does nothing while trading is blocked', async () => {
    const { background, store } = show(panelState({ block: block('locked') }), {
      'panel.quickOrder': async (r) => filled(r),
    });
    mounted?.command('buy-yes');
    mounted?.command('cancel-all');
    // Unblocked, the same command goes through: once it is sent, the blocked ones would have been.
    store.value.value = panelState();
    await waitFor(() => expect(button('BUY:NO:0').disabled).toBe(false));
    mounted?.command('buy-no');
    await waitFor(() => expect(background.callsOf('panel.quickOrder')).toHaveLength(1));
    expect(background.calls.map((c) => c.name)).toEqual(['panel.quickOrder']);
    expect(background.callsOf('panel.quickOrder')[0]?.request).toMatchObject({ outcome: 'NO' });
  });
});

describe('framed (Chromium): the host places the frame, the panel fills it', () => {
  const header = () => container.querySelector('.mc-head') as HTMLElement;
  const pointerAt = (type: string, screenX: number, screenY: number, buttons = 1) => {
    const event = new MouseEvent(type, {
      bubbles: true,
      composed: true,
      clientX: 40,
      clientY: 10,
      screenX,
      screenY,
      buttons,
      button: 0,
    });
    Object.defineProperty(event, 'isTrusted', { value: true });
    Object.defineProperty(event, 'pointerId', { value: 1 });
    header().dispatchEvent(event);
  };

  function showFramed(handlers: Handlers = {}) {
    const layout = {
      viewport: signal({ width: 1200, height: 800 }),
      placed: vi.fn(),
      dragged: vi.fn(),
    };
    const shown = renderPanel(panelState(), {
      handlers,
      visibility: signal<PanelVisibility>('visible'),
      placement: { corner: 'bottom-right', offset: { x: 16, y: 16 } },
      framed: layout,
    });
    container = shown.container;
    mounted = shown.panel;
    const { background } = shown;
    return { background, layout };
  }

  it('draws at the frame’s origin: no page offsets of its own', () => {
    showFramed();
    expect(container.querySelector<HTMLElement>('.mc-panel')?.getAttribute('style')).toBeFalsy();
  });

  it('hands a drag to the host in screen coordinates, from press to release', () => {
    const { layout } = showFramed();
    pointerAt('pointerdown', 900, 600);
    pointerAt('pointermove', 700, 450);
    pointerAt('pointerup', 300, 200, 0);
    expect(layout.dragged.mock.calls).toEqual([
      ['start', { x: 900, y: 600 }],
      ['move', { x: 700, y: 450 }],
      ['end', { x: 300, y: 200 }],
    ]);
  });

  it('a release far from the press is a drag even when the moves went over the page', () => {
    const { layout } = showFramed({ 'panel.savePlacement': async () => ({}) });
    pointerAt('pointerdown', 900, 600);
    pointerAt('pointerup', 100, 100, 0);
    expect(layout.dragged.mock.calls.at(-1)).toEqual(['end', { x: 100, y: 100 }]);
    // The click that follows the release is the drag's, not a move to the next corner.
    realClick(action('move'));
    expect(layout.placed).not.toHaveBeenCalled();
  });

  it('keeps where the host docked it, and saves it only when the user dropped it there', async () => {
    const { background } = showFramed({ 'panel.savePlacement': async () => ({}) });
    const topLeft = { corner: 'top-left', offset: { x: 30, y: 40 } } as const;
    mounted?.place(topLeft, false, false);
    await waitFor(() =>
      expect(container.querySelector('.mc-panel')?.getAttribute('data-corner')).toBe('top-left'),
    );
    expect(background.callsOf('panel.savePlacement')).toHaveLength(0);
    mounted?.place(topLeft, false, true);
    await waitFor(() => expect(background.callsOf('panel.savePlacement')).toHaveLength(1));
    expect(background.callsOf('panel.savePlacement')[0]?.request).toEqual({
      ...topLeft,
      collapsed: false,
    });
  });

  it('tells the host when the user folds it, so the frame shrinks with it', async () => {
    const { layout } = showFramed({ 'panel.savePlacement': async () => ({}) });
    realClick(action('collapse'));
    expect(layout.placed).toHaveBeenCalledWith(
      { corner: 'bottom-right', offset: { x: 16, y: 16 } },
      true,
    );
  });
});
