import { describe, expect, it } from 'vitest';
import {
  checkExchange,
  customDraft,
  draftFromExchange,
  type ExchangeDraft,
  extraSiteOrigin,
  permissionPatterns,
  sandboxDraft,
  withOrigin,
} from '../../../../components/options/onboarding/exchange-step';
import { SANDBOX_EXCHANGE } from '../../../../lib/core/settings/page-defaults';
import { grantedByManifest } from '../../../../lib/core/site/host-permissions';

const custom = (over: Partial<ExchangeDraft> = {}): ExchangeDraft => ({
  ...customDraft(),
  name: 'Acme',
  apiUrl: 'https://api.acme.example',
  wsUrl: 'https://ws.acme.example',
  siteMarketPattern: 'https://acme.example/markets/:slug',
  ...over,
});

describe('checkExchange', () => {
  it('accepts the sandbox defaults and keeps the sandbox name whatever the form says', () => {
    const result = checkExchange({ ...sandboxDraft(), name: 'Something else' });
    expect(result).toEqual({ ok: true, value: SANDBOX_EXCHANGE });
  });

  it('accepts the sandbox on other loopback ports', () => {
    const result = checkExchange({
      ...sandboxDraft(),
      apiUrl: 'http://127.0.0.1:51234/',
      wsUrl: 'http://127.0.0.1:51234',
      siteMarketPattern: 'http://localhost:51235/markets/:slug',
    });
    expect(result.ok && result.value.apiUrl).toBe('http://127.0.0.1:51234');
  });

  it('refuses a value that is not a URL, next to its field', () => {
    const result = checkExchange(custom({ apiUrl: 'api.acme.example' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.apiUrl).toMatch(/must be a full URL/);
  });

  it('refuses plain http on a host that is not loopback', () => {
    const result = checkExchange(custom({ wsUrl: 'http://ws.acme.example' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.wsUrl).toMatch(/must use https:\/\//);
  });

  it('gives a pattern example when the pattern is not a URL', () => {
    const result = checkExchange(custom({ siteMarketPattern: 'acme.example/:slug' }));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.siteMarketPattern).toMatch(
        /like https:\/\/site\.example\/markets\/:slug/,
      );
  });

  it('refuses a market page pattern without :slug', () => {
    const result = checkExchange(custom({ siteMarketPattern: 'https://acme.example/markets/' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.siteMarketPattern).toMatch(/must contain :slug/);
  });

  it('refuses :slug outside the path or twice', () => {
    for (const pattern of [
      'https://acme.example/markets?m=:slug',
      'https://acme.example/:slug/x/:slug',
    ]) {
      const result = checkExchange(custom({ siteMarketPattern: pattern }));
      expect(result.ok, pattern).toBe(false);
      if (!result.ok) expect(result.issues.siteMarketPattern).toMatch(/exactly once, in its path/);
    }
  });

  it('needs a name for a custom exchange (the signing domain)', () => {
    const result = checkExchange(custom({ name: '  ' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.name).toMatch(/signing domain/);
  });

  it('reports every wrong field at once', () => {
    const result = checkExchange(custom({ apiUrl: 'x', wsUrl: 'ftp://ws.acme.example' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.issues).sort()).toEqual(['apiUrl', 'wsUrl']);
  });
});

describe('permissions for an exchange', () => {
  it('asks for nothing on loopback: the manifest grants it', () => {
    expect(permissionPatterns(SANDBOX_EXCHANGE)).toEqual([]);
    expect(extraSiteOrigin(SANDBOX_EXCHANGE)).toBeNull();
    expect(grantedByManifest('http://localhost:9999')).toBe(true);
    expect(grantedByManifest('https://localhost:9999')).toBe(false);
  });

  it('asks for exactly the exchange origins, once each, without ports', () => {
    const result = checkExchange(
      custom({
        apiUrl: 'https://api.acme.example:8443/v1',
        wsUrl: 'https://api.acme.example:8443',
        siteMarketPattern: 'https://acme.example/markets/:slug',
      }),
    );
    if (!result.ok) throw new Error('expected a valid exchange');
    expect(permissionPatterns(result.value)).toEqual([
      'https://api.acme.example/*',
      'https://acme.example/*',
    ]);
    expect(extraSiteOrigin(result.value)).toBe('https://acme.example');
  });

  it('records a site origin once', () => {
    expect(withOrigin(['https://a.example'], 'https://a.example')).toEqual(['https://a.example']);
    expect(withOrigin([], 'https://a.example')).toEqual(['https://a.example']);
    expect(withOrigin(['https://a.example'], null)).toEqual(['https://a.example']);
  });
});

describe('draftFromExchange', () => {
  it('tells the sandbox from a custom deployment by its name', () => {
    expect(draftFromExchange(SANDBOX_EXCHANGE).kind).toBe('sandbox');
    const result = checkExchange(custom());
    if (!result.ok) throw new Error('expected a valid exchange');
    expect(draftFromExchange(result.value).kind).toBe('custom');
  });
});
