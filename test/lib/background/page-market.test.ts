import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackgroundApp } from '../../../lib/background/app';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import { mergeSettings } from '../../../lib/core/settings/merge';
import type { Settings } from '../../../lib/core/settings/schema';
import { fakePlatform } from './fake-platform';

function appWith(change: Partial<Settings>): BackgroundApp {
  const settings = mergeSettings({ ...DEFAULT_SETTINGS, ...change });
  return new BackgroundApp({
    platform: fakePlatform(),
    settings: { get: () => settings, update: async () => undefined, watch: () => undefined },
  });
}

beforeEach(() => fakeBrowser.reset());

describe('BackgroundApp.pageMarket: which market a page shows', () => {
  const app = () =>
    appWith({
      exchange: {
        ...DEFAULT_SETTINGS.exchange,
        siteMarketPattern: 'https://site.example/markets/:slug',
      },
      extraSiteOrigins: ['https://mirror.example'],
    });

  it('reads the slug of a market page on the configured site', () => {
    expect(app().pageMarket('https://site.example/markets/btc-100k')).toBe('btc-100k');
    expect(app().pageMarket('https://site.example/markets/btc-100k?tab=book#x')).toBe('btc-100k');
  });

  it('reads the same layout on a granted extra site origin', () => {
    expect(app().pageMarket('https://mirror.example/markets/btc-100k')).toBe('btc-100k');
  });

  it('is null off market pages, on other origins, and for a slug that merely starts alike', () => {
    expect(app().pageMarket('https://site.example/')).toBeNull();
    expect(app().pageMarket('https://site.example/portfolio/btc-100k')).toBeNull();
    expect(app().pageMarket('https://evil.example/markets/btc-100k')).toBeNull();
    expect(app().pageMarket('https://mirror.example/other/markets/btc-100k')).toBeNull();
    expect(app().pageMarket('not a url')).toBeNull();
    expect(app().pageMarket('https://site.example/markets/btc-100k-extra')).toBe('btc-100k-extra');
    expect(app().pageMarket('https://site.example/markets/btc-100k-extra')).not.toBe('btc-100k');
  });
});

describe('the site patterns, parsed once per configuration', () => {
  it('follow a change of the configured site and of the extra origins at once', () => {
    const site = (pattern: string, extra: string[]) =>
      appWith({
        exchange: { ...DEFAULT_SETTINGS.exchange, siteMarketPattern: pattern },
        extraSiteOrigins: extra,
      });
    const first = site('https://site.example/markets/:slug', []);
    expect(first.pageMarket('https://site.example/markets/a')).toBe('a');
    expect(first.senderPolicy().isSiteOrigin('https://mirror.example')).toBe(false);

    const moved = site('https://other.example/m/:slug', ['https://mirror.example']);
    expect(moved.pageMarket('https://site.example/markets/a')).toBeNull();
    expect(moved.pageMarket('https://other.example/m/a')).toBe('a');
    expect(moved.pageMarket('https://mirror.example/m/a')).toBe('a');
    expect(moved.senderPolicy().isSiteOrigin('https://mirror.example')).toBe(true);
    expect(moved.senderPolicy().isSiteOrigin('https://site.example')).toBe(false);

    // Back to the first configuration: nothing of the second one lingers.
    expect(first.pageMarket('https://other.example/m/a')).toBeNull();
    expect(first.senderPolicy().isSiteOrigin('https://other.example')).toBe(false);
  });
});
