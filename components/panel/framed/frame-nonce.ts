/*
 * How the panel's frame and the loader that made it know each other, with nothing posted to
 * the page's window: the loader puts a fresh nonce in the frame URL's fragment (the page
 * cannot read the src of a frame in a closed shadow root, nor a cross-origin frame's
 * location), and the frame shows it on the port it opens to the loader (`tabs.connect`).
 */

/** A fresh nonce for one frame the loader makes. */
export const newFrameNonce = (): string => crypto.randomUUID();

/** The frame's URL, carrying its nonce. */
export const frameSrc = (pageUrl: string, nonce: string): string => `${pageUrl}#${nonce}`;

/** The nonce the frame was made with (in its own URL), or null. */
export function frameNonce(hash: string): string | null {
  const nonce = hash.startsWith('#') ? hash.slice(1) : hash;
  return /^[0-9a-f-]{36}$/.test(nonce) ? nonce : null;
}
