/**
 * No secret leaves where it belongs, over a full scenario in real Chromium: onboarding
 * (the secret and the key go from the options page to the worker), trading from the page
 * panel, two worker restarts, the popup, lock and unlock, and hostile messages from the
 * content script's own world. Scanned for the token secret and the private key in raw,
 * base64 and hex forms (and the passphrase):
 * - every value written to `storage.local` during the run (watched from an extension page,
 *   so a value written and later removed is seen too), and what it holds at the end;
 * - what the protected store (the extension origin's IndexedDB) holds at the end: the
 *   encrypted vault, the settings and the account;
 * - every message that reaches the content script's world: replies, port messages (the
 *   recorder is installed before the panel's port reconnects to a restarted worker), and
 *   messages sent to the tab;
 * - console output and exceptions of the worker (one DevTools session from the start: it
 *   outlives worker restarts, so startup output is seen) and of every page.
 * Canary lines prove each recorder records. Also: a sample of malformed messages sent
 * through the real content-script path, each answered with a typed reply.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClientErrorInfo } from '../../../lib/core/client/error-info';
import { MESSAGES, PROTOCOL } from '../../../lib/protocol/messages';
import { mutatedPayload } from '../../fuzz/mutate';
import { type ChromeApi, eventually, TEST_PASSPHRASE, useHarness } from '../fixtures';
import { WorkerCdp } from '../harness/worker-cdp';
import { PanelDriver, panelFrameOf } from '../panel/driver';

const h = useHarness(import.meta.url);
const BTC = 'sandbox-btc-100k';
const SAMPLE = 400;

const logs: string[] = [];
let workerLog: WorkerCdp | null = null;

type Recorded = { __recorded?: string[] };

beforeAll(async () => {
  h().context.on('console', (msg) => logs.push(`page ${msg.page()?.url() ?? ''}: ${msg.text()}`));
  h().context.on('weberror', (e) => logs.push(`page error: ${e.error().message}`));
  // withApp: returns once the worker's app runs, so DevTools attaches to that instance.
  await h().withApp(() => true);
  const cdp = await WorkerCdp.attach(h().context, h().extensionId);
  workerLog = cdp;
  cdp.on<{ args: { value?: unknown; description?: string }[] }>('Runtime.consoleAPICalled', (e) => {
    logs.push(
      `worker: ${e.args.map((a) => JSON.stringify(a.value ?? a.description ?? '')).join(' ')}`,
    );
  });
  cdp.on<{ exceptionDetails: unknown }>('Runtime.exceptionThrown', (e) => {
    logs.push(`worker exception: ${JSON.stringify(e.exceptionDetails)}`);
  });
  cdp.on<{ entry: unknown }>('Log.entryAdded', (e) =>
    logs.push(`worker log: ${JSON.stringify(e.entry)}`),
  );
  await cdp.send('Runtime.enable');
  await cdp.send('Log.enable');
});

afterAll(async () => {
  await workerLog?.close();
});

it('no secret in storage.local, in messages to content scripts, or in logs; hostile content messages get typed replies', async () => {
  const alice = await h().admin.account('alice');
  const secret = alice.secret ?? '';
  const key = (alice.privateKey ?? '').replace(/^0x/, '');
  expect(secret.length).toBeGreaterThan(0);
  expect(key.length).toBe(64);
  const secretBytes = Buffer.from(secret, 'base64');
  const keyBytes = Buffer.from(key, 'hex');
  const forms: Record<string, string> = {
    'token secret (base64)': secret,
    'token secret (raw)': secretBytes.toString('latin1'),
    'token secret (hex)': secretBytes.toString('hex'),
    'private key (hex)': key.toLowerCase(),
    'private key (base64)': keyBytes.toString('base64'),
    'private key (base64url)': keyBytes.toString('base64url'),
    passphrase: TEST_PASSPHRASE,
  };

  // Every write to storage.local, from before the secrets arrive.
  const observer = await h().openOptions();
  await observer.evaluate(() => {
    const g = globalThis as unknown as Recorded & { chrome: ChromeApi };
    const written: string[] = [];
    g.__recorded = written;
    g.chrome.storage.onChanged.addListener((changes, area) => {
      if (area === 'local') written.push(JSON.stringify(changes));
    });
  });

  // withApp: a canary in the worker's own console proves its log is captured.
  await h().withApp(() => console.log('canary: worker before restarts'));
  await h().onboard('alice');
  const page = await h().openMarketPage(BTC);
  await page.evaluate(() => console.log('canary: market page'));
  const panel = await PanelDriver.attach(page);
  await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 15_000);
  // Record what arrives (replies, port messages, tab messages) in the content script's world
  // and in the panel's frame (Chromium draws the panel there, with its own port).
  const record = (broadcasts: boolean) => {
    type Runtime = {
      sendMessage: (...a: unknown[]) => Promise<unknown>;
      connect: (...a: unknown[]) => { onMessage: { addListener(l: (m: unknown) => void): void } };
      onMessage: { addListener(l: (m: unknown) => void): void };
    };
    const g = globalThis as unknown as Recorded & {
      chrome: { runtime: Runtime };
      browser?: { runtime: Runtime };
    };
    const arrived: string[] = [];
    g.__recorded = arrived;
    // Chromium has both namespaces (WXT's `browser` is whichever it finds): wrap each.
    const runtimes = new Set([g.chrome.runtime, g.browser?.runtime]);
    for (const runtime of runtimes) {
      if (!runtime) continue;
      const send = runtime.sendMessage.bind(runtime);
      runtime.sendMessage = async (...args: unknown[]) => {
        const reply = await send(...args);
        arrived.push(JSON.stringify(reply));
        return reply;
      };
      const connect = runtime.connect.bind(runtime);
      runtime.connect = (...args: unknown[]) => {
        const port = connect(...args);
        port.onMessage.addListener((m) => arrived.push(JSON.stringify(m)));
        return port;
      };
    }
    // A content script hears only what is sent to its tab. An extension page would hear
    // every extension page's broadcast, but only through a listener: the frame has none
    // (checked below), so listening there would record what never reaches the panel.
    if (broadcasts)
      g.chrome.runtime.onMessage.addListener((m) => {
        arrived.push(JSON.stringify(m));
      });
  };
  await h().inContentScript(page, record, true);
  const frame = panelFrameOf(page);
  if (!frame) throw new Error('no panel frame');
  expect(
    await frame.evaluate(() =>
      (
        globalThis as unknown as { chrome: { runtime: { onMessage: { hasListeners(): boolean } } } }
      ).chrome.runtime.onMessage.hasListeners(),
    ),
  ).toBe(false);
  await frame.evaluate(record, false);
  const portMessages = () =>
    frame.evaluate(
      () =>
        ((globalThis as unknown as Recorded).__recorded ?? []).filter((m) =>
          m.startsWith('{"topic":'),
        ).length,
    );

  // A restart makes the panel's port reconnect, through the recorder; then trade, restart
  // again (the worker starts with the vault unlocked), trade again.
  await h().stopWorker();
  await eventually(async () => (await portMessages()) > 0, { what: 'panel port messages' });
  await panel.waitFor('[data-key="BUY:YES:0"]', (b) => !b.disabled, 15_000);
  await panel.click('[data-key="BUY:YES:0"]');
  await panel.waitForText('[data-result="YES"]', /filled|rejected/);
  const beforeSecondStop = await portMessages();
  await h().stopWorker();
  await eventually(async () => (await portMessages()) > beforeSecondStop, {
    what: 'panel port messages after the second restart',
  });
  await panel.waitFor('[data-key="BUY:NO:0"]', (b) => !b.disabled, 15_000);
  // withApp: the same canary, in the restarted worker's console.
  await h().withApp(() => console.log('canary: worker after restarts'));
  await panel.click('[data-key="BUY:NO:0"]');
  await panel.waitForText('[data-result="NO"]', /filled|rejected/);
  const popup = await h().openPopup();
  await popup.waitForSelector('.market-card', { timeout: 15_000 });
  expect((await h().send('vault.lock', {})).ok).toBe(true);
  expect((await h().send('vault.unlock', { passphrase: TEST_PASSPHRASE })).ok).toBe(true);
  await h().waitForLive();

  // Hostile messages through the real content-script path (the sender is the content script).
  const names = [...Object.keys(MESSAGES), '__proto__', 'constructor', ''];
  const cases = Array.from({ length: SAMPLE }, (_, i) => {
    const name = names[i % names.length] as string;
    return { protocol: PROTOCOL, name, payload: mutatedPayload({ marketSlug: BTC }, 77_000 + i) };
  });
  const replies = await h().inContentScript(
    page,
    async (messages) => {
      const { chrome } = globalThis as unknown as { chrome: ChromeApi };
      const out: unknown[] = [];
      for (const m of messages) {
        try {
          out.push(await chrome.runtime.sendMessage(m));
        } catch (error) {
          out.push({ thrown: String(error) });
        }
      }
      return out;
    },
    cases,
  );
  const untyped = replies.filter((r) => {
    const reply = r as { ok?: unknown; error?: unknown };
    if (reply.ok === true) return false;
    return reply.ok !== false || !ClientErrorInfo.safeParse(reply.error).success;
  });
  expect(untyped).toEqual([]);
  const pageOnlyAnswered = cases.filter((c, i) => {
    const def = Object.hasOwn(MESSAGES, c.name)
      ? (MESSAGES as Record<string, { senders: readonly string[] }>)[c.name]
      : null;
    return (replies[i] as { ok?: boolean }).ok === true && !def?.senders.includes('content');
  });
  expect(pageOnlyAnswered).toEqual([]);

  // Collect and scan.
  // withApp: the stores' raw bytes, scanned for secrets, are what no UI shows.
  const local = await h().withApp(async () => {
    const { chrome } = globalThis as unknown as { chrome: ChromeApi };
    return JSON.stringify(await chrome.storage.local.get(null));
  });
  // The protected store (the extension origin's IndexedDB), where the vault envelope lives.
  // withApp: as above, the raw records.
  const protectedStore = await h().withApp(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('market-companion');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all: Record<string, unknown> = {};
    await new Promise<void>((resolve, reject) => {
      const cursor = db.transaction('items').objectStore('items').openCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) return resolve();
        all[String(at.key)] = at.value;
        at.continue();
      };
      cursor.onerror = () => reject(cursor.error);
    });
    db.close();
    return JSON.stringify(all);
  });
  const written = await observer.evaluate(
    () => (globalThis as unknown as Recorded).__recorded ?? [],
  );
  const arrived = await h().inContentScript(
    page,
    () => (globalThis as unknown as Recorded).__recorded ?? [],
  );
  const arrivedInFrame = await frame.evaluate(
    () => (globalThis as unknown as Recorded).__recorded ?? [],
  );
  for (const canary of ['worker before restarts', 'market page', 'worker after restarts']) {
    await eventually(() => logs.some((line) => line.includes(`canary: ${canary}`)), {
      what: `the canary log line "${canary}"`,
    });
  }
  const places: Record<string, string> = {
    'storage.local at the end': local,
    'the protected store (IndexedDB) at the end': protectedStore,
    'values written to storage.local': written.join('\n'),
    'messages arrived in the content script': arrived.join('\n'),
    "messages arrived in the panel's frame": arrivedInFrame.join('\n'),
    'hostile-message replies': JSON.stringify(replies),
    'console logs (worker and pages)': logs.join('\n'),
  };
  const leaks: string[] = [];
  for (const [place, text] of Object.entries(places)) {
    for (const [form, value] of Object.entries(forms)) {
      if (value.length >= 8 && text.toLowerCase().includes(value.toLowerCase())) {
        leaks.push(`${form} in ${place}`);
      }
    }
  }
  console.log(
    `secret scan: ${written.length} writes to storage.local (${local.length} chars at the end), ${protectedStore.length} chars in the protected store, ${arrived.length} messages arrived in the content script, ${arrivedInFrame.length} in the panel's frame (${await portMessages()} on its port), ${SAMPLE} hostile content messages, ${logs.length} console lines; leaks: ${leaks.length}`,
  );
  const other = logs.filter((line) => !line.includes('canary: '));
  if (other.length > 0) console.log(`console lines besides the canaries:\n${other.join('\n')}`);
  // The scan saw the stores where something was kept at rest: the encrypted envelope (in
  // the protected store since content scripts can write storage.local) was among it.
  expect(protectedStore).toContain('vault.envelope');
  expect(protectedStore).toContain('ciphertext');
  expect(leaks).toEqual([]);
  await panel.detach();
}, 180_000);
