/**
 * Guessing the passphrase through the extension: a burst of wrong unlocks sent at once
 * from the options page is tried one at a time, so only the free tries are derived and
 * the rest are refused untried; each further wrong passphrase doubles the wait; a
 * stopped worker keeps the count; the options page says the wait in words.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../../lib/protocol/messages';
import { VAULT_ATTEMPTS_KEY } from '../../../lib/storage/keys';
import { type Attempts, FREE_ATTEMPTS, nextAttemptAt } from '../../../lib/vault/throttle';
import { type ChromeApi, eventually, TEST_PASSPHRASE, useHarness } from '../fixtures';

const h = useHarness(import.meta.url);
const BURST = 10;
const THROTTLED = /^Too many wrong passphrases: try again in \d+ seconds?\.$/;
const WRONG = 'That passphrase does not open the vault.';

/** The message each answer shows under the passphrase field, in the order sent. */
async function unlockBurst(page: Page, passphrases: string[]): Promise<string[]> {
  return page.evaluate(
    async ({ protocol, list }) => {
      const chrome = (globalThis as unknown as { chrome: ChromeApi }).chrome;
      const replies = await Promise.all(
        list.map(
          (passphrase) =>
            chrome.runtime.sendMessage({
              protocol,
              name: 'vault.unlock',
              payload: { passphrase },
            }) as Promise<{ ok: boolean; error?: { issues?: { message: string }[] } }>,
        ),
      );
      return replies.map((r) => (r.ok ? 'unlocked' : (r.error?.issues?.[0]?.message ?? '?')));
    },
    { protocol: PROTOCOL, list: passphrases },
  );
}

/** The throttle's count, as the worker keeps it in storage.session. */
async function stored(): Promise<Attempts> {
  const worker = await h().worker();
  return worker.evaluate(async (key) => {
    const chrome = (globalThis as unknown as { chrome: ChromeApi }).chrome;
    return (await chrome.storage.session.get(key))[key] as Attempts;
  }, VAULT_ATTEMPTS_KEY);
}

/** Sends wrong passphrases until one is tried (the refused ones are not counted). */
async function nextWrongTry(page: Page): Promise<void> {
  await eventually(async () => (await unlockBurst(page, ['still not it!!']))[0] === WRONG, {
    timeoutMs: 30_000,
    intervalMs: 250,
    what: 'the wait to end and a wrong passphrase to be tried',
  });
}

describe('unlock throttle', () => {
  it('tries a burst one at a time, doubles the wait, and keeps the count across a worker stop', async () => {
    await h().onboard('alice');
    await h().ask('vault.lock', {});
    const options = await h().openOptions();

    const answers = await unlockBurst(
      options,
      Array.from({ length: BURST }, (_, i) => `wrong guess number ${i}`),
    );
    // Tried one after the other, each read the count the one before it left: the free
    // tries were derived, every later one was refused without a derivation.
    expect(answers.filter((a) => a === WRONG)).toHaveLength(FREE_ATTEMPTS);
    const refused = answers.filter((a) => a !== WRONG);
    expect(refused).toHaveLength(BURST - FREE_ATTEMPTS);
    for (const message of refused) expect(message).toMatch(THROTTLED);
    const afterBurst = await stored();
    expect(afterBurst.failures).toBe(FREE_ATTEMPTS);
    expect(nextAttemptAt(afterBurst) - afterBurst.lastAt).toBe(1_000);

    // A stopped worker reads the count again: the right passphrase is refused untried
    // until the wait is over.
    await h().stopWorker();
    await h().wakeWorker(options);
    expect(await h().workerRestarted()).toBe(true);
    expect((await stored()).failures).toBe(FREE_ATTEMPTS);

    // Each wrong passphrase past the free ones doubles the wait.
    const waits: number[] = [];
    for (let i = 0; i < 2; i++) {
      await nextWrongTry(options);
      const now = await stored();
      expect(now.failures).toBe(FREE_ATTEMPTS + 1 + i);
      waits.push(nextAttemptAt(now) - now.lastAt);
    }
    expect(waits).toEqual([2_000, 4_000]);

    // The user is told the wait in words, under the passphrase field.
    await options.getByRole('tab', { name: 'Security' }).click();
    const unlock = options.getByRole('form', { name: 'Unlock' });
    await unlock.getByLabel('Passphrase').fill(TEST_PASSPHRASE);
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await options.getByText(THROTTLED).waitFor();
    await h().shot(options, 'unlock-throttled');

    // Once the wait is over, the right passphrase opens it and forgives the count.
    await eventually(
      async () => (await unlockBurst(options, [TEST_PASSPHRASE]))[0] === 'unlocked',
      { timeoutMs: 30_000, intervalMs: 250, what: 'the unlock after the wait' },
    );
    expect((await h().ask('vault.status', {})).status).toBe('unlocked');
    expect(await stored()).toBeUndefined();
    await options.close();
  });
});
