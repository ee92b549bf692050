/*
 * Apart from the early state (which brings the port store and its signals): the loader
 * that frames the panel on Chromium waits for the DOM too, and carries neither.
 */

/** The panel mounts into `body`, which a `document_start` script may not have yet. */
export function domReady(doc: Document = document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );
}
