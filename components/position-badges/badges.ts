import { browser } from 'wxt/browser';
import { marketPagePatterns } from '../../lib/core/site/market-pages';
import type { BadgeEntry } from '../../lib/protocol/badge-views';
import { PORTS } from '../../lib/protocol/names';
import type { PageSettings } from '../../lib/protocol/page-settings';
import { type BadgePort, openBadgeFeed } from './feed';
import { type FrameBatch, frameBatch } from './frame-batch';
import { marketLinkFinder } from './links';
import { createOverlay, type Overlay, type Placement } from './overlay';
import { textBoxesIn } from './page-text';
import { freeSpot, spotZone } from './spot';
import { type BadgeLine, linesByMarket } from './text';
import { linkSeen } from './visible';

export type BadgeSettings = Pick<PageSettings, 'exchange' | 'extraSiteOrigins' | 'badges'>;

export interface BadgeOptions {
  settings: BadgeSettings;
  /** The page's copy of the settings as it changes (the switch, the sites). */
  watchSettings?: (listener: (next: BadgeSettings) => void) => () => void;
  connect?: () => BadgePort;
  doc?: Document;
  /** The next animation frame (tests step it by hand). */
  frame?: (run: () => void) => number;
  cancelFrame?: (handle: number) => void;
  /** Whether the user can see a link (tests without a layout engine say so by hand). */
  seen?: (link: HTMLAnchorElement) => boolean;
}

const connectToBackground = (): BadgePort => browser.runtime.connect({ name: PORTS.badges });

/**
 * Position badges beside every link to a market held, on any page of the exchange's site.
 * Call once the DOM is ready; returns the stop. Off in the settings, it opens no port and
 * adds nothing to the page; on with nothing held, it only listens. With something held,
 * one overlay draws the badges over the page (its layout untouched) and one
 * `MutationObserver`, scrolls and resizes lay them out again, once per frame.
 */
export function startBadges(options: BadgeOptions): () => void {
  const doc = options.doc ?? document;
  const win = doc.defaultView ?? window;
  const seen = options.seen ?? ((link: HTMLAnchorElement) => linkSeen(link, doc));
  let settings = options.settings;
  let finder = marketLinkFinder(marketPagePatterns(settings));
  let held = new Map<string, BadgeLine[]>();
  let closeFeed: (() => void) | null = null;
  let drawing: { overlay: Overlay; batch: FrameBatch; stop: () => void } | null = null;

  const layout = () => {
    if (!drawing) return;
    const links = finder.find(doc, new Set(held.keys()));
    // Every box read before any badge moves: one layout per frame, not one per link.
    const { overlay } = drawing;
    const origin = overlay.origin();
    const viewport = { left: 0, top: 0, right: win.innerWidth, bottom: win.innerHeight };
    const placements: Placement[] = [];
    for (const link of links) {
      const box = link.element.getBoundingClientRect();
      const lines = held.get(link.slug);
      // Only beside a link the user sees in the viewport: a page cannot lend a held market's
      // badge to another link, and the overlay never holds a badge outside the screen.
      if (!lines || (box.width === 0 && box.height === 0) || !seen(link.element)) continue;
      placements.push({
        slug: link.slug,
        lines,
        // Never over the page's words: the line above a link may be a card's text (issue 31).
        place(size) {
          const text = textBoxesIn(doc, spotZone(box, size), overlay.owns);
          const spot = freeSpot(box, size, text, viewport);
          return spot && { right: spot.right - origin.x, middle: spot.middle - origin.y };
        },
      });
    }
    overlay.draw(placements);
  };

  const startDrawing = () => {
    if (drawing) return;
    const overlay = createOverlay(doc);
    const batch = frameBatch(layout, options.frame, options.cancelFrame);
    const schedule = () => batch.schedule();
    // Our own host going in is not the page changing (its removal is: it goes back in).
    const ours = (r: MutationRecord) =>
      r.type === 'childList' &&
      r.removedNodes.length === 0 &&
      [...r.addedNodes].every(overlay.owns);
    const observer = new MutationObserver((records) => {
      if (!records.every(ours)) schedule();
    });
    observer.observe(doc.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    win.addEventListener('resize', schedule, { passive: true });
    // Captured: a list scrolled inside its own box moves its links too.
    doc.addEventListener('scroll', schedule, { passive: true, capture: true });
    doc.addEventListener('load', schedule, { passive: true, capture: true });
    drawing = {
      overlay,
      batch,
      stop() {
        observer.disconnect();
        win.removeEventListener('resize', schedule);
        doc.removeEventListener('scroll', schedule, { capture: true });
        doc.removeEventListener('load', schedule, { capture: true });
        batch.cancel();
        overlay.remove();
      },
    };
    schedule();
  };

  const stopDrawing = () => {
    drawing?.stop();
    drawing = null;
  };

  const onEntries = (entries: readonly BadgeEntry[]) => {
    held = linesByMarket(entries);
    if (held.size === 0) stopDrawing();
    else if (drawing) drawing.batch.schedule();
    else startDrawing();
  };

  const apply = () => {
    const on = settings.badges.enabled;
    if (on && !closeFeed) {
      closeFeed = openBadgeFeed({
        connect: options.connect ?? connectToBackground,
        onEntries,
        visible: () => doc.visibilityState !== 'hidden',
        onVisible: (listener) => {
          const onChange = () => {
            if (doc.visibilityState !== 'hidden') listener();
          };
          doc.addEventListener('visibilitychange', onChange);
          return () => doc.removeEventListener('visibilitychange', onChange);
        },
      });
    } else if (!on && closeFeed) {
      closeFeed();
      closeFeed = null;
      held = new Map();
      stopDrawing();
    }
  };

  apply();
  const unwatch = options.watchSettings?.((next) => {
    settings = next;
    finder = marketLinkFinder(marketPagePatterns(settings));
    apply();
    drawing?.batch.schedule();
  });

  return () => {
    unwatch?.();
    closeFeed?.();
    closeFeed = null;
    stopDrawing();
  };
}
