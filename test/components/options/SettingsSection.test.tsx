// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsDepsContext } from '../../../components/options/deps';
import { SettingsSection } from '../../../components/options/settings/SettingsSection';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { exportSettings } from '../../../lib/core/settings/transfer';
import { optionsWorld, renderWithDeps, settle } from './fakes';

afterEach(cleanup);

function show(world = optionsWorld()) {
  const view = renderWithDeps(
    <SettingsSection settings={world.state.value?.settings ?? DEFAULT_SETTINGS} />,
    world.deps,
  );
  // Re-render with the stored settings, as the page does when the state port pushes them.
  const refresh = () =>
    view.rerender(
      <OptionsDepsContext.Provider value={world.deps}>
        <SettingsSection settings={world.state.value?.settings ?? DEFAULT_SETTINGS} />
      </OptionsDepsContext.Provider>,
    );
  return { world, refresh };
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

async function importText(text: string, name = 'settings.json') {
  const input = screen.getByLabelText('Settings file to import') as HTMLInputElement;
  const file = new File([text], name, { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    fireEvent.change(input);
    await settle();
  });
}

describe('SettingsSection', () => {
  it('shows the settings in dollars and cents', () => {
    show();
    expect((screen.getByLabelText('Buy presets ($)') as HTMLInputElement).value).toBe(
      '5, 10, 25, 50',
    );
    expect((screen.getByLabelText('Slippage cap (cents)') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('Largest order ($)') as HTMLInputElement).value).toBe('1000');
  });

  it('marks each wrong field and saves nothing', async () => {
    const { world } = show();
    type('Buy presets ($)', '5, ten');
    type('Slippage cap (cents)', '40');
    type('Orders per minute, at most', '0');
    save();
    await settle();
    expect(screen.getByText(/“ten”: Enter an amount in dollars/)).toBeTruthy();
    expect(screen.getByText('The slippage cap must be between 0 and 20 cents.')).toBeTruthy();
    expect(screen.getByText('Orders per minute must be between 1 and 600.')).toBeTruthy();
    expect(world.state.value?.settings).toEqual(DEFAULT_SETTINGS);
  });

  it('stores edited values exactly, in raw units', async () => {
    const { world } = show();
    type('Buy presets ($)', '2.5, 20');
    type('Largest order ($)', '250.75');
    type('Lock after this many idle minutes', '5');
    fireEvent.click(screen.getByLabelText(/Desktop notifications/));
    fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'dark' } });
    save();
    await settle();
    const stored = world.state.value?.settings;
    expect(stored?.quickTrade.presets).toEqual(['2500000', '20000000']);
    expect(stored?.caps.maxOrderNotionalRaw).toBe('250750000');
    expect(stored?.autoLockMinutes).toBe(5);
    expect(stored?.notifications.enabled).toBe(false);
    expect(stored?.theme).toBe('dark');
    expect(screen.getByText('Saved.')).toBeTruthy();
  });

  it('switches the panel off on one site', async () => {
    const { world } = show();
    fireEvent.click(screen.getByLabelText(/Show the panel on http:\/\/127\.0\.0\.1:4011/));
    save();
    await settle();
    expect(world.state.value?.settings.panel.disabledOrigins).toEqual(['http://127.0.0.1:4011']);
  });

  it('switches the position badges off, and on again', async () => {
    const { world, refresh } = show();
    const box = () =>
      screen.getByLabelText(/Position badges beside links to markets/) as HTMLInputElement;
    expect(box().checked).toBe(true);
    fireEvent.click(box());
    save();
    await settle();
    expect(world.state.value?.settings.badges).toEqual({ enabled: false });
    refresh();
    expect(box().checked).toBe(false);
    fireEvent.click(box());
    save();
    await settle();
    expect(world.state.value?.settings.badges).toEqual({ enabled: true });
  });

  it('points to the browser page for the shortcut keys', () => {
    const { world } = show();
    fireEvent.click(screen.getByRole('button', { name: 'keyboard-shortcut settings' }));
    expect(world.shortcutsOpened()).toBe(1);
  });

  it('exports the settings as a file without secrets', () => {
    const { world } = show();
    fireEvent.click(screen.getByRole('button', { name: 'Export settings' }));
    expect(world.files).toHaveLength(1);
    expect(world.files[0]?.name).toBe('market-companion-settings-2026-03-04.json');
    expect(JSON.parse(world.files[0]?.text ?? '{}').settings).toEqual(DEFAULT_SETTINGS);
  });

  it('says what is wrong with a bad import file and changes nothing', async () => {
    const { world } = show();
    await importText(
      '{"kind": "market-companion-settings", "version": 1, "settings": {"autoLockMinutes": 0}}',
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/^Not imported:/);
    expect(alert.textContent).toMatch(/autoLockMinutes:/);
    expect(world.state.value?.settings).toEqual(DEFAULT_SETTINGS);

    await importText('this is not json');
    expect(screen.getByRole('alert').textContent).toMatch(/This file is not JSON/);
  });

  it('imports a good file and shows the new values', async () => {
    const { world, refresh } = show();
    const file = exportSettings({ ...DEFAULT_SETTINGS, autoLockMinutes: 7 });
    await importText(file, 'mine.json');
    expect(world.state.value?.settings.autoLockMinutes).toBe(7);
    expect(screen.getByText('Imported mine.json.')).toBeTruthy();
    refresh();
    await settle();
    expect(
      (screen.getByLabelText('Lock after this many idle minutes') as HTMLInputElement).value,
    ).toBe('7');
  });

  it('says on how many sites the panel keeps the user’s place, and forgets them all at once', async () => {
    const world = optionsWorld();
    const placed = { corner: 'top-left' as const, offset: { x: 0, y: 0 }, collapsed: false };
    await world.deps.updateSettings((s) => ({
      ...s,
      panel: {
        ...s.panel,
        placements: [
          { origin: 'http://127.0.0.1:4011', ...placed },
          { origin: 'http://localhost:4011', ...placed },
        ],
      },
    }));
    const { refresh } = show(world);
    expect(screen.getByText('The panel keeps the place you gave it on 2 sites.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Forget the panel’s places' }));
      await settle();
    });
    expect(world.state.value?.settings.panel.placements).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe(
      'Forgotten: the panel finds its own place on every site again.',
    );
    refresh();
    expect(screen.queryByRole('button', { name: 'Forget the panel’s places' })).toBeNull();
    expect(screen.getByText(/finds its own place on every site: you have not moved/)).toBeTruthy();
  });
});
