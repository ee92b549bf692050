/**
 * `setTimeout` for code that a browser event can call while its page is being torn down. A
 * port's message or disconnect can still be delivered to a content script then, and
 * Firefox throws NS_ERROR_NOT_INITIALIZED from `setTimeout` on a window that has lost its
 * document; the error would reach the console, while there is nothing left to run for a
 * page that is gone. Returns null then.
 */
export function timerUnlessGone(run: () => void, ms: number): ReturnType<typeof setTimeout> | null {
  try {
    return setTimeout(run, ms);
  } catch {
    return null;
  }
}

/** `ms` from now, as a promise; at once when the page is gone and takes no timer. */
export function pageDelay(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (timerUnlessGone(resolve, ms) === null) resolve();
  });
}
