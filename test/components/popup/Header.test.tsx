// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from '../../../components/popup/Header';
import { PopupServicesContext } from '../../../components/popup/services';
import type { AppSnapshot, VaultView } from '../../../lib/protocol/views';
import { byVisibleText, queryByVisibleText } from '../../support/visible-text';
import { fakeBackground, renderWith, services } from './fakes';
import { snapshot } from './fixtures';

/** The trading-mode banner's first words, whichever the mode. */
const MODE_BANNER = /^(Post-only|Cancel-only|Trading halted|Unusual trading mode)\./;

const SUB_A = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const SUB_B = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

function show(snap: AppSnapshot, portConnected = true) {
  const bg = fakeBackground({
    'account.setActiveSubAccount': async ({ subAccountId }) => ({
      ...snap.vault,
      activeSubAccountId: subAccountId,
    }),
    'vault.lock': async () => ({ ...snap.vault, status: 'locked' as const }),
  });
  renderWith(<Header snapshot={snap} portConnected={portConnected} />, services(bg.send).value);
  return bg;
}

afterEach(cleanup);

describe('Header', () => {
  it('says the connection is live', () => {
    show(snapshot());
    expect(screen.getByRole('status').textContent).toBe('Live');
  });

  it('counts down to the next reconnect attempt', () => {
    show(
      snapshot({
        connection: {
          status: 'reconnecting',
          authenticated: true,
          attempt: 1,
          nextAttemptAt: Date.now() + 7_000,
          reason: 'transport close',
        },
      }),
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Reconnecting in 0:0[67]$/);
  });

  it('shows the trading mode and when it resumes when it is not normal', () => {
    const resumeAt = new Date(Date.now() + 3_600_000).toISOString();
    show(snapshot({ mode: { mode: 'post_only', resumeAt, restrictions: [], checkedAt: 0 } }));
    const banner = byVisibleText(/^Post-only\..*Trading resumes at/);
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.querySelector('time')?.getAttribute('datetime')).toBe(resumeAt);
  });

  it('says in words next to the dot that the exchange is not answering, with the banner, and clears by itself', () => {
    const since = new Date(2026, 10, 27, 12, 3, 4).getTime();
    const fetchedAt = Date.now() - 20_000;
    const down = snapshot({
      exchange: {
        status: 'down',
        since,
        detectedAt: since + 900,
        lastAnsweredAt: null,
        reason: 'x',
      },
      portfolio: { ...snapshot().portfolio, fetchedAt },
    });
    const value = services(fakeBackground({}).send).value;
    const { rerender } = renderWith(<Header snapshot={down} portConnected={true} />, value);
    expect(screen.getByRole('status').textContent).toBe('Exchange not answering');
    expect(screen.getByRole('alert').textContent).toMatch(
      /^The exchange is not answering since 12:03:04 — trading is paused; prices are 2\d s old\. It comes back by itself\.$/,
    );
    rerender(
      <PopupServicesContext.Provider value={value}>
        <Header snapshot={snapshot()} portConnected={true} />
      </PopupServicesContext.Provider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Live');
  });

  it('has no banner in normal trading', () => {
    show(snapshot());
    expect(queryByVisibleText(MODE_BANNER)).toBeNull();
  });

  it('shows and switches the active sub-account in partner mode', async () => {
    const vault: VaultView = {
      ...snapshot().vault,
      signingKind: 'delegated',
      subAccounts: [
        { id: 11, account: SUB_A, displayName: 'Desk 1' },
        { id: 12, account: SUB_B, displayName: null },
      ],
      activeSubAccountId: 11,
    };
    const bg = show(snapshot({ vault }));
    const select = screen.getByLabelText('Acting for') as HTMLSelectElement;
    expect(select.value).toBe('11');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Desk 1', '0x90F7…b906']);
    select.value = '12';
    fireEvent.change(select);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(bg.named('account.setActiveSubAccount')[0]?.request).toEqual({ subAccountId: 12 });
  });

  it('has no sub-account picker for an own key', () => {
    show(snapshot());
    expect(screen.queryByLabelText('Acting for')).toBeNull();
  });

  it('locks on request', async () => {
    const bg = show(snapshot());
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(bg.named('vault.lock')).toHaveLength(1);
  });

  it('shows nothing of the account while locked', () => {
    show(
      snapshot({
        vault: { ...snapshot().vault, status: 'locked' },
        mode: { mode: 'disabled', resumeAt: null, restrictions: [], checkedAt: 0 },
      }),
    );
    expect(screen.queryByText('Ada')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Locked');
    expect(queryByVisibleText(MODE_BANNER)).toBeNull();
  });
});
