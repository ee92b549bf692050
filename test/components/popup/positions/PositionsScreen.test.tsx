// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { PositionsScreen } from '../../../../components/popup/positions/PositionsScreen';
import { PopupServicesContext } from '../../../../components/popup/services';
import { PnlChart } from '../../../../lib/core/api/portfolio';
import { ExchangeError } from '../../../../lib/core/client/errors';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import { EXCHANGE_MARK_WORDS } from '../../../../lib/protocol/mark-words';
import type { PortfolioView } from '../../../../lib/protocol/views';
import * as ex from '../../../lib/core/api/examples';
import { flushUi as settle } from '../../../support/flush';
import { byVisibleText, visibleText } from '../../../support/visible-text';
import { type FakeHandlers, fakeBackground, renderWith, services } from '../fakes';
import { clobEntry, emptyPositions, NOW, positionsFixture } from '../fixtures';

const PATTERN = DEFAULT_SETTINGS.exchange.siteMarketPattern;
const RAIN = 'will-it-rain-in-lisbon-tomorrow';

const chart = () => PnlChart.parse(ex.pnlChart());

function show(portfolio: PortfolioView, handlers: FakeHandlers = {}) {
  const bg = fakeBackground({
    'portfolio.pnlChart': async () => chart(),
    'portfolio.refresh': async () => ({}),
    ...handlers,
  });
  const s = services(bg.send);
  const view = renderWith(<PositionsScreen portfolio={portfolio} sitePattern={PATTERN} />, s.value);
  return { ...view, bg, opened: s.opened, services: s.value };
}

const ready = (): PortfolioView => ({ positions: positionsFixture(), fetchedAt: NOW, error: null });
/**
 * The fixture's last card: the cards past what the window shows at once are drawn after the
 * first ones are painted.
 */
const allCardsDrawn = () => screen.findByRole('article', { name: 'An old AMM market' });
/** The texts of an element's children, one per column. */
const parts = (el: Element | null | undefined) =>
  [...(el?.children ?? [])].map((c) => visibleText(c));

afterEach(cleanup);

