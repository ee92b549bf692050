import type { Page } from 'playwright-core';
import { PORTS } from '../../../lib/protocol/names';
import { type AppSnapshot, StatePortMessage } from '../../../lib/protocol/views';

/** How long the state port may take to answer a page that connects (a waking worker starts first). */
const SNAPSHOT_WAIT_MS = 15_000;

/**
 * The background's app state as the popup and options page read it: the first message of
 * a `state` port opened from the extension page `page`, checked against the protocol's
 * schema. The port is closed again at once (it sends no hello: no account activity).
 */
export async function readAppSnapshot(page: Page): Promise<AppSnapshot> {
  const raw = await page.evaluate(
    ({ name, waitMs }) =>
      new Promise<unknown>((resolve, reject) => {
        const { chrome } = globalThis as unknown as {
          chrome: {
            runtime: {
              connect(info: { name: string }): {
                onMessage: { addListener(f: (m: unknown) => void): void };
                onDisconnect: { addListener(f: () => void): void };
                disconnect(): void;
              };
            };
          };
        };
        const port = chrome.runtime.connect({ name });
        const timer = setTimeout(() => {
          port.disconnect();
          reject(new Error('the state port sent no snapshot'));
        }, waitMs);
        port.onMessage.addListener((message) => {
          if ((message as { topic?: unknown }).topic !== 'snapshot') return;
          clearTimeout(timer);
          port.disconnect();
          resolve(message);
        });
        port.onDisconnect.addListener(() => {
          clearTimeout(timer);
          reject(new Error('the state port was closed before its snapshot'));
        });
      }),
    { name: PORTS.state, waitMs: SNAPSHOT_WAIT_MS },
  );
  const message = StatePortMessage.parse(raw);
  if (message.topic !== 'snapshot') throw new Error('the state port sent a patch first');
  return message.data;
}
