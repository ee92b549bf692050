import { boundedMemo } from '../core/bounded-memo';
import { PANEL_FRAME_PATH } from './names';
import type { SenderKind, SenderRole } from './panel-protocol';
import type { PanelSender } from './panel-sender';

/** The parts of `runtime.MessageSender` / `Port.sender` that the checks read. */
export interface SenderInfo {
  id?: string;
  url?: string;
  origin?: string;
  frameId?: number;
  tab?: { id?: number; url?: string };
}

export interface SenderPolicy {
  extensionId: string;
  /** `chrome-extension://<id>` (or `moz-extension://<uuid>`), without a trailing slash. */
  extensionOrigin: string;
  /** Whether an origin is one of the configured exchange sites. */
  isSiteOrigin(origin: string): boolean;
  /** Who the `panel` role is in this build (`PANEL_SENDER`). */
  panelSender: PanelSender;
}

export type SenderVerdict =
  | { kind: 'page' }
  /**
   * `url` is the page's current URL: the tab's, which follows `history.pushState`. Chromium's
   * `sender.url` keeps the URL the document was loaded with (seen in the end-to-end tests).
   */
  | { kind: 'content'; tabId: number; origin: string; url: string }
  /** The panel's frame speaks for its tab's page: `origin` and `url` are that page's. */
  | { kind: 'panel-frame'; tabId: number; origin: string; url: string }
  | { kind: 'refused'; reason: string };

interface ParsedUrl {
  origin: string | null;
  path: string | null;
}

function parseUrl(url: string): ParsedUrl {
  try {
    const u = new URL(url);
    // Extension origins report "null" through URL.origin in some engines: rebuild them.
    return {
      origin: u.origin !== 'null' ? u.origin : `${u.protocol}//${u.host}`,
      path: u.pathname,
    };
  } catch {
    return { origin: null, path: null };
  }
}

/**
 * URLs as parsed, for the few strings senders repeat (the panel frame's, its tab's, the
 * popup's). Every message is checked, and in a worker that checks a few a minute, mostly
 * cold, `new URL` was most of the check (0.2–0.3 ms of a click's way to the wire).
 */
const parsedUrl = boundedMemo(32, parseUrl);

/** A URL's path, or null when there is none or it does not parse. */
export const pathOf = (url: string | undefined): string | null =>
  url ? parsedUrl(url).path : null;

const originOf = (url: string | undefined): string | null => (url ? parsedUrl(url).origin : null);

/**
 * Tells an extension page from our content script from anything else. Pages: our id and
 * our origin, either without a tab (popup) or as the top-level document of a tab (options
 * page opened in a tab). Content scripts: our id, a tab, the top frame, and a page origin
 * that is a configured exchange site. Our panel's frame: our origin, its path, a sub-frame
 * of such a tab (`panelFrame`). Chromium fills in the origin, URL, frame and tab of a sender
 * in the browser process, so a page's process cannot pass for the panel's frame.
 */
export function classifySender(sender: SenderInfo, policy: SenderPolicy): SenderVerdict {
  if (sender.id !== policy.extensionId)
    return { kind: 'refused', reason: 'not sent by this extension' };
  const origin = sender.origin && sender.origin !== 'null' ? sender.origin : originOf(sender.url);
  if (!origin) return { kind: 'refused', reason: 'sender has no origin' };

  if (origin === policy.extensionOrigin) {
    if (!sender.tab) return { kind: 'page' };
    const framed = panelFrame(sender, policy);
    if (framed) return framed;
    // An extension page in a tab must be that tab's top-level document, never a frame in a web page.
    if (sender.frameId === 0 && originOf(sender.tab.url) === policy.extensionOrigin)
      return { kind: 'page' };
    return { kind: 'refused', reason: 'extension page embedded in another document' };
  }

  if (!sender.tab || sender.tab.id === undefined)
    return { kind: 'refused', reason: 'not from a tab' };
  if (sender.frameId !== 0) return { kind: 'refused', reason: 'not from the top frame' };
  if (!policy.isSiteOrigin(origin))
    return { kind: 'refused', reason: `origin ${origin} is not a configured exchange site` };
  // The tab's URL (top frame, same origin) is where a single-page site is now; fall back on
  // the sender's when the tab's is not visible to us.
  const current =
    sender.tab.url && originOf(sender.tab.url) === origin ? sender.tab.url : sender.url;
  return { kind: 'content', tabId: sender.tab.id, origin, url: current ?? '' };
}

/**
 * Our page panel framed in a tab of an exchange site (Chromium): it speaks for that tab's
 * page, with the page's URL for the market checks.
 */
function panelFrame(sender: SenderInfo, policy: SenderPolicy): SenderVerdict | null {
  const tab = sender.tab;
  if (!tab || tab.id === undefined) return null;
  if (sender.frameId === undefined || sender.frameId === 0) return null;
  if (pathOf(sender.url) !== PANEL_FRAME_PATH) return null;
  const pageOrigin = originOf(tab.url);
  if (!pageOrigin || !policy.isSiteOrigin(pageOrigin)) return null;
  return { kind: 'panel-frame', tabId: tab.id, origin: pageOrigin, url: tab.url ?? '' };
}

/** The sender kinds a message's roles name under this policy (`panel`: this build's panel). */
export const kindsOf = (roles: readonly SenderRole[], policy: SenderPolicy): SenderKind[] =>
  roles.map((role) => (role === 'panel' ? policy.panelSender : role));

export const senderAllowed = (
  verdict: SenderVerdict,
  roles: readonly SenderRole[],
  policy: SenderPolicy,
): boolean => verdict.kind !== 'refused' && kindsOf(roles, policy).includes(verdict.kind);

/** Whether a sender is the page panel of this build (or an extension page). */
export const isPanelOrPage = (verdict: SenderVerdict, policy: SenderPolicy): boolean =>
  verdict.kind === 'page' || verdict.kind === policy.panelSender;
