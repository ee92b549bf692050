import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { base64ToBytes, bytesToBase64 } from '../../../lib/core/client/base64';
import type { VaultSecrets } from '../../../lib/protocol/secrets';
import { browserArea } from '../../../lib/storage/area';
import { VAULT_ENVELOPE_KEY } from '../../../lib/storage/keys';
import { open, PBKDF2_ITERATIONS, VaultEnvelope } from '../../../lib/vault/envelope';
import { FREE_ATTEMPTS, MAX_ATTEMPT_WAIT_MS, nextAttemptAt } from '../../../lib/vault/throttle';
import {
  MAX_PBKDF2_ITERATIONS,
  Vault,
  VaultError,
  type VaultStatus,
} from '../../../lib/vault/vault';
import { dumpArea } from '../background/fake-platform';

/** Low count for tests that are not about the KDF cost (the real one takes ~0.5 s per derivation). */
const FAST = 1_000;
const PASS = 'correct horse battery staple';
const TOKEN_SECRET_BYTES = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);
const TOKEN_SECRET = bytesToBase64(TOKEN_SECRET_BYTES);
const PRIVATE_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

const secrets = (): VaultSecrets => ({
  apiToken: { tokenId: 'tok-alice', secret: TOKEN_SECRET },
  signing: { kind: 'eoa', privateKey: PRIVATE_KEY },
});

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Every form in which the secrets could leak into a dump. */
function secretForms(): string[] {
  const keyBytes = Buffer.from(PRIVATE_KEY.slice(2), 'hex');
  return [
    TOKEN_SECRET,
    hex(TOKEN_SECRET_BYTES),
    Buffer.from(TOKEN_SECRET_BYTES).toString('base64url'),
    PRIVATE_KEY.slice(2),
    PRIVATE_KEY.slice(2).toUpperCase(),
    keyBytes.toString('base64'),
    keyBytes.toString('base64url'),
    PASS,
  ];
}

function newVault(iterations = FAST): Vault {
  return new Vault({
    local: browserArea(fakeBrowser.storage.local),
    session: browserArea(fakeBrowser.storage.session),
    iterations,
  });
}

async function storedEnvelope(): Promise<VaultEnvelope> {
  const raw = (await fakeBrowser.storage.local.get(VAULT_ENVELOPE_KEY))[VAULT_ENVELOPE_KEY];
  return VaultEnvelope.parse(raw);
}

async function writeEnvelope(envelope: VaultEnvelope): Promise<void> {
  await fakeBrowser.storage.local.set({ [VAULT_ENVELOPE_KEY]: envelope });
}

async function vaultErrorOf(promise: Promise<unknown>): Promise<VaultError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof VaultError) return error;
    throw error;
  }
  throw new Error('expected a VaultError');
}

