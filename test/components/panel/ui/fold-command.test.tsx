// @vitest-environment happy-dom
import { signal } from '@preact/signals';
import { act, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { AimWatch } from '../../../../components/panel/aim-watch';
import type { PanelVisibility } from '../../../../components/panel/model/trust';
import { TOGGLE_PANEL_COMMAND } from '../../../../lib/protocol/keyboard-commands';
import { panelState } from '../model/fixtures';
import { aimed, realClick, renderPanel } from './render-panel';

const PLACE = { corner: 'bottom-right', offset: { x: 16, y: 16 } } as const;
const saving = { 'panel.savePlacement': async () => ({}) };

const collapseButton = (container: HTMLElement) =>
  container.querySelector('[data-action="collapse"]') as HTMLElement;

describe('the fold shortcut', () => {
  it('folds the open panel to its bar and opens it again, saved as the collapse button saves it', async () => {
    const { container, panel, background } = renderPanel(panelState(), {
      handlers: saving,
      placement: PLACE,
    });
    await act(() => panel.command(TOGGLE_PANEL_COMMAND.name));
    expect(container.querySelector('.mc-panel')?.classList.contains('collapsed')).toBe(true);
    expect(container.querySelector('[data-key]')).toBeNull();
    await act(() => panel.command(TOGGLE_PANEL_COMMAND.name));
    expect(container.querySelector('.mc-panel')?.classList.contains('collapsed')).toBe(false);
    expect(container.querySelector('[data-key]')).not.toBeNull();
    // Then the button: the same saves, the same way.
    realClick(collapseButton(container));
    await waitFor(() => expect(background.callsOf('panel.savePlacement')).toHaveLength(3));
    expect(background.callsOf('panel.savePlacement').map((c) => c.request)).toEqual([
      { ...PLACE, collapsed: true },
      { ...PLACE, collapsed: false },
      { ...PLACE, collapsed: true },
    ]);
  });

  it('framed, hands the fold to the loader that sizes the frame, as the button does', async () => {
    const layout = {
      viewport: signal({ width: 1200, height: 800 }),
      placed: vi.fn(),
      dragged: vi.fn(),
    };
    const { panel } = renderPanel(panelState(), {
      handlers: saving,
      placement: PLACE,
      visibility: signal<PanelVisibility>('visible'),
      framed: layout,
    });
    await act(() => panel.command(TOGGLE_PANEL_COMMAND.name));
    await act(() => panel.command(TOGGLE_PANEL_COMMAND.name));
    expect(layout.placed.mock.calls).toEqual([
      [PLACE, true],
      [PLACE, false],
    ]);
  });

  it('trades nothing and presses nothing: only the placement is sent', async () => {
    const check = vi.fn<AimWatch['check']>(() => null);
    const { panel, background } = renderPanel(panelState(), {
      handlers: saving,
      placement: PLACE,
      aim: aimed(check),
    });
    await act(() => panel.command(TOGGLE_PANEL_COMMAND.name));
    await waitFor(() => expect(background.calls).toHaveLength(1));
    expect(background.calls[0]?.name).toBe('panel.savePlacement');
    expect(check).not.toHaveBeenCalled();
  });
});
