/**
 * What a hostile page does to the panel, as functions run in the page's main world
 * (`page.evaluate(fn)`), shared by the Chromium and the Firefox suites.
 */

/** Hides the panel's host with a page style sheet and an inline style; returns what stuck. */
export const restyleHostAway = (): { display: string; opacity: string } => {
  const host = document.querySelector('[data-market-companion="panel"]') as HTMLElement;
  const sheet = document.createElement('style');
  sheet.textContent =
    '[data-market-companion] { display: none !important; opacity: 0 !important; }';
  document.head.append(sheet);
  host.style.setProperty('opacity', '0', 'important');
  const computed = getComputedStyle(host);
  return { display: computed.display, opacity: computed.opacity };
};
