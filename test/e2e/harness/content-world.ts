import type { Page } from 'playwright-core';
import { eventually } from '../../wait';

interface ContextDescription {
  id: number;
  origin: string;
  name: string;
  auxData?: { isDefault?: boolean; type?: string; frameId?: string };
}

interface EvaluateAnswer {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/**
 * Runs `fn(arg)` in the extension's isolated world in the top frame of `page`: the
 * JavaScript world the extension's content script runs in, with its `chrome.runtime`.
 * Found through DevTools (`Runtime.executionContextCreated`), so it needs the content
 * script to have run on that page.
 */
export async function evaluateInContentScript<R, A>(
  page: Page,
  extensionId: string,
  fn: (arg: A) => R | Promise<R>,
  arg?: A,
  timeoutMs = 10_000,
): Promise<R> {
  const session = await page.context().newCDPSession(page);
  try {
    const contexts: ContextDescription[] = [];
    session.on('Runtime.executionContextCreated', ({ context }) => {
      contexts.push(context as ContextDescription);
    });
    const { frameTree } = await session.send('Page.getFrameTree');
    const topFrameId = frameTree.frame.id;
    await session.send('Runtime.enable');
    const origin = `chrome-extension://${extensionId}`;
    const world = await eventually(
      () =>
        contexts.find(
          (c) =>
            c.auxData?.frameId === topFrameId &&
            c.auxData?.isDefault === false &&
            c.origin === origin,
        ),
      {
        timeoutMs,
        intervalMs: 50,
        what: `an isolated world of extension ${extensionId} in ${page.url()} (did its content script run?)`,
      },
    );
    const answer = (await session.send('Runtime.evaluate', {
      expression: `(${fn.toString()})(${JSON.stringify(arg ?? null)})`,
      contextId: world.id,
      awaitPromise: true,
      returnByValue: true,
    })) as EvaluateAnswer;
    if (answer.exceptionDetails) {
      throw new Error(
        `in the content script's world: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`,
      );
    }
    return answer.result.value as R;
  } finally {
    await session.detach().catch(() => undefined);
  }
}
