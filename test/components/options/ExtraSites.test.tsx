// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsDepsContext } from '../../../components/options/deps';
import { SettingsSection } from '../../../components/options/settings/SettingsSection';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { optionsWorld, renderWithDeps, settle, snapshot } from './fakes';

afterEach(cleanup);

function show(world = optionsWorld()) {
  const current = () => world.state.value?.settings ?? DEFAULT_SETTINGS;
  const view = renderWithDeps(<SettingsSection settings={current()} />, world.deps);
  // As the page does when the state port pushes the stored settings.
  const refresh = () =>
    view.rerender(
      <OptionsDepsContext.Provider value={world.deps}>
        <SettingsSection settings={current()} />
      </OptionsDepsContext.Provider>,
    );
  return { world, refresh, current };
}

const field = () => screen.getByLabelText('Add a site') as HTMLInputElement;
async function addSite(text: string) {
  fireEvent.input(field(), { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add site' }));
    await settle();
  });
}
const errorText = () => document.getElementById('extra-site-error')?.textContent ?? null;

describe('Settings: other sites for the panel', () => {
  it.each([
    ['', "Enter the site's address, like https://site.example."],
    ['site.example', '“site.example” is not a web address: write it like https://site.example.'],
    [
      'http://site.example',
      'Use https:// for this site: plain http:// is only allowed for 127.0.0.1 and localhost.',
    ],
    [
      'https://site.example/markets/x',
      "Enter the site's origin only, like https://site.example, without a path: its market pages are found with the exchange's pattern.",
    ],
    ['http://127.0.0.1:4011', "This is the exchange's own site: the panel already runs there."],
  ])(
    'refuses %j with the reason at the field, asks the browser nothing, saves nothing',
    async (text, message) => {
      const { world, current } = show();
      await addSite(text);
      expect(errorText()).toBe(message);
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(world.permissionRequests).toEqual([]);
      expect(current().extraSiteOrigins).toEqual([]);
    },
  );

  it('clears the error as soon as the user types again', async () => {
    show();
    await addSite('nope');
    expect(errorText()).not.toBeNull();
    fireEvent.input(field(), { target: { value: 'https://' } });
    expect(errorText()).toBeNull();
  });

  it('asks the browser for exactly that site, then records it and lists it', async () => {
    const { world, refresh, current } = show();
    await addSite('https://mirror.example/');
    expect(world.permissionRequests).toEqual([['https://mirror.example/*']]);
    expect(current().extraSiteOrigins).toEqual(['https://mirror.example']);
    refresh();
    expect(screen.getByRole('list', { name: 'Added sites' }).textContent).toContain(
      'https://mirror.example',
    );
    expect(field().value).toBe('');
    // The panel's on/off switch lists it too.
    expect(screen.getByLabelText(/Show the panel on https:\/\/mirror\.example/)).toBeTruthy();
  });

  it('records nothing when the browser refuses, and says so', async () => {
    const world = optionsWorld();
    world.denyPermissions();
    const { current } = show(world);
    await addSite('https://mirror.example');
    expect(errorText()).toBe(
      'The browser did not grant access to https://mirror.example: the panel cannot run there without it.',
    );
    expect(current().extraSiteOrigins).toEqual([]);
  });

  it('refuses a site already added', async () => {
    const world = optionsWorld({
      snapshot: snapshot({
        settings: { ...DEFAULT_SETTINGS, extraSiteOrigins: ['https://mirror.example'] },
      }),
    });
    show(world);
    await addSite('https://mirror.example');
    expect(errorText()).toBe('This site is already in the list.');
    expect(world.permissionRequests).toEqual([]);
  });

  it('removes an added site and gives its access back', async () => {
    const world = optionsWorld({
      snapshot: snapshot({
        settings: {
          ...DEFAULT_SETTINGS,
          extraSiteOrigins: ['https://mirror.example'],
          panel: { ...DEFAULT_SETTINGS.panel, disabledOrigins: ['https://mirror.example'] },
        },
      }),
    });
    const { current, refresh } = show(world);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove https://mirror.example' }));
      await settle();
    });
    expect(world.permissionRemovals).toEqual([['https://mirror.example/*']]);
    expect(current().extraSiteOrigins).toEqual([]);
    expect(current().panel.disabledOrigins).toEqual([]);
    expect(
      screen.getByText('Removed https://mirror.example and gave its access back.'),
    ).toBeTruthy();
    refresh();
    expect(screen.queryByRole('list', { name: 'Added sites' })).toBeNull();
  });
});
