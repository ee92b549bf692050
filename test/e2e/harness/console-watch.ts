import type { BrowserContext, ConsoleMessage } from 'playwright-core';

/** One console error of the extension, or a CSP report, seen in Chromium. */
export interface ConsoleProblem {
  where: string;
  text: string;
}

/**
 * Collects what the extension logs as errors, and every CSP report, across the browser
 * context: its pages (popup, options), the content script's messages in the market pages
 * it runs in, and the service worker. A test file checks it stays empty (`useHarness`
 * does, after its tests). Messages of the sandbox's own site scripts are not ours.
 */
export class ConsoleWatch {
  private readonly seen: ConsoleProblem[] = [];

  constructor(context: BrowserContext, extensionId: string) {
    const origin = `chrome-extension://${extensionId}`;
    // An extension page's own messages, the content script's in any page (by its source),
    // and the service worker's.
    const ours = (message: ConsoleMessage, fromWorker: boolean) =>
      fromWorker ||
      message.location().url.startsWith(origin) ||
      (message.page()?.url() ?? '').startsWith(origin) ||
      message.text().includes(origin);
    const csp = (text: string) => /Content Security Policy|Content-Security-Policy/i.test(text);
    const record = (fromWorker: boolean) => (message: ConsoleMessage) => {
      const text = message.text();
      if ((message.type() === 'error' && ours(message, fromWorker)) || csp(text)) {
        const where = message.location().url || message.page()?.url() || 'the service worker';
        this.seen.push({ where, text });
      }
    };
    context.on('console', record(false));
    // The service worker's own console (a stopped worker comes back as a new Worker).
    for (const worker of context.serviceWorkers()) worker.on('console', record(true));
    context.on('serviceworker', (worker) => worker.on('console', record(true)));
    context.on('weberror', (error) => {
      const page = error.page()?.url() ?? '';
      const stack = error.error().stack ?? '';
      if (page.startsWith(origin) || stack.includes(origin)) {
        this.seen.push({ where: page, text: error.error().message });
      }
    });
  }

  problems(): ConsoleProblem[] {
    return [...this.seen];
  }
}