describe('Vault', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('gives back the same secrets after create, lock and unlock', async () => {
    const vault = newVault();
    expect(await vault.init()).toBe('empty');
    await vault.create(secrets(), PASS);
    expect(vault.status).toBe('unlocked');
    await vault.lock();
    expect(vault.status).toBe('locked');
    await vault.unlock(PASS);
    expect(vault.secrets()).toEqual(secrets());
  });

  it('refuses a wrong passphrase with a clear error and changes nothing', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    await vault.lock();
    const localBefore = await dumpArea(fakeBrowser.storage.local);

    const error = await vaultErrorOf(vault.unlock('not the passphrase at all'));

    expect(error.code).toBe('wrong-passphrase');
    expect(error.message).toMatch(/passphrase does not open the vault/);
    expect(vault.status).toBe('locked');
    expect(() => vault.secrets()).toThrow(VaultError);
    expect(await dumpArea(fakeBrowser.storage.local)).toBe(localBefore);
    // Nothing unlocked; only the count of wrong passphrases (for the throttle).
    expect(JSON.parse(await dumpArea(fakeBrowser.storage.session))).toEqual({
      'vault.attempts': { failures: 1, lastAt: expect.any(Number) },
    });
  });

  it('never writes a secret, the key or the passphrase in clear to storage.local', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    await vault.changePassphrase(PASS, `${PASS} again`);
    await vault.lock();
    await vault.unlock(`${PASS} again`);
    const local = await dumpArea(fakeBrowser.storage.local);
    expect(local).toContain('ciphertext');
    for (const form of secretForms()) expect(local).not.toContain(form);
  });

  it('keeps the unlocked secrets in storage.session only (the scan would see them there)', async () => {
    // Proves the scan above can fail: the same forms are found where they are meant to be.
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    const session = await dumpArea(fakeBrowser.storage.session);
    expect(session).toContain(TOKEN_SECRET);
    expect(session).toContain(PRIVATE_KEY.slice(2));
  });

  it('uses a fresh salt and IV on every write of the same secrets', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    const first = await storedEnvelope();
    await vault.create(secrets(), PASS, true);
    const second = await storedEnvelope();
    expect(second.kdf.salt).not.toBe(first.kdf.salt);
    expect(second.cipher.iv).not.toBe(first.cipher.iv);
    expect(second.ciphertext).not.toBe(first.ciphertext);
    expect(base64ToBytes(second.kdf.salt)).toHaveLength(32);
    expect(base64ToBytes(second.cipher.iv)).toHaveLength(12);
  });

  it('stores the KDF parameters beside the ciphertext', async () => {
    const vault = newVault(2_345);
    await vault.init();
    await vault.create(secrets(), PASS);
    const envelope = await storedEnvelope();
    expect(envelope.kdf).toMatchObject({ name: 'PBKDF2', hash: 'SHA-256', iterations: 2_345 });
    expect(envelope.cipher.name).toBe('AES-GCM');
    expect(await vault.kdfIterations()).toBe(2_345);
  });

  it('re-encrypts an envelope written with fewer iterations at the current count on unlock', async () => {
    const old = newVault(FAST);
    await old.init();
    await old.create(secrets(), PASS);
    await old.lock();
    const before = await storedEnvelope();

    const upgraded = newVault(FAST * 3);
    expect(await upgraded.init()).toBe('locked');
    await upgraded.unlock(PASS);

    const after = await storedEnvelope();
    expect(after.kdf.iterations).toBe(FAST * 3);
    expect(after.kdf.salt).not.toBe(before.kdf.salt);
    expect(await open(after, PASS)).toBe(JSON.stringify(secrets()));
    expect(upgraded.secrets()).toEqual(secrets());
  });

  it('leaves an envelope already at the current count as it is on unlock', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    await vault.lock();
    const before = await storedEnvelope();
    await vault.unlock(PASS);
    expect(await storedEnvelope()).toEqual(before);
  });

  it('raises an old envelope to the real 600,000 iterations by default', async () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    const old = newVault(FAST);
    await old.init();
    await old.create(secrets(), PASS);
    await old.lock();

    const real = new Vault({
      local: browserArea(fakeBrowser.storage.local),
      session: browserArea(fakeBrowser.storage.session),
    });
    await real.init();
    await real.unlock(PASS);
    expect(await real.kdfIterations()).toBe(600_000);
  });

  it('does not open when the stored iteration count was tampered with', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    await vault.lock();
    const envelope = await storedEnvelope();
    // Lowering the count would make offline guessing cheaper: it must not still open.
    await writeEnvelope({ ...envelope, kdf: { ...envelope.kdf, iterations: FAST + 1 } });
    expect((await vaultErrorOf(vault.unlock(PASS))).code).toBe('wrong-passphrase');
  });

  it('does not open when one byte of the ciphertext was flipped', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    await vault.lock();
    const envelope = await storedEnvelope();
    const bytes = base64ToBytes(envelope.ciphertext);
    bytes[3] = (bytes[3] ?? 0) ^ 0x01;
    await writeEnvelope({ ...envelope, ciphertext: bytesToBase64(bytes) });
    expect((await vaultErrorOf(vault.unlock(PASS))).code).toBe('wrong-passphrase');
    expect(vault.status).toBe('locked');
  });

  it('comes back unlocked in a new Vault over the same session storage (worker restart)', async () => {
    const first = newVault();
    await first.init();
    await first.create(secrets(), PASS);

    const restarted = newVault();
    expect(await restarted.init()).toBe('unlocked');
    expect(restarted.secrets()).toEqual(secrets());
  });

  it('comes back locked after a restart once locked: lock clears storage.session', async () => {
    const first = newVault();
    await first.init();
    await first.create(secrets(), PASS);
    await first.lock();
    expect(await dumpArea(fakeBrowser.storage.session)).toBe('{}');

    const restarted = newVault();
    expect(await restarted.init()).toBe('locked');
  });

  it('drops a session copy that has no envelope beside it', async () => {
    const first = newVault();
    await first.init();
    await first.create(secrets(), PASS);
    await fakeBrowser.storage.local.remove(VAULT_ENVELOPE_KEY);

    const restarted = newVault();
    expect(await restarted.init()).toBe('empty');
    expect(await dumpArea(fakeBrowser.storage.session)).toBe('{}');
  });

  it('changes the passphrase: the old one stops working, the new one opens', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    const next = 'a completely different passphrase';
    await vault.changePassphrase(PASS, next);
    expect(vault.status).toBe('unlocked');
    await vault.lock();
    expect((await vaultErrorOf(vault.unlock(PASS))).code).toBe('wrong-passphrase');
    await vault.unlock(next);
    expect(vault.secrets()).toEqual(secrets());
  });

  it('refuses to change the passphrase with a wrong current one or a weak new one', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    const before = await storedEnvelope();
    expect(
      (await vaultErrorOf(vault.changePassphrase('wrong current', 'long enough new one'))).code,
    ).toBe('wrong-passphrase');
    expect((await vaultErrorOf(vault.changePassphrase(PASS, 'short'))).code).toBe(
      'weak-passphrase',
    );
    expect(await storedEnvelope()).toEqual(before);
  });

  it('forgets everything: envelope, session copy and status', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    await vault.forget();
    expect(vault.status).toBe('empty');
    expect(await dumpArea(fakeBrowser.storage.local)).toBe('{}');
    expect(await dumpArea(fakeBrowser.storage.session)).toBe('{}');
    expect((await vaultErrorOf(vault.unlock(PASS))).code).toBe('empty');
  });

  it('will not overwrite an existing account unless asked to replace it', async () => {
    const vault = newVault();
    await vault.init();
    await vault.create(secrets(), PASS);
    expect((await vaultErrorOf(vault.create(secrets(), PASS))).code).toBe('exists');
  });

  it('refuses a weak passphrase at creation and stores nothing', async () => {
    const vault = newVault();
    await vault.init();
    expect((await vaultErrorOf(vault.create(secrets(), 'short'))).code).toBe('weak-passphrase');
    expect(await dumpArea(fakeBrowser.storage.local)).toBe('{}');
  });

  it('says locked or empty when asked for secrets it does not hold', async () => {
    const vault = newVault();
    await vault.init();
    expect(() => vault.secrets()).toThrow(expect.objectContaining({ code: 'empty' }));
    await vault.create(secrets(), PASS);
    await vault.lock();
    expect(() => vault.secrets()).toThrow(expect.objectContaining({ code: 'locked' }));
  });

  it('tells listeners of each status change', async () => {
    const vault = newVault();
    await vault.init();
    const seen: VaultStatus[] = [];
    vault.onChange((s) => seen.push(s));
    await vault.create(secrets(), PASS);
    await vault.lock();
    await vault.lock();
    await vault.unlock(PASS);
    await vault.forget();
    expect(seen).toEqual(['unlocked', 'locked', 'unlocked', 'empty']);
  });

  it('keeps delegated signing (no key) through a round trip', async () => {
    const vault = newVault();
    await vault.init();
    const delegated: VaultSecrets = {
      apiToken: { tokenId: 'tok-partner', secret: TOKEN_SECRET },
      signing: { kind: 'delegated' },
    };
    await vault.create(delegated, PASS);
    await vault.lock();
    await vault.unlock(PASS);
    expect(vault.secrets()).toEqual(delegated);
  });
});

