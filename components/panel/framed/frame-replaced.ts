/** What the page is told in its corner when it navigated the panel's frame elsewhere. */
export const FRAME_REPLACED_NOTICE =
  'The trading panel was removed because this page tried to replace it; reload the page to bring it back.';

/** The notice's element, for the end-to-end tests to find. */
export const FRAME_REPLACED_ATTRIBUTE = 'data-market-companion-notice';

/**
 * Calls `replaced` when the frame loads a second document: the first load is the panel the
 * loader asked for, any other is a navigation the page made (through a handle on the
 * frame's window), which could put a page of its own (a fake passphrase form) where the
 * panel was. Only the loader holds the element (a closed shadow root).
 */
export function watchFrameLoads(frame: HTMLIFrameElement, replaced: () => void): void {
  let loads = 0;
  frame.addEventListener('load', () => {
    loads += 1;
    if (loads > 1) replaced();
  });
}

/** A short line in the page's corner saying the panel was removed and what to do. */
export function showReplacedNotice(): void {
  const host = document.createElement('aside');
  host.setAttribute(FRAME_REPLACED_ATTRIBUTE, 'frame-replaced');
  // Open: the line holds nothing secret, and the root only keeps the page's styles out.
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent =
    ':host{all:initial!important;position:fixed!important;right:16px!important;' +
    'bottom:16px!important;z-index:2147483647!important}' +
    'p{margin:0;max-width:320px;padding:10px 12px;border-radius:8px;background:#7f1d1d;' +
    'color:#fff;font:13px/1.4 system-ui,sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.3)}';
  const line = document.createElement('p');
  line.setAttribute('role', 'alert');
  line.textContent = FRAME_REPLACED_NOTICE;
  shadow.append(style, line);
  (document.body ?? document.documentElement).append(host);
}
