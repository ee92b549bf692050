import { marketSlugForUrl } from '../../lib/core/site/market-pages';
import type { SitePattern } from '../../lib/core/site/pattern';

/** A link on the page to a market page, and that market. */
export interface MarketLink {
  element: HTMLAnchorElement;
  slug: string;
}

/** Distinct hrefs remembered; a page with more is an unusual page, re-parsed as it goes. */
const CACHE_LIMIT = 2_000;

/**
 * Which market a link's URL opens, by the same patterns that decide where the panel goes
 * (an extra site the user granted included). Pages repeat their hrefs frame after frame, so
 * each is parsed once.
 */
export function marketLinkFinder(patterns: readonly SitePattern[]) {
  const known = new Map<string, string | null>();
  const slugOf = (href: string): string | null => {
    let slug = known.get(href);
    if (slug === undefined) {
      slug = marketSlugForUrl(patterns, href);
      if (known.size >= CACHE_LIMIT) known.clear();
      known.set(href, slug);
    }
    return slug;
  };
  return {
    slugOf,
    /** Every link in `root` to one of `slugs` (resolved hrefs: relative links count). */
    find(root: ParentNode, slugs: ReadonlySet<string>): MarketLink[] {
      const out: MarketLink[] = [];
      for (const element of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
        const slug = slugOf(element.href);
        if (slug !== null && slugs.has(slug)) out.push({ element, slug });
      }
      return out;
    },
  };
}