describe('PositionsScreen', () => {
  it('shows the totals: value, unrealised P&L, today’s rewards and points', async () => {
    show(ready());
    await settle();
    for (const figure of ['Value$15.38', "Today's rewards$0.42", 'Points1,200'])
      expect(byVisibleText(figure)).toBeTruthy();
    // A gain is drawn in the gain colour; its sign says it in words.
    expect(byVisibleText('Unrealised P&L+$2.88').querySelector('.pnl-gain')).toBeTruthy();
    expect(screen.getByText('1 position has no price yet and is not counted.')).toBeTruthy();
  });

  it('shows each side with contracts, average price, value, P&L, cost and realised P&L', async () => {
    show(ready());
    await settle();
    const card = screen.getByRole('article', { name: 'Will it rain in Lisbon tomorrow?' });
    expect(within(card).getByText('YES')).toBeTruthy();
    const main = byVisibleText('10 @ 55¢P&L −$0.10', card);
    const sub = byVisibleText('value $5.40cost $5.50', card);
    const last = byVisibleText('realised +$0.25', card);
    expect(parts(main)).toEqual(['10 @ 55¢', 'P&L −$0.10']);
    expect(parts(sub)).toEqual(['value $5.40', 'cost $5.50']);
    expect(within(main).getByText('−$0.10').classList.contains('pnl-loss')).toBe(true);
    expect(within(last).getByText('+$0.25').classList.contains('pnl-gain')).toBe(true);
    // The exact contracts, and which price marks the P&L, are the figures' tooltips.
    expect(within(main).getByText('10 @ 55¢').getAttribute('title')).toBe(
      '10 contracts at an average of 0.55',
    );
    expect(within(main).getByText('P&L').parentElement?.getAttribute('title')).toBe(
      EXCHANGE_MARK_WORDS,
    );
  });

  it('redraws only the card whose figures changed when a new state rebuilds every row', async () => {
    const first = ready();
    const view = show(first);
    await allCardsDrawn();
    const touched = new Set<string>();
    const note = (records: MutationRecord[]) => {
      for (const record of records) {
        const at = record.target instanceof Element ? record.target : record.target.parentElement;
        const card = at?.closest('article');
        touched.add(card?.getAttribute('aria-label') ?? 'outside the cards');
      }
    };
    const watch = new MutationObserver(note);
    watch.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    const redraw = async (portfolio: PortfolioView) => {
      view.rerender(
        <PopupServicesContext.Provider value={view.services}>
          <PositionsScreen portfolio={portfolio} sitePattern={PATTERN} />
        </PopupServicesContext.Provider>,
      );
      await settle();
      note(watch.takeRecords());
    };
    // A port delivers every state as new objects, most of them with the same figures.
    await redraw(structuredClone(first));
    expect([...touched]).toEqual([]);
    const moved = structuredClone(first);
    const rain = moved.positions?.clob.find((p) => p.market.slug === RAIN);
    if (!rain) throw new Error('no rain market in the fixture');
    rain.positions.yes.unrealizedPnl = '-200000';
    await redraw(moved);
    watch.disconnect();
    // The totals move with it; of the cards, only the rain market's.
    expect([...touched]).toEqual(['outside the cards', 'Will it rain in Lisbon tomorrow?']);
    expect(byVisibleText('10 @ 55¢P&L −$0.20')).toBeTruthy();
  });

  it('labels a resolved market as resolved with the payout pending', async () => {
    show(ready());
    await settle();
    const card = screen.getByRole('article', { name: 'Was the election decided?' });
    expect(within(card).getByText('Resolved (YES won) — payout pending')).toBeTruthy();
  });

  it('shows group positions under their group and AMM positions without inventing a price', async () => {
    show(ready());
    const priced = await allCardsDrawn();
    const group = screen.getByRole('region', { name: 'Fed in December' });
    expect(within(group).getByRole('article', { name: 'Fed cuts in December?' })).toBeTruthy();
    expect(within(group).queryByRole('article', { name: 'Fed holds in December?' })).toBeNull();
    const amm = screen.getByRole('article', { name: 'Rain (AMM)' });
    expect(within(amm).getByText('no price yet')).toBeTruthy();
    expect(parts(byVisibleText(/^6\.6P&L/, priced))).toEqual(['6.6', 'P&L −$0.02']);
    expect(parts(byVisibleText('paid $2.00value $1.98', priced))).toEqual([
      'paid $2.00',
      'value $1.98',
    ]);
  });

  it('opens the market page from its title', async () => {
    const { opened } = show(ready());
    await settle();
    fireEvent.click(screen.getByRole('link', { name: 'Fed cuts in December?' }));
    expect(opened).toEqual(['http://127.0.0.1:4011/markets/sandbox-fed-cut']);
  });

  it('opens the group’s page from the group heading', async () => {
    const { opened } = show(ready());
    await settle();
    const group = screen.getByRole('region', { name: 'Fed in December' });
    const heading = within(group).getByRole('link', { name: 'Fed in December' });
    expect(heading.getAttribute('href')).toBe('http://127.0.0.1:4011/markets/sandbox-fed-december');
    fireEvent.click(heading);
    expect(opened).toEqual(['http://127.0.0.1:4011/markets/sandbox-fed-december']);
  });

  it('cancels an open order in one click and asks for fresh positions', async () => {
    const { bg } = show(ready(), {
      'orders.cancel': async () => ({ message: 'Order canceled successfully' }),
    });
    await settle();
    const card = screen.getByRole('article', { name: 'Will it rain in Lisbon tomorrow?' });
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel BUY YES 4 of 10 @ 55¢' }));
    await settle();
    expect(bg.named('orders.cancel')[0]?.request).toEqual({
      marketSlug: 'will-it-rain-in-lisbon-tomorrow',
      orderId: ex.ORDER_ID,
    });
    expect(within(card).getByText('Cancelled')).toBeTruthy();
    expect(bg.named('portfolio.refresh')).toHaveLength(1);
  });

  it('says in place why a cancel failed', async () => {
    show(ready(), {
      'orders.cancel': async () => {
        throw new ExchangeError({
          kind: 'rejected',
          status: 400,
          message: 'Order not found or already canceled',
        });
      },
    });
    await settle();
    const card = screen.getByRole('article', { name: 'Will it rain in Lisbon tomorrow?' });
    fireEvent.click(within(card).getByRole('button', { name: /^Cancel BUY YES/ }));
    await settle();
    expect(within(card).getByRole('alert').textContent).toBe(
      'Refused by the exchange: Order not found or already canceled.',
    );
    expect(within(card).getByRole('button', { name: /^Cancel BUY YES/ })).toBeTruthy();
  });

  it('draws the P&L chart from portfolio.pnlChart and switches period', async () => {
    const { bg } = show(ready());
    await settle();
    const chart = screen.getByRole('img', { name: /−\$0\.25 now/ });
    expect(chart.querySelector('path')?.getAttribute('d')).toMatch(/^M3 /);
    fireEvent.click(screen.getByRole('button', { name: '1M' }));
    await settle();
    expect(bg.named('portfolio.pnlChart').map((c) => c.request)).toEqual([
      { timeframe: '1w' },
      { timeframe: '1m' },
    ]);
    expect(screen.getByRole('button', { name: '1M' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says when the chart cannot be loaded, with Retry', async () => {
    let fail = true;
    const { bg } = show(ready(), {
      'portfolio.pnlChart': async () => {
        if (fail) throw new ExchangeError({ kind: 'network', message: 'offline', timedOut: false });
        return chart();
      },
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(
      'Could not reach the exchange (offline).',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(bg.named('portfolio.pnlChart')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says there are no positions yet', async () => {
    show({ positions: emptyPositions(), fetchedAt: NOW, error: null });
    await settle();
    expect(screen.getByText(/No positions yet/)).toBeTruthy();
  });

  it('says it is loading before the first positions arrive', () => {
    show({ positions: null, fetchedAt: null, error: null });
    expect(screen.getByRole('status').textContent).toBe('Loading positions…');
  });

  it('shows a refresh failure as a sentence with Retry, and marks older positions as not current', async () => {
    const { bg } = show({
      positions: positionsFixture(),
      fetchedAt: Date.now() - 5 * 60_000,
      error: { kind: 'server', status: 503, message: 'down' },
    });
    await settle();
    expect(screen.getAllByRole('alert')[0]?.textContent).toContain(
      'The exchange had a problem (503)',
    );
    expect(
      screen.getByText(/Showing positions as of 5 min ago; they may not be current./),
    ).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0] as HTMLElement);
    await settle();
    expect(bg.named('portfolio.refresh')).toHaveLength(1);
  });

  it('marks its first paint for the benchmark', async () => {
    performance.clearMarks('mc:positions-painted');
    const mark = vi.spyOn(performance, 'mark');
    show(ready());
    await vi.waitFor(() => expect(mark).toHaveBeenCalledWith('mc:positions-painted'));
    mark.mockRestore();
  });

  it.each([
    { room: 'the toolbar popup', height: 600, atOnce: 3 },
    { room: 'a tall side panel', height: 1_000, atOnce: 5 },
    { room: 'a popup still growing to its content', height: 200, atOnce: 3 },
  ])(
    'draws the cards $room can show at once, and the rest after those are painted',
    async ({ height, atOnce }) => {
      const innerHeight = vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(height);
      onTestFinished(() => innerHeight.mockRestore());
      const many: PortfolioView = {
        positions: {
          ...emptyPositions(),
          clob: Array.from({ length: 20 }, (_, i) => clobEntry(`market-${i}`, `Market ${i}`)),
        },
        fetchedAt: NOW,
        error: null,
      };
      show(many);
      const cards = () =>
        screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'));
      // The first ones in the list's own order: those at the top of the window.
      const first = cards();
      expect(first).toHaveLength(atOnce);
      // Those are not skippable by content-visibility until the rest are drawn (popup.css).
      const list = document.querySelector('.positions-screen');
      expect(list?.classList.contains('first-render')).toBe(true);
      await vi.waitFor(() => expect(cards()).toHaveLength(20));
      expect(cards().slice(0, atOnce)).toEqual(first);
      expect(list?.classList.contains('first-render')).toBe(false);
    },
  );
});
