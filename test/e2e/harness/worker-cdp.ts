import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { eventually } from '../../wait';

export interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

interface Answer {
  id?: number;
  result?: unknown;
  error?: { message: string };
  method?: string;
  params?: unknown;
}

/**
 * DevTools on the extension's service worker. Playwright opens CDP sessions on pages
 * only and a persistent context has no browser session, so this attaches to the worker's
 * target from a page's session (`Target.attachToTarget`, not flattened) and talks to it
 * through `Target.sendMessageToTarget`.
 */
export class WorkerCdp {
  private nextId = 1;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private readonly listeners = new Map<string, ((params: unknown) => void)[]>();

  private constructor(
    private readonly page: Page,
    private readonly session: CDPSession,
    private readonly sessionId: string,
  ) {
    session.on('Target.receivedMessageFromTarget', (event) => {
      if (event.sessionId !== this.sessionId) return;
      const answer = JSON.parse(event.message) as Answer;
      if (answer.id === undefined) {
        for (const listener of this.listeners.get(answer.method ?? '') ?? [])
          listener(answer.params);
        return;
      }
      this.pending.get(answer.id)?.(answer);
      this.pending.delete(answer.id);
    });
  }

  static attach(context: BrowserContext, extensionId: string): Promise<WorkerCdp> {
    return WorkerCdp.attachTo(
      context,
      (t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`),
      'no service worker target of the extension',
    );
  }

  /**
   * Any target the page sessions cannot reach, the first that `match` picks (waited for
   * while it starts): the worker, or Chromium's side panel, which Playwright lists as no page.
   */
  static async attachTo(
    context: BrowserContext,
    match: (target: TargetInfo) => boolean,
    missing: string,
  ): Promise<WorkerCdp> {
    const page = await context.newPage();
    await page.goto('data:text/html,<title>harness: worker DevTools</title>');
    const session = await context.newCDPSession(page);
    // A worker that is starting (or being restarted) shows up as a target a moment later.
    const target = await eventually(
      async () => {
        const { targetInfos } = (await session.send('Target.getTargets')) as {
          targetInfos: TargetInfo[];
        };
        return targetInfos.find(match);
      },
      { what: missing },
    ).catch(async (error: unknown) => {
      await session.detach().catch(() => undefined);
      await page.close().catch(() => undefined);
      throw error;
    });
    const { sessionId } = (await session.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    })) as { sessionId: string };
    return new WorkerCdp(page, session, sessionId);
  }

  async send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    const answer = new Promise<Answer>((resolve) => this.pending.set(id, resolve));
    await this.session.send('Target.sendMessageToTarget', {
      sessionId: this.sessionId,
      message: JSON.stringify({ id, method, params }),
    });
    const { result, error } = await answer;
    if (error) throw new Error(`${method}: ${error.message}`);
    return result as T;
  }

  /** Listens to a DevTools event of the worker (enable its domain with `send`). */
  on<T>(method: string, listener: (params: T) => void): void {
    const list = this.listeners.get(method) ?? [];
    list.push(listener as (params: unknown) => void);
    this.listeners.set(method, list);
  }

  /** Used and total bytes of the worker's JavaScript heap. */
  heap(): Promise<{ usedSize: number; totalSize: number }> {
    return this.send('Runtime.getHeapUsage');
  }

  async close(): Promise<void> {
    await this.session.detach().catch(() => undefined);
    await this.page.close().catch(() => undefined);
  }
}
