import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/*
 * The popup's images come from the server's data: the feed's profile pictures, market and
 * group images, and the thumbnails of positions and orders. A URL of any other origin
 * would let whoever wrote it learn when and where the popup is opened (and a plain-http
 * one would be mixed content), so only images served by the exchange itself, its API or
 * its site, are loaded; the others show the placeholder.
 */

/** The origins the popup's images may come from (the popup provides them, and FeedScreen). */
export const ImageOrigins = createContext<readonly string[]>([]);

/** `url` when it is an http(s) URL of one of `origins`, else null. */
export function exchangeImage(url: string | null, origins: readonly string[]): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return origins.includes(parsed.origin) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The origins of an exchange's API and market site (a pattern such as `https://site/markets/:slug`). */
export function imageOriginsOf(urls: readonly string[]): string[] {
  const origins: string[] = [];
  for (const url of urls) {
    try {
      origins.push(new URL(url.replace(':slug', 'x')).origin);
    } catch {
      // A malformed setting contributes no origin.
    }
  }
  return origins;
}

export const useExchangeImage = (url: string | null): string | null =>
  exchangeImage(url, useContext(ImageOrigins));