describe('Vault: guessing the passphrase through the extension', () => {
  const vaultAt = (clock: { now: number }) =>
    new Vault({
      local: browserArea(fakeBrowser.storage.local),
      session: browserArea(fakeBrowser.storage.session),
      iterations: FAST,
      now: () => clock.now,
    });

  beforeEach(() => fakeBrowser.reset());

  it('waits longer after each wrong passphrase past a few, across a worker restart', async () => {
    const clock = { now: 1_000_000 };
    const vault = vaultAt(clock);
    await vault.create(secrets(), PASS);
    await vault.lock();
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      await expect(vault.unlock('wrong passphrase!')).rejects.toMatchObject({
        code: 'wrong-passphrase',
      });
    }
    // The sixth try right away waits a second; the worker's restart changes nothing.
    const restarted = vaultAt(clock);
    await restarted.init();
    await expect(restarted.unlock(PASS)).rejects.toMatchObject({
      code: 'throttled',
      message: 'Too many wrong passphrases: try again in 1 second.',
    });
    clock.now += 1_000;
    await expect(restarted.unlock('wrong again!!')).rejects.toMatchObject({
      code: 'wrong-passphrase',
    });
    await expect(restarted.unlock(PASS)).rejects.toMatchObject({
      message: 'Too many wrong passphrases: try again in 2 seconds.',
    });
    expect(nextAttemptAt({ failures: FREE_ATTEMPTS + 30, lastAt: 0 })).toBe(MAX_ATTEMPT_WAIT_MS);
    clock.now += 2_000;
    await restarted.unlock(PASS);
    expect(restarted.status).toBe('unlocked');
    // A success forgives the count.
    await restarted.lock();
    await expect(restarted.unlock('one typo here')).rejects.toMatchObject({
      code: 'wrong-passphrase',
    });
    await restarted.unlock(PASS);
  });

  it('tries a burst of wrong passphrases one at a time: past the free ones, each is refused untried', async () => {
    const clock = { now: 2_000_000 };
    const vault = vaultAt(clock);
    await vault.create(secrets(), PASS);
    await vault.lock();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => vaultErrorOf(vault.unlock(`wrong guess ${i}!!`))),
    );
    // Each try read the count the one before it left, so the free tries are all that ran.
    expect(answers.map((e) => e.code)).toEqual([
      ...Array<string>(FREE_ATTEMPTS).fill('wrong-passphrase'),
      ...Array<string>(10 - FREE_ATTEMPTS).fill('throttled'),
    ]);
    expect(answers.at(-1)?.message).toBe('Too many wrong passphrases: try again in 1 second.');
    const stored = (await fakeBrowser.storage.session.get('vault.attempts'))['vault.attempts'];
    expect(stored).toEqual({ failures: FREE_ATTEMPTS, lastAt: clock.now });
  });

  it('the wait doubles with each wrong passphrase past the free ones, shown in words', async () => {
    const clock = { now: 3_000_000 };
    const vault = vaultAt(clock);
    await vault.create(secrets(), PASS);
    await vault.lock();
    for (let i = 0; i < FREE_ATTEMPTS; i++) await vaultErrorOf(vault.unlock('not it at all'));
    const waits: string[] = [];
    for (let i = 0; i < 9; i++) {
      const refused = await vaultErrorOf(vault.unlock('not it at all'));
      expect(refused.code).toBe('throttled');
      waits.push(refused.message.replace('Too many wrong passphrases: try again in ', ''));
      clock.now = nextAttemptAt({ failures: FREE_ATTEMPTS + i, lastAt: clock.now });
      expect((await vaultErrorOf(vault.unlock('not it at all'))).code).toBe('wrong-passphrase');
    }
    expect(waits).toEqual([
      '1 second.',
      '2 seconds.',
      '4 seconds.',
      '8 seconds.',
      '16 seconds.',
      '32 seconds.',
      '1 minute 4 seconds.',
      '2 minutes 8 seconds.',
      '4 minutes 16 seconds.',
    ]);
    expect((await vaultErrorOf(vault.unlock(PASS))).message).toBe(
      'Too many wrong passphrases: try again in 5 minutes.',
    );
  });

  it('counts a try before it is tried: a worker stopped during the try still has it counted', async () => {
    const clock = { now: 4_000_000 };
    await vaultAt(clock).create(secrets(), PASS);
    // The envelope's read is held, as a worker stopped at that point would leave it.
    const local = browserArea(fakeBrowser.storage.local);
    let reached!: () => void;
    const reading = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const vault = new Vault({
      local: {
        ...local,
        get: async (key) => {
          if (key === VAULT_ENVELOPE_KEY) {
            reached();
            await held;
          }
          return local.get(key);
        },
      },
      session: browserArea(fakeBrowser.storage.session),
      iterations: FAST,
      now: () => clock.now,
    });
    await vault.lock();
    const pending = vaultErrorOf(vault.unlock('a guess cut short'));
    await reading;
    const stored = (await fakeBrowser.storage.session.get('vault.attempts'))['vault.attempts'];
    expect(stored).toEqual({ failures: 1, lastAt: clock.now });
    release();
    expect((await pending).code).toBe('wrong-passphrase');
  });

  it('a try that fails for another reason than the passphrase is not held against the user', async () => {
    const clock = { now: 6_000_000 };
    const vault = vaultAt(clock);
    await vault.create(secrets(), PASS);
    await vault.lock();
    await vaultErrorOf(vault.unlock('one typo here'));
    await fakeBrowser.storage.local.remove(VAULT_ENVELOPE_KEY);
    expect((await vaultErrorOf(vault.unlock(PASS))).code).toBe('empty');
    const stored = (await fakeBrowser.storage.session.get('vault.attempts'))['vault.attempts'];
    expect(stored).toEqual({ failures: 1, lastAt: clock.now });
  });

  it('counts the passphrase asked again (verify, change) like an unlock', async () => {
    const clock = { now: 5_000_000 };
    const vault = vaultAt(clock);
    await vault.create(secrets(), PASS);
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      await expect(vault.verify('not it at all')).rejects.toMatchObject({
        code: 'wrong-passphrase',
      });
    }
    await expect(vault.verify(PASS)).rejects.toMatchObject({ code: 'throttled' });
    await expect(vault.changePassphrase(PASS, 'a brand new passphrase')).rejects.toMatchObject({
      code: 'throttled',
    });
  });

  it('refuses an envelope that asks for absurd key-derivation work, rather than hang', async () => {
    const vault = newVault();
    await vault.create(secrets(), PASS);
    await vault.lock();
    const stored = VaultEnvelope.parse(
      (await fakeBrowser.storage.local.get(VAULT_ENVELOPE_KEY))[VAULT_ENVELOPE_KEY],
    );
    await fakeBrowser.storage.local.set({
      [VAULT_ENVELOPE_KEY]: {
        ...stored,
        kdf: { ...stored.kdf, iterations: MAX_PBKDF2_ITERATIONS + 1 },
      },
    });
    await expect(vault.unlock(PASS)).rejects.toMatchObject({
      code: 'corrupt',
      message: expect.stringMatching(/not written by this extension/),
    });
  });
});
