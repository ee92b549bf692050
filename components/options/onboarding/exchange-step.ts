import { ExchangeProfile } from '../../../lib/core/api/exchange';
import { SANDBOX_EXCHANGE } from '../../../lib/core/settings/page-defaults';
import { grantedByManifest, originOf } from '../../../lib/core/site/host-permissions';
import { originMatchPattern, parseSitePattern } from '../../../lib/core/site/pattern';
import { type Checked, type FieldIssues, fieldIssues } from '../../common/field-issues';

export type ExchangeKind = 'sandbox' | 'custom';
export type ExchangeField = 'name' | 'apiUrl' | 'wsUrl' | 'siteMarketPattern';

/** What the exchange form holds while the user types. */
export interface ExchangeDraft {
  kind: ExchangeKind;
  name: string;
  apiUrl: string;
  wsUrl: string;
  siteMarketPattern: string;
}

export function sandboxDraft(): ExchangeDraft {
  return { kind: 'sandbox', ...SANDBOX_EXCHANGE };
}

export function customDraft(): ExchangeDraft {
  return { kind: 'custom', name: '', apiUrl: '', wsUrl: '', siteMarketPattern: '' };
}

/** The form's starting point: the exchange already in the settings. */
export function draftFromExchange(exchange: ExchangeProfile): ExchangeDraft {
  return { kind: exchange.name === SANDBOX_EXCHANGE.name ? 'sandbox' : 'custom', ...exchange };
}

/**
 * Checks the form with `ExchangeProfile` (full http(s) URLs, https away from loopback,
 * `:slug` in the pattern) and that the pattern has exactly one `:slug`, in its path.
 * The sandbox's name is fixed: its signing domain is `Sandbox CTF Exchange`.
 */
export function checkExchange(draft: ExchangeDraft): Checked<ExchangeProfile, ExchangeField> {
  const parsed = ExchangeProfile.safeParse({
    name: draft.kind === 'sandbox' ? SANDBOX_EXCHANGE.name : draft.name,
    apiUrl: draft.apiUrl,
    wsUrl: draft.wsUrl,
    siteMarketPattern: draft.siteMarketPattern,
  });
  if (!parsed.success) {
    const issues = fieldIssues<ExchangeField>(parsed.error);
    // The schema's URL hint names an API address; a pattern deserves its own example.
    if (issues.siteMarketPattern?.includes('must be a full URL')) {
      issues.siteMarketPattern =
        'The market page pattern must be a full URL, like https://site.example/markets/:slug.';
    }
    return { ok: false, issues };
  }
  const pattern = parsed.data.siteMarketPattern;
  if (pattern.split(':slug').length !== 2 || !parseSitePattern(pattern)) {
    return {
      ok: false,
      issues: {
        siteMarketPattern:
          'The market page pattern must have :slug exactly once, in its path, like https://site.example/markets/:slug.',
      },
    };
  }
  return { ok: true, value: parsed.data };
}

/** The origins the extension talks to or runs on for this exchange. */
export function exchangeOrigins(exchange: ExchangeProfile): {
  api: string;
  ws: string;
  site: string;
} {
  const site = parseSitePattern(exchange.siteMarketPattern);
  if (!site) throw new Error('the market page pattern was not checked');
  return { api: originOf(exchange.apiUrl), ws: originOf(exchange.wsUrl), site: site.origin };
}

/**
 * Host-permission patterns to ask for: exactly the exchange's origins, less those the
 * manifest grants already (loopback). Ports are not part of a match pattern.
 */
export function permissionPatterns(exchange: ExchangeProfile): string[] {
  const { api, ws, site } = exchangeOrigins(exchange);
  const patterns = [api, ws, site]
    .filter((origin) => !grantedByManifest(origin))
    .map(originMatchPattern);
  return [...new Set(patterns)];
}

/**
 * The site origin to record in `extraSiteOrigins` (the background then registers the
 * page panel there), or null when the manifest's content script already covers it.
 */
export function extraSiteOrigin(exchange: ExchangeProfile): string | null {
  const { site } = exchangeOrigins(exchange);
  return grantedByManifest(site) ? null : site;
}

export const withOrigin = (origins: readonly string[], origin: string | null): string[] =>
  origin === null || origins.includes(origin) ? [...origins] : [...origins, origin];

export type ExchangeIssues = FieldIssues<ExchangeField>;
