import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';

type RunningStatus = 'stopped' | 'starting' | 'running' | 'stopping';

interface VersionInfo {
  versionId: string;
  scriptURL: string;
  runningStatus: RunningStatus;
}

const LIFE_MARK = '__mcHarnessLife';
/** Status changes kept for the error of a wait that timed out. */
const HISTORY = 12;
/** How often a long wait asks DevTools for the statuses again. */
const RESYNC_MS = 3_000;

/** `promise`, or a rejection saying `what` had no answer within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Watches and stops the extension's service worker through Chromium's DevTools
 * protocol (the `ServiceWorker` domain, on a CDP session of a harness-owned tab).
 *
 * Why not the Playwright `Worker` alone: Chromium reuses the worker's DevTools target
 * when it restarts it, so Playwright never reports a stop or a new worker; its
 * `evaluate` hangs while the worker is stopped and reaches the new instance once it
 * runs again. This class knows the real running status and waits for it.
 */
export class WorkerControl {
  private readonly versions = new Map<string, VersionInfo>();
  private readonly waiters = new Set<() => void>();
  /** The worker's last status changes as DevTools reported them, with their time. */
  private readonly history: string[] = [];

  private constructor(
    private readonly session: CDPSession,
    private readonly page: Page,
    private readonly worker: Worker,
    private readonly scriptPrefix: string,
  ) {}

  static async attach(
    context: BrowserContext,
    extensionId: string,
    worker: Worker,
  ): Promise<WorkerControl> {
    // Not a blank tab: Chrome reuses a blank tab for `runtime.openOptionsPage()`.
    const page = await context.newPage();
    await page.goto('data:text/html,<title>harness: service worker control</title>');
    const session = await context.newCDPSession(page);
    const control = new WorkerControl(session, page, worker, `chrome-extension://${extensionId}/`);
    session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (!v.scriptURL.startsWith(control.scriptPrefix)) continue;
        if (control.versions.get(v.versionId)?.runningStatus !== v.runningStatus) {
          control.history.push(`${new Date().toISOString()} ${v.versionId} ${v.runningStatus}`);
          control.history.splice(0, control.history.length - HISTORY);
        }
        control.versions.set(v.versionId, {
          versionId: v.versionId,
          scriptURL: v.scriptURL,
          runningStatus: v.runningStatus,
        });
      }
      for (const wake of [...control.waiters]) wake();
    });
    await session.send('ServiceWorker.enable');
    return control;
  }

  /** The running status of the extension's newest worker version (null until reported). */
  get status(): RunningStatus | null {
    const all = [...this.versions.values()];
    return all.at(-1)?.runningStatus ?? null;
  }

  /**
   * Asks DevTools for every version's status afresh (`enable` after `disable` reports them
   * all again): a wait that finds nothing new for a while checks that it did not miss the
   * change it waits for.
   */
  private async resync(): Promise<void> {
    await this.session.send('ServiceWorker.disable');
    await this.session.send('ServiceWorker.enable');
  }

  private async until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (check()) return;
    let waiter: (() => void) | null = null;
    const resyncs = setInterval(() => {
      this.resync().catch(() => undefined);
    }, RESYNC_MS);
    try {
      await within(
        new Promise<void>((resolve) => {
          const wake = () => {
            if (!check()) return;
            this.waiters.delete(wake);
            resolve();
          };
          waiter = wake;
          this.waiters.add(wake);
        }),
        timeoutMs,
        what,
      );
    } catch (error) {
      if (waiter) this.waiters.delete(waiter);
      // What DevTools last said tells a worker that never started from one that never stopped.
      throw new Error(
        `${(error as Error).message}; the worker's last status changes: ${this.history.join(', ') || 'none'}`,
      );
    } finally {
      clearInterval(resyncs);
    }
  }

  /**
   * Stops the worker the way Chrome does when it is idle (all its state in memory is
   * lost) and returns once DevTools reports it stopped. A life mark set in the old
   * instance lets `running()` prove that the next one is really new.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    await this.running(timeoutMs);
    await this.worker.evaluate((mark) => {
      (globalThis as Record<string, unknown>)[mark] = true;
    }, LIFE_MARK);
    const version = [...this.versions.values()].find((v) => v.runningStatus === 'running');
    if (!version) throw new Error('no running service worker of the extension to stop');
    await this.session.send('ServiceWorker.stopWorker', { versionId: version.versionId });
    await this.until(
      () => this.versions.get(version.versionId)?.runningStatus === 'stopped',
      timeoutMs,
      'stopping the service worker',
    );
  }

  /**
   * Waits until the worker runs (something woke it: a message, a port, an alarm) and
   * returns the Playwright handle to evaluate in it.
   */
  async running(timeoutMs = 15_000): Promise<Worker> {
    await this.until(() => this.status === 'running', timeoutMs, 'waiting for the service worker');
    return this.worker;
  }

  /** Whether the running instance was started after the last `stop()` (no life mark). */
  async isFreshInstance(timeoutMs = 15_000): Promise<boolean> {
    const worker = await this.running(timeoutMs);
    return within(
      worker.evaluate((mark) => (globalThis as Record<string, unknown>)[mark] !== true, LIFE_MARK),
      timeoutMs,
      'reading the worker',
    );
  }

  async close(): Promise<void> {
    await this.session.detach().catch(() => undefined);
    await this.page.close().catch(() => undefined);
  }
}
