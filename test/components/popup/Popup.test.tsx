// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Popup } from '../../../components/popup/Popup';
import { PnlChart } from '../../../lib/core/api/portfolio';
import { ExchangeError } from '../../../lib/core/client/errors';
import type { AppSnapshot } from '../../../lib/protocol/views';
import * as ex from '../../lib/core/api/examples';
import { flushUi as settle } from '../../support/flush';
import { type FakeHandlers, fakeBackground, fakeStatePort, services } from './fakes';
import { feedPage, snapshot } from './fixtures';

const locked = (): AppSnapshot => {
  const s = snapshot();
  return {
    ...s,
    vault: { ...s.vault, status: 'locked' },
    portfolio: { positions: null, fetchedAt: null, error: null },
  };
};

function open(handlers: FakeHandlers = {}) {
  const port = fakeStatePort();
  const bg = fakeBackground({
    'portfolio.pnlChart': async () => PnlChart.parse(ex.pnlChart()),
    'feed.page': async () => feedPage({}),
    ...handlers,
  });
  const s = services(bg.send);
  render(<Popup store={port.store} services={s.value} />);
  return { port, bg, s };
}

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-theme');
});

describe('Popup', () => {
  it('waits for the first snapshot without showing anything else', () => {
    open();
    expect(screen.getByRole('status').textContent).toBe('Opening…');
  });

  it('paints positions from the first snapshot the background pushes', async () => {
    const { port } = open();
    await act(() => port.push(snapshot()));
    expect(screen.getByRole('article', { name: 'Will it rain in Lisbon tomorrow?' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Orders (2)' })).toBeTruthy();
  });

  it('counts down to when trading resumes on the exchange’s clock, from the snapshot’s offset', async () => {
    const { port } = open();
    // This machine is 5 minutes slow; trading resumes in 1 minute by the exchange's clock.
    const offset = 300_000;
    const resumeAt = new Date(Date.now() + offset + 60_000).toISOString();
    await act(() =>
      port.push({
        ...snapshot(),
        clockOffsetMs: offset,
        mode: { mode: 'cancel_only', resumeAt, restrictions: [], checkedAt: 0 },
      }),
    );
    const countdown = document.querySelector(`.banner time.countdown[datetime="${resumeAt}"]`);
    expect(countdown?.textContent).toMatch(/^(0:59|1:00)$/);
  });

  it('on first run offers only the way to the options page', async () => {
    const { port, s } = open();
    const s0 = snapshot();
    await act(() =>
      port.push({
        ...s0,
        vault: { ...s0.vault, status: 'empty', tokenId: null, displayName: null },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Set up your account' }));
    expect(s.optionsOpened()).toBe(1);
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('when locked shows only the passphrase form, and a wrong passphrase as a sentence', async () => {
    const { port, bg } = open({
      'vault.unlock': async () => {
        throw new ExchangeError({
          kind: 'validation',
          source: 'client',
          issues: [{ field: 'passphrase', message: 'That passphrase does not open the vault.' }],
        });
      },
    });
    await act(() => port.push(locked()));
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('Ada')).toBeNull();
    const field = screen.getByLabelText('Passphrase') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    fireEvent.input(field, { target: { value: 'not it' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await settle();
    expect(bg.named('vault.unlock')[0]?.request).toEqual({ passphrase: 'not it' });
    expect(screen.getByRole('alert').textContent).toBe('That passphrase does not open the vault.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('goes to the positions once the background says it is unlocked', async () => {
    const { port } = open({
      'vault.unlock': async () => {
        port.push(snapshot());
        return snapshot().vault;
      },
    });
    await act(() => port.push(locked()));
    const field = screen.getByLabelText('Passphrase') as HTMLInputElement;
    fireEvent.input(field, { target: { value: 'correct horse battery staple' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await settle();
    expect(screen.queryByLabelText('Passphrase')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Positions' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('moves between screens with the arrow keys and opens the feed on demand', async () => {
    const { port, bg } = open();
    await act(() => port.push(snapshot()));
    expect(bg.named('feed.page')).toHaveLength(0);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Positions' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Orders (2)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Open orders' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Orders (2)' }), { key: 'ArrowRight' });
    await settle();
    expect(bg.named('feed.page')).toHaveLength(1);
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
  });

  it('follows the theme setting on the root element', async () => {
    const { port } = open();
    const s0 = snapshot();
    await act(() => port.push({ ...s0, settings: { ...s0.settings, theme: 'dark' } }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    await act(() => port.push({ ...s0, settings: { ...s0.settings, theme: 'system' } }));
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });

  it('says it is reconnecting while the background is away, keeping the last state', async () => {
    const { port } = open();
    await act(() => port.push(snapshot()));
    await act(() => port.dropWorker());
    expect(screen.getByText('Reconnecting')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Will it rain in Lisbon tomorrow?' })).toBeTruthy();
    port.store.close();
  });
});
