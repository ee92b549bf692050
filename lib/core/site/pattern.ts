/**
 * The exchange site's market pages, described by a pattern such as
 * `https://site.example/markets/:slug`.
 */
export interface SitePattern {
  origin: string;
  /** Path before and after `:slug`. */
  prefix: string;
  suffix: string;
}

const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,199}$/;

export function parseSitePattern(pattern: string): SitePattern | null {
  let url: URL;
  try {
    url = new URL(pattern.replaceAll(':slug', '__slug__'));
  } catch {
    return null;
  }
  const [prefix, suffix, ...rest] = url.pathname.split('__slug__');
  if (prefix === undefined || suffix === undefined || rest.length > 0) return null;
  return { origin: url.origin, prefix, suffix: suffix.replace(/\/+$/, '') };
}

/** The market slug of a page URL, or null when it is not a market page of this site. */
export function slugFromUrl(pattern: SitePattern, pageUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.origin !== pattern.origin) return null;
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.startsWith(pattern.prefix) || !path.endsWith(pattern.suffix)) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(
      path.slice(pattern.prefix.length, path.length - pattern.suffix.length),
    );
  } catch {
    // A malformed escape (`%E0%A4%A`) is no slug: never let it throw into a caller.
    return null;
  }
  return SLUG_RE.test(slug) ? slug : null;
}

export const marketPageUrl = (pattern: SitePattern, slug: string): string =>
  `${pattern.origin}${pattern.prefix}${encodeURIComponent(slug)}${pattern.suffix}`;

/** Match pattern for host permissions and content-script registration (ports are not part of it). */
export function originMatchPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}
