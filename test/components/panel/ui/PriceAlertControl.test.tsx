// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PanelDepsContext } from '../../../../components/panel/deps';
import { PriceAlertControl } from '../../../../components/panel/ui/PriceAlertControl';
import { ExchangeError } from '../../../../lib/core/client/errors';
import type { PriceAlert } from '../../../../lib/core/price-alerts/schema';
import { fakeBackground } from '../fake-background';
import { SLUG } from '../model/fixtures';

/**
 * The user's press of the submit button (a trusted click; happy-dom's never are), then the
 * submit the browser fires for it. Without the press: a page script's `requestSubmit()`,
 * whose submit event the browser fires (trusted) all the same.
 */
function userSubmit(form: HTMLFormElement, pressed = true): void {
  if (pressed) {
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    Object.defineProperty(click, 'isTrusted', { value: true });
    // Cancelled so happy-dom does not submit on its own: the submit below is the browser's.
    form
      .querySelector('button[type="submit"]')
      ?.addEventListener('click', (e) => e.preventDefault(), {
        once: true,
      });
    form.querySelector('button[type="submit"]')?.dispatchEvent(click);
  }
  const submit = new Event('submit', { bubbles: true, cancelable: true });
  Object.defineProperty(submit, 'isTrusted', { value: true });
  form.dispatchEvent(submit);
}

const stored = (request: Omit<PriceAlert, 'id' | 'marketTitle' | 'createdAt' | 'firedAt'>) => ({
  ...request,
  id: 'a-1',
  marketTitle: 'BTC',
  createdAt: 1,
  firedAt: null,
});

function show(handler: (r: Parameters<typeof stored>[0]) => Promise<PriceAlert>, bookless = false) {
  const background = fakeBackground({ 'panel.addPriceAlert': handler });
  const said: string[] = [];
  const ui = render(
    <PanelDepsContext.Provider
      value={{ send: background.send, now: Date.now, newPressId: () => 'press-1-0000' }}
    >
      <PriceAlertControl
        marketSlug={SLUG}
        bookless={bookless}
        onAdded={(s) => said.push(s)}
        onClose={() => undefined}
      />
    </PanelDepsContext.Provider>,
  );
  const form = ui.getByRole('form', { name: 'New price alert' }) as HTMLFormElement;
  return { background, said, ui, form };
}

afterEach(cleanup);

describe("the panel's price alert", () => {
  it('sends the market on the page, the outcome, the price watched and the threshold in thousandths', async () => {
    const { background, said, ui, form } = show(async (r) => stored(r));
    fireEvent.change(ui.getByLabelText('Outcome'), { target: { value: 'NO' } });
    fireEvent.change(ui.getByLabelText('Price watched'), { target: { value: 'ask' } });
    fireEvent.change(ui.getByLabelText('Comparison'), { target: { value: '<=' } });
    fireEvent.input(ui.getByLabelText('Price in cents'), { target: { value: '30.5' } });
    userSubmit(form);
    await waitFor(() => expect(said).toEqual(['Alert set: NO best ask ≤ 30.5¢.']));
    expect(background.callsOf('panel.addPriceAlert').map((c) => c.request)).toEqual([
      { marketSlug: SLUG, outcome: 'NO', field: 'ask', comparator: '<=', priceMillis: 305 },
    ]);
  });

  it("ignores a submit the page's script asked for (no press of the user's)", async () => {
    const { background, said, ui, form } = show(async (r) => stored(r));
    fireEvent.input(ui.getByLabelText('Price in cents'), { target: { value: '70' } });
    userSubmit(form, false);
    userSubmit(form);
    await waitFor(() => expect(said).toHaveLength(1));
    expect(background.callsOf('panel.addPriceAlert')).toHaveLength(1);
  });

  it('says what to change for a price off the tick, and sends nothing', async () => {
    const { background, ui, form } = show(async (r) => stored(r));
    fireEvent.input(ui.getByLabelText('Price in cents'), { target: { value: '70.25' } });
    userSubmit(form);
    await waitFor(() =>
      expect(ui.getByRole('alert').textContent).toBe(
        'Prices move in steps of 0.1¢: use at most one decimal, e.g. 70.5.',
      ),
    );
    expect(background.calls).toEqual([]);
  });

  it("shows the background's refusal at the cap in its sentence", async () => {
    const cap = 'You have 50 alerts, the most the extension keeps: remove one to add another.';
    const { ui, form } = show(async () => {
      throw new ExchangeError({ kind: 'unavailable', message: cap });
    });
    fireEvent.input(ui.getByLabelText('Price in cents'), { target: { value: '70' } });
    userSubmit(form);
    await waitFor(() => expect(ui.getByRole('alert').textContent).toBe(cap));
  });

  it('offers only the last price on a market without a book', () => {
    const { ui } = show(async (r) => stored(r), true);
    const options = [...(ui.getByLabelText('Price watched') as HTMLSelectElement).options];
    expect(options.map((o) => o.value)).toEqual(['last']);
  });
});
