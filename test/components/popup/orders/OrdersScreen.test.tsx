// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OrdersScreen } from '../../../../components/popup/orders/OrdersScreen';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import type { IntentView } from '../../../../lib/protocol/intent';
import type { PortfolioView } from '../../../../lib/protocol/views';
import { flushUi as settle } from '../../../support/flush';
import { byVisibleText } from '../../../support/visible-text';
import { type FakeHandlers, fakeBackground, renderWith, services } from '../fakes';
import { emptyPositions, intent, NOW, positionsFixture } from '../fixtures';

/** The one line of the recent intents list. */
const recentIntent = (): HTMLElement => {
  const [line] = within(
    screen.getByRole('list', { name: 'Recent orders from this extension' }),
  ).getAllByRole('listitem');
  if (!line) throw new Error('no recent order');
  return line;
};

const PATTERN = DEFAULT_SETTINGS.exchange.siteMarketPattern;
const ready = (): PortfolioView => ({ positions: positionsFixture(), fetchedAt: NOW, error: null });

function show(portfolio: PortfolioView, intents: IntentView[] = [], handlers: FakeHandlers = {}) {
  const bg = fakeBackground({ 'portfolio.refresh': async () => ({}), ...handlers });
  const s = services(bg.send);
  renderWith(
    <OrdersScreen portfolio={portfolio} intents={intents} sitePattern={PATTERN} />,
    s.value,
  );
  return bg;
}

afterEach(cleanup);

describe('OrdersScreen: open orders', () => {
  it('lists open orders of every market, grouped by market', () => {
    show(ready());
    const cut = screen.getByRole('article', { name: 'Fed cuts in December?' });
    expect(within(cut).getByText('Fed in December')).toBeTruthy();
    expect(within(cut).getByText('SELL NO 2 @ 70¢')).toBeTruthy();
    const rain = screen.getByRole('article', { name: 'Will it rain in Lisbon tomorrow?' });
    expect(within(rain).getByText('BUY YES 4 of 10 @ 55¢')).toBeTruthy();
  });

  it('cancels all orders of a market after a confirmation', async () => {
    const bg = show(ready(), [], {
      'orders.cancelAll': async () => ({ canceled: ['5b3f6c1e-1111-4aaa-8bbb-000000000002'] }),
    });
    const cut = screen.getByRole('article', { name: 'Fed cuts in December?' });
    fireEvent.click(within(cut).getByRole('button', { name: 'Cancel all (1)' }));
    expect(bg.named('orders.cancelAll')).toHaveLength(0);
    const confirm = within(cut).getByRole('button', { name: 'Cancel all' });
    await settle();
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    await settle();
    expect(bg.named('orders.cancelAll')[0]?.request).toEqual({ marketSlug: 'sandbox-fed-cut' });
    expect(within(cut).getByText('Cancelled 1 order')).toBeTruthy();
  });

  it('backs out of cancel-all with Escape', async () => {
    const bg = show(ready());
    const cut = screen.getByRole('article', { name: 'Fed cuts in December?' });
    fireEvent.click(within(cut).getByRole('button', { name: 'Cancel all (1)' }));
    await settle();
    fireEvent.keyDown(within(cut).getByRole('button', { name: 'Cancel all' }), { key: 'Escape' });
    expect(within(cut).getByRole('button', { name: 'Cancel all (1)' })).toBeTruthy();
    expect(bg.named('orders.cancelAll')).toHaveLength(0);
  });

  it('counts a delayed open order down to its release', () => {
    const base = positionsFixture();
    const rain = base.clob[0];
    const order = rain?.orders[0];
    if (!rain || !order) throw new Error('fixture');
    const eligibleAt = new Date(Date.now() + 2_000).toISOString();
    const positions = {
      ...base,
      clob: [{ ...rain, orders: [{ ...order, settlementStatus: 'DELAYED' as const, eligibleAt }] }],
    };
    show({ positions, fetchedAt: NOW, error: null });
    const card = screen.getByRole('article', { name: 'Will it rain in Lisbon tomorrow?' });
    expect(byVisibleText(/^GTC · delayed 0:0[12]$/, card)).toBeTruthy();
  });

  it('says when there are no open orders', () => {
    show({ positions: emptyPositions(), fetchedAt: NOW, error: null });
    expect(screen.getByText('No open orders.')).toBeTruthy();
  });
});

describe('OrdersScreen: recent intents from the desk', () => {
  it('shows a filled intent with what filled', () => {
    show(ready(), [intent()]);
    const line = recentIntent();
    expect(within(line).getByText('Filled')).toBeTruthy();
    expect(within(line).getByText('17.54 YES at 57¢ for $10.00')).toBeTruthy();
  });

  it('counts a delayed intent down and cancels it through the desk', async () => {
    const bg = show(
      ready(),
      [
        intent({
          clientOrderId: 'mc-delayed',
          state: 'delayed',
          orderType: 'FAK',
          price: 0.57,
          requestedRaw: '5000000',
          filledContractsRaw: '0',
          filledCollateralRaw: '0',
          eligibleAt: new Date(Date.now() + 65_000).toISOString(),
        }),
      ],
      { 'intents.cancel': async () => intent({ clientOrderId: 'mc-delayed', state: 'killed' }) },
    );
    const line = recentIntent();
    expect(within(line).getByText('Delayed')).toBeTruthy();
    expect(within(line).getByText(/^1:0[45]$/)).toBeTruthy();
    fireEvent.click(within(line).getByRole('button', { name: /^Cancel BUY YES/ }));
    await settle();
    expect(bg.named('intents.cancel')[0]?.request).toEqual({ clientOrderId: 'mc-delayed' });
  });

  it('gives the reason of a rejected intent', () => {
    show(ready(), [
      intent({
        state: 'rejected',
        filledContractsRaw: '0',
        filledCollateralRaw: '0',
        error: {
          kind: 'trading-mode',
          code: 'trading_disabled',
          mode: 'disabled',
          resumeAt: null,
          message: 'Trading is disabled',
        },
      }),
    ]);
    expect(within(recentIntent()).getByText('Not accepted now: trading is disabled.')).toBeTruthy();
  });

  it('says where intents will show when there are none', () => {
    show(ready());
    expect(screen.getByText(/One-click orders you place on market pages show here/)).toBeTruthy();
  });
});
