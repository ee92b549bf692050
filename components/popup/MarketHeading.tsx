import type { ComponentChildren } from 'preact';
import { initialsOf } from '../common/initials';
import { lazyImage } from '../common/lazy-image';
import { useExchangeImage } from './images';
import { marketUrl } from './links';
import { useServices } from './services';

/**
 * A market's image (only one the exchange serves, `images.ts`) and title; the title opens the market page on the exchange site
 * (plain text when the page cannot be named).
 */
export function MarketHeading({
  slug,
  title,
  imageUrl,
  sitePattern,
  level = 3,
  children,
}: {
  slug: string | null;
  title: string;
  imageUrl: string | null;
  sitePattern: string;
  level?: 2 | 3 | 4;
  children?: ComponentChildren;
}) {
  const { openTab } = useServices();
  const url = marketUrl(sitePattern, slug);
  const Heading = `h${level}` as 'h3';
  const image = useExchangeImage(imageUrl);
  return (
    <div class="market-heading">
      {image ? (
        lazyImage({ class: 'thumb', src: image, size: 28, fallback: initialsOf(title) })
      ) : (
        <span class="thumb thumb-empty" aria-hidden="true">
          {initialsOf(title)}
        </span>
      )}
      <div class="market-heading-text">
        <Heading class="market-title">
          {url ? (
            <a
              href={url}
              onClick={(event) => {
                event.preventDefault();
                openTab(url);
              }}
            >
              {title}
            </a>
          ) : (
            title
          )}
        </Heading>
        {children}
      </div>
    </div>
  );
}
