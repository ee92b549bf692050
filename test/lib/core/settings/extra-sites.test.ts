import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import {
  addedSites,
  checkSiteOrigin,
  permissionToAdd,
  permissionToDrop,
  withoutSite,
  withSite,
} from '../../../../lib/core/settings/extra-sites';
import type { Settings } from '../../../../lib/core/settings/schema';

const custom: Settings = {
  ...DEFAULT_SETTINGS,
  exchange: {
    name: 'Acme',
    apiUrl: 'https://acme.example:8443',
    wsUrl: 'https://ws.acme.example',
    siteMarketPattern: 'https://site.acme.example/markets/:slug',
  },
  // Onboarding records the exchange's own site here too.
  extraSiteOrigins: ['https://site.acme.example', 'https://mirror.example'],
};

describe('checkSiteOrigin', () => {
  it('takes an https origin, with or without the trailing slash', () => {
    expect(checkSiteOrigin(' https://other.example/ ', custom)).toEqual({
      ok: true,
      origin: 'https://other.example',
    });
    expect(checkSiteOrigin('https://other.example:8443', custom)).toEqual({
      ok: true,
      origin: 'https://other.example:8443',
    });
    expect(checkSiteOrigin('http://localhost:5000', custom)).toEqual({
      ok: true,
      origin: 'http://localhost:5000',
    });
  });

  it.each([
    ['', "Enter the site's address, like https://site.example."],
    ['other.example', '“other.example” is not a web address: write it like https://site.example.'],
    [
      'ftp://other.example',
      "The site's address must start with https://, like https://site.example.",
    ],
    [
      'http://other.example',
      'Use https:// for this site: plain http:// is only allowed for 127.0.0.1 and localhost.',
    ],
    [
      'https://other.example/markets/x',
      "Enter the site's origin only, like https://site.example, without a path: its market pages are found with the exchange's pattern.",
    ],
    [
      'https://other.example/?q=1',
      "Enter the site's origin only, like https://site.example, without a path: its market pages are found with the exchange's pattern.",
    ],
    ['https://site.acme.example', "This is the exchange's own site: the panel already runs there."],
    ['https://mirror.example/', 'This site is already in the list.'],
  ])('refuses %j in one sentence', (text, message) => {
    expect(checkSiteOrigin(text, custom)).toEqual({ ok: false, message });
  });
});

describe('added sites and their permissions', () => {
  it('lists the added sites apart from the exchange’s own', () => {
    expect(addedSites(custom)).toEqual(['https://mirror.example']);
  });

  it('asks for exactly the site’s host, and nothing the manifest grants', () => {
    expect(permissionToAdd('https://other.example:8443')).toBe('https://other.example/*');
    expect(permissionToAdd('http://127.0.0.1:5000')).toBeNull();
  });

  it('gives a removed site’s access back unless the exchange or another site needs that host', () => {
    expect(permissionToDrop(custom, 'https://mirror.example')).toBe('https://mirror.example/*');
    // The API lives on acme.example (another port): permissions ignore ports.
    const sameHost = withSite(custom, 'https://acme.example');
    expect(permissionToDrop(sameHost, 'https://acme.example')).toBeNull();
    const twoPorts = withSite(custom, 'https://mirror.example:8443');
    expect(permissionToDrop(twoPorts, 'https://mirror.example')).toBeNull();
    expect(permissionToDrop(custom, 'http://localhost:5000')).toBeNull();
  });

  it('adds once, and removes the site with its on/off switch', () => {
    const added = withSite(custom, 'https://other.example');
    expect(added.extraSiteOrigins).toEqual([...custom.extraSiteOrigins, 'https://other.example']);
    expect(withSite(added, 'https://other.example')).toBe(added);
    const off = { ...added, panel: { ...added.panel, disabledOrigins: ['https://other.example'] } };
    const removed = withoutSite(off, 'https://other.example');
    expect(removed.extraSiteOrigins).toEqual(custom.extraSiteOrigins);
    expect(removed.panel.disabledOrigins).toEqual([]);
  });
});
