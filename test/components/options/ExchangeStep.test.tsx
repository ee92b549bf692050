// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExchangeStep } from '../../../components/options/onboarding/ExchangeStep';
import { customDraft, sandboxDraft } from '../../../components/options/onboarding/exchange-step';
import { optionsWorld, renderWithDeps, settle } from './fakes';

afterEach(cleanup);

function show(kind: 'sandbox' | 'custom' = 'custom') {
  const world = optionsWorld();
  const onNext = vi.fn();
  renderWithDeps(
    <ExchangeStep initial={kind === 'sandbox' ? sandboxDraft() : customDraft()} onNext={onNext} />,
    world.deps,
  );
  return { world, onNext };
}

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

function fillCustom(over: Record<string, string> = {}) {
  const values = {
    'Exchange name': 'Acme',
    'API URL': 'https://api.acme.example',
    'WebSocket URL': 'https://api.acme.example',
    'Market page URL pattern': 'https://acme.example/markets/:slug',
    ...over,
  };
  for (const [label, value] of Object.entries(values)) type(label, value);
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('ExchangeStep', () => {
  it('marks a value that is not a URL next to its field', () => {
    const { onNext } = show();
    fillCustom({ 'API URL': 'api.acme.example' });
    next();
    expect(errorOf('API URL')).toMatch(/must be a full URL/);
    expect(screen.getByLabelText('API URL').getAttribute('aria-invalid')).toBe('true');
    expect(onNext).not.toHaveBeenCalled();
  });

  it('refuses a market page pattern without :slug', () => {
    const { onNext } = show();
    fillCustom({ 'Market page URL pattern': 'https://acme.example/markets/' });
    next();
    expect(errorOf('Market page URL pattern')).toMatch(/must contain :slug/);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('refuses plain http on a host that is not loopback', () => {
    const { onNext, world } = show();
    fillCustom({ 'WebSocket URL': 'http://ws.acme.example' });
    next();
    expect(errorOf('WebSocket URL')).toMatch(/must use https:\/\//);
    expect(world.permissionRequests).toEqual([]);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('asks for exactly the custom origins and records the site for the panel', async () => {
    const { onNext, world } = show();
    fillCustom();
    next();
    await settle();
    expect(world.permissionRequests).toEqual([
      ['https://api.acme.example/*', 'https://acme.example/*'],
    ]);
    expect(world.state.value?.settings.extraSiteOrigins).toEqual(['https://acme.example']);
    expect(onNext).toHaveBeenCalledWith(
      {
        name: 'Acme',
        apiUrl: 'https://api.acme.example',
        wsUrl: 'https://api.acme.example',
        siteMarketPattern: 'https://acme.example/markets/:slug',
      },
      'custom',
    );
  });

  it('says so when the browser refuses the permission, and stays', async () => {
    const { onNext, world } = show();
    world.denyPermissions();
    fillCustom();
    next();
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(
      /did not grant access to https:\/\/api\.acme\.example\/\* and https:\/\/acme\.example\/\*/,
    );
    expect(world.state.value?.settings.extraSiteOrigins).toEqual([]);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('goes on with the sandbox on other ports without asking: loopback is granted', async () => {
    const { onNext, world } = show('sandbox');
    type('API URL', 'http://127.0.0.1:51000');
    type('WebSocket URL', 'http://127.0.0.1:51000');
    type('Market page URL pattern', 'http://localhost:51001/markets/:slug');
    next();
    await settle();
    expect(world.permissionRequests).toEqual([]);
    expect(world.state.value?.settings.extraSiteOrigins).toEqual([]);
    expect(onNext).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Sandbox', apiUrl: 'http://127.0.0.1:51000' }),
      'sandbox',
    );
  });

  it('submits with Enter', async () => {
    const { onNext } = show('sandbox');
    fireEvent.submit(screen.getByLabelText('API URL').closest('form') as HTMLFormElement);
    await settle();
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('keeps each kind’s fields when switching between them', () => {
    show('sandbox');
    type('API URL', 'http://127.0.0.1:5999');
    fireEvent.click(screen.getByLabelText(/Custom deployment/));
    expect((screen.getByLabelText('API URL') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByLabelText(/Sandbox/));
    expect((screen.getByLabelText('API URL') as HTMLInputElement).value).toBe(
      'http://127.0.0.1:5999',
    );
  });
});
