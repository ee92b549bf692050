import { isLoopback } from '../api/exchange';
import { grantedByManifest } from '../site/host-permissions';
import { originMatchPattern, parseSitePattern } from '../site/pattern';
import type { Settings } from './schema';

/*
 * Other sites the page panel runs on (a mirror of the exchange's site, a staging copy):
 * their market pages have the same path as the exchange's own pattern, on another origin.
 */

type SiteSettings = Pick<Settings, 'exchange' | 'extraSiteOrigins' | 'panel'>;
export type SiteCheck = { ok: true; origin: string } | { ok: false; message: string };

const EXAMPLE = 'https://site.example';

const siteOf = (settings: Pick<Settings, 'exchange'>): string | null =>
  parseSitePattern(settings.exchange.siteMarketPattern)?.origin ?? null;

/** The sites the user added (the exchange's own site is listed apart, even when recorded here). */
export function addedSites(settings: Pick<Settings, 'exchange' | 'extraSiteOrigins'>): string[] {
  const own = siteOf(settings);
  return settings.extraSiteOrigins.filter((o) => o !== own);
}

/** What the user typed, as an origin the panel can run on, or why not in one sentence. */
export function checkSiteOrigin(
  text: string,
  settings: Pick<Settings, 'exchange' | 'extraSiteOrigins'>,
): SiteCheck {
  const typed = text.trim();
  if (typed === '') return { ok: false, message: `Enter the site's address, like ${EXAMPLE}.` };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, message: `“${typed}” is not a web address: write it like ${EXAMPLE}.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `The site's address must start with https://, like ${EXAMPLE}.` };
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return {
      ok: false,
      message:
        'Use https:// for this site: plain http:// is only allowed for 127.0.0.1 and localhost.',
    };
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) {
    return {
      ok: false,
      message: `Enter the site's origin only, like ${EXAMPLE}, without a path: its market pages are found with the exchange's pattern.`,
    };
  }
  const origin = url.origin;
  if (origin === siteOf(settings)) {
    return { ok: false, message: "This is the exchange's own site: the panel already runs there." };
  }
  if (settings.extraSiteOrigins.includes(origin)) {
    return { ok: false, message: 'This site is already in the list.' };
  }
  return { ok: true, origin };
}

/** The host permission to ask for before adding a site (null: the manifest grants it). */
export const permissionToAdd = (origin: string): string | null =>
  grantedByManifest(origin) ? null : originMatchPattern(origin);

/**
 * The host permission to give back when a site is removed, or null when something else
 * still needs it: the exchange's API, socket or site on the same host (permissions ignore
 * ports), another added site on that host, or the manifest.
 */
export function permissionToDrop(settings: SiteSettings, origin: string): string | null {
  if (grantedByManifest(origin)) return null;
  const pattern = originMatchPattern(origin);
  const stillNeeded = [
    settings.exchange.apiUrl,
    settings.exchange.wsUrl,
    siteOf(settings),
    ...settings.extraSiteOrigins.filter((o) => o !== origin),
  ];
  for (const other of stillNeeded) {
    try {
      if (other && originMatchPattern(new URL(other).origin) === pattern) return null;
    } catch {
      // An address that does not parse needs no permission.
    }
  }
  return pattern;
}

export const withSite = <S extends SiteSettings>(settings: S, origin: string): S =>
  settings.extraSiteOrigins.includes(origin)
    ? settings
    : { ...settings, extraSiteOrigins: [...settings.extraSiteOrigins, origin] };

/** Without the site, and without its on/off switch (a removed site is not "switched off"). */
export const withoutSite = <S extends SiteSettings>(settings: S, origin: string): S => ({
  ...settings,
  extraSiteOrigins: settings.extraSiteOrigins.filter((o) => o !== origin),
  panel: {
    ...settings.panel,
    disabledOrigins: settings.panel.disabledOrigins.filter((o) => o !== origin),
  },
});
