// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../../components/popup/Popup';
import { ExchangeError } from '../../../../lib/core/client/errors';
import { CAP_SENTENCE } from '../../../../lib/core/price-alerts/rules';
import type { PriceAlert } from '../../../../lib/core/price-alerts/schema';
import { priceAlert } from '../../../lib/protocol/fixtures';
import { flushUi as settle } from '../../../support/flush';
import { type FakeHandlers, fakeBackground, fakeStatePort, services } from '../fakes';
import { snapshot } from '../fixtures';

const RAIN = 'Will it rain in Lisbon tomorrow?';
const RAIN_SLUG = 'will-it-rain-in-lisbon-tomorrow';

function open(handlers: FakeHandlers = {}) {
  const port = fakeStatePort();
  const bg = fakeBackground(handlers);
  const s = services(bg.send);
  render(<Popup store={port.store} services={s.value} />);
  return { port, bg, s };
}

afterEach(cleanup);

describe("a position card's Alert", () => {
  it('sets an alert on that market from the threshold in cents, and says what was set', async () => {
    const { port, bg } = open({
      'priceAlerts.add': async (r) =>
        priceAlert({ ...r, marketTitle: RAIN, id: 'a-9' }) satisfies PriceAlert,
    });
    await act(() => port.push(snapshot()));
    const card = screen.getByRole('article', { name: RAIN });
    fireEvent.click(within(card).getByRole('button', { name: `Set a price alert on ${RAIN}` }));
    fireEvent.change(within(card).getByLabelText('Comparison'), { target: { value: '<=' } });
    fireEvent.input(within(card).getByLabelText('Price in cents'), { target: { value: '42' } });
    fireEvent.submit(within(card).getByRole('form', { name: 'New price alert' }));
    await settle();
    expect(bg.named('priceAlerts.add').map((c) => c.request)).toEqual([
      { marketSlug: RAIN_SLUG, outcome: 'YES', field: 'bid', comparator: '<=', priceMillis: 420 },
    ]);
    expect(within(card).getByRole('status').textContent).toBe('Alert set: YES best bid ≤ 42¢.');
  });

  it('shows the sentence at the cap and keeps the form open', async () => {
    const { port } = open({
      'priceAlerts.add': async () => {
        throw new ExchangeError({ kind: 'unavailable', message: CAP_SENTENCE });
      },
    });
    await act(() => port.push(snapshot()));
    const card = screen.getByRole('article', { name: RAIN });
    fireEvent.click(within(card).getByRole('button', { name: `Set a price alert on ${RAIN}` }));
    fireEvent.input(within(card).getByLabelText('Price in cents'), { target: { value: '70' } });
    fireEvent.submit(within(card).getByRole('form', { name: 'New price alert' }));
    await settle();
    expect(within(card).getByRole('alert').textContent).toBe(CAP_SENTENCE);
    expect(within(card).getByRole('form', { name: 'New price alert' })).toBeTruthy();
  });
});

describe('the Alerts tab', () => {
  const alerts = [
    priceAlert({ id: 'a-1', firedAt: Date.parse('2026-11-22T08:00:00Z') }),
    priceAlert({ id: 'a-2', outcome: 'NO', field: 'ask', comparator: '<=', priceMillis: 305 }),
  ];

  it('counts the armed alerts and lists armed before fired, each removable in one click', async () => {
    const { port, bg } = open({ 'priceAlerts.remove': async () => ({}) });
    await act(() => port.push(snapshot({ priceAlerts: alerts })));
    fireEvent.click(screen.getByRole('tab', { name: 'Alerts (1)' }));
    const list = screen.getByRole('list', { name: 'Price alerts' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'NO best ask ≤ 30.5¢ on Will BTC reach $100k?',
      'YES best bid ≥ 70¢ on Will BTC reach $100k?',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Armed')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText(/^Fired /)).toBeTruthy();
    fireEvent.click(
      within(items[1] as HTMLElement).getByRole('button', {
        name: 'Remove alert YES best bid ≥ 70¢ on Will BTC reach $100k?',
      }),
    );
    await settle();
    expect(bg.named('priceAlerts.remove').map((c) => c.request)).toEqual([{ id: 'a-1' }]);
  });

  it('follows the snapshot: an alert that fires is shown fired at once', async () => {
    const { port } = open();
    await act(() => port.push(snapshot({ priceAlerts: [alerts[1] as PriceAlert] })));
    fireEvent.click(screen.getByRole('tab', { name: 'Alerts (1)' }));
    expect(screen.getByText('Armed')).toBeTruthy();
    await act(() =>
      port.push(snapshot({ priceAlerts: [{ ...(alerts[1] as PriceAlert), firedAt: 5 }] })),
    );
    expect(screen.queryByText('Armed')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Alerts' })).toBeTruthy();
  });

  it('says how to set one when there is none', async () => {
    const { port } = open();
    await act(() => port.push(snapshot()));
    fireEvent.click(screen.getByRole('tab', { name: 'Alerts' }));
    expect(screen.getByText(/No price alerts\./)).toBeTruthy();
  });
});
