/**
 * The real-browser suites run on the e2e harness (test/e2e/fixtures.ts): the built
 * extension in Chromium, the sandbox in-process on free ports. Outside vitest the harness
 * needs the build handed to it: the e2e global setup makes the same fresh, private copy of
 * `.output/chrome-mv3-e2e` (building first when the sources are newer) that an e2e run loads.
 */
import type { TestProject } from 'vitest/node';
import { type Harness, type HarnessOptions, startHarness } from '../../test/e2e/fixtures';
import setupE2e from '../../test/e2e/harness/global-setup';

/*
 * Playwright has DevTools record every request and WebSocket frame of an extension's
 * service worker unless told not to. A trader's browser has no DevTools attached, and the
 * recording is not free: each `fetch` builds a network record with the script's stack on
 * the worker's thread (~0.2-0.3 ms on the click's way to the wire, in a trace), and every
 * WebSocket frame is copied out to the DevTools client (the socket ingest's best step and
 * its bare-socket floor both halved by it, in back-to-back runs). No bench reads the
 * worker's traffic through Playwright: the wire is read from the worker's own Resource
 * Timing and at the sandbox.
 */
process.env.PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK ??= '1';

/** Said in the notes of the suites whose figures the worker's DevTools recording moved. */
export const WORKER_UNWATCHED_NOTE =
  "the service worker runs without DevTools recording its network traffic (Playwright's default records every request and WebSocket frame; a trader's browser does not): runs before 2026-11-26 evening measured with it";

let extension: Promise<{ dir: string; dispose: () => void }> | null = null;

/** This benchmark run's copy of the built extension (built once, removed at exit). */
export function benchExtension(): Promise<string> {
  if (!extension) {
    extension = (async () => {
      let dir: string | null = null;
      // Only `provide` is used by the setup: it is how it hands over the copy's path.
      const project = {
        provide: (_key: string, value: string) => {
          dir = value;
        },
      } as unknown as TestProject;
      const dispose = await setupE2e(project);
      if (!dir) throw new Error('the e2e setup gave no extension directory');
      process.once('exit', dispose);
      return { dir, dispose };
    })();
  }
  return extension.then((e) => e.dir);
}

/** Runs `fn` with a fresh harness (own browser profile and sandbox), always closed after. */
export async function withHarness<T>(
  suite: string,
  options: Omit<HarnessOptions, 'extensionDir'>,
  fn: (h: Harness) => Promise<T>,
): Promise<T> {
  const extensionDir = await benchExtension();
  const h = await startHarness(`bench/${suite}.ts`, { ...options, extensionDir });
  try {
    // Every page the suite opens may be sent tsx-compiled functions (see allowNamedFunctions).
    await h.context.addInitScript(NAME_HELPER);
    return await fn(h);
  } finally {
    await h.close();
  }
}

/**
 * Onboards a demo account, then closes the harness's own extension pages: the e2e harness
 * sends its setup messages from a popup page it keeps open. A trader has no such hidden popup,
 * and it is not idle: it shares the extension's renderer main thread with the popup and the
 * panel frame being measured, takes every state update on its own port, and repaints its 50
 * cards whenever it comes back to the front after a measured tab closes (a trace showed
 * 70-90 ms of its style and paint overlapping a popup opening).
 */
export async function onboardForBench(
  h: Harness,
  label: string,
): Promise<Awaited<ReturnType<Harness['onboard']>>> {
  const vault = await h.onboard(label);
  const ours = `chrome-extension://${h.extensionId}/`;
  // Something other than our pages stays open, as the trader's own tab would.
  if (!h.context.pages().some((page) => !page.url().startsWith(ours))) {
    await (await h.context.newPage()).goto('about:blank');
  }
  for (const page of h.context.pages()) if (page.url().startsWith(ours)) await page.close();
  return vault;
}

/** Raises the per-minute order cap to its maximum and turns desktop notifications off. */
export async function benchSettings(h: Harness): Promise<void> {
  await h.withApp((app) =>
    app.updateSettings((s) => ({
      ...s,
      caps: { ...s.caps, maxOrdersPerMinute: 600 },
      notifications: { enabled: false },
    })),
  );
}

/** Resolves after `ms`. */
export const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

const NAME_HELPER = 'globalThis.__name ??= (fn) => fn;';

/**
 * tsx (esbuild with keepNames) wraps named inner functions in `__name(fn, "name")`; a
 * function sent as source to a page or worker needs that helper defined there.
 */
export async function allowNamedFunctions(target: {
  evaluate(expression: string): Promise<unknown>;
}): Promise<void> {
  await target.evaluate(`${NAME_HELPER} true`);
}
