import { z } from 'zod';
import { passphraseProblem } from '../protocol/passphrase';
import { VaultSecrets } from '../protocol/secrets';
import type { StorageArea } from '../storage/area';
import { VAULT_ATTEMPTS_KEY, VAULT_ENVELOPE_KEY, VAULT_UNLOCKED_KEY } from '../storage/keys';
import { type StoredItem, storedItem } from '../storage/stored-item';
import { open, PBKDF2_ITERATIONS, seal, VaultEnvelope, WrongPassphraseError } from './envelope';
import { Attempts, TooManyAttempts, UnlockThrottle } from './throttle';

export type VaultStatus = 'empty' | 'locked' | 'unlocked';

export class VaultError extends Error {
  override name = 'VaultError';
  constructor(
    readonly code:
      | 'wrong-passphrase'
      | 'locked'
      | 'empty'
      | 'exists'
      | 'weak-passphrase'
      | 'throttled'
      | 'corrupt',
    message: string,
  ) {
    super(message);
  }
}

const UnlockedRecord = z.object({ secrets: VaultSecrets, unlockedAt: z.number() });

/** More iterations than this extension ever writes: an envelope asking for them was not ours. */
export const MAX_PBKDF2_ITERATIONS = 10 * PBKDF2_ITERATIONS;

export interface VaultOptions {
  local: StorageArea;
  session: StorageArea;
  /** PBKDF2 iterations for new writes; never below the default outside tests. */
  iterations?: number;
  now?: () => number;
}

/**
 * The encrypted home of the API token and the signing key. Locked, it holds nothing
 * but ciphertext; unlocked, the secrets live in memory and in `storage.session`.
 */
export class Vault {
  private unlocked: VaultSecrets | null = null;
  private hasEnvelope = false;
  private readonly listeners = new Set<(status: VaultStatus) => void>();
  private readonly iterations: number;

  private readonly now: () => number;
  private readonly envelope: StoredItem<VaultEnvelope>;
  private readonly unlockedRecord: StoredItem<z.infer<typeof UnlockedRecord>>;
  private readonly throttle: UnlockThrottle;

  constructor(options: VaultOptions) {
    this.iterations = options.iterations ?? PBKDF2_ITERATIONS;
    this.now = options.now ?? Date.now;
    this.envelope = storedItem(options.local, VAULT_ENVELOPE_KEY, VaultEnvelope);
    this.unlockedRecord = storedItem(options.session, VAULT_UNLOCKED_KEY, UnlockedRecord);
    this.throttle = new UnlockThrottle(
      storedItem(options.session, VAULT_ATTEMPTS_KEY, Attempts),
      this.now,
    );
  }

  /**
   * Opens the envelope with a passphrase, counting wrong ones: one try at a time, and
   * after a few each further try waits longer (the count survives a worker restart), so
   * a passphrase cannot be guessed through the extension at speed (`throttle.ts`).
   */
  private async openCounted(passphrase: string, wrong: string): Promise<string> {
    try {
      return await this.throttle.attempt(
        async () => open(await this.readEnvelope(), passphrase),
        (error) => error instanceof WrongPassphraseError,
      );
    } catch (error) {
      if (error instanceof TooManyAttempts) throw new VaultError('throttled', error.message);
      if (error instanceof WrongPassphraseError) throw new VaultError('wrong-passphrase', wrong);
      throw error;
    }
  }

  /** Whether `passphrase` opens the vault (asked again before a withdrawal); counted like an unlock. */
  async verify(passphrase: string): Promise<void> {
    await this.openCounted(passphrase, 'That passphrase does not open the vault.');
  }

  /** Reads what storage holds: after a worker restart this restores an unlocked session. */
  async init(): Promise<VaultStatus> {
    this.hasEnvelope = (await this.envelope.get()) !== null;
    const record = await this.unlockedRecord.get();
    this.unlocked = this.hasEnvelope && record ? record.secrets : null;
    if (!this.hasEnvelope || !record) await this.unlockedRecord.remove();
    return this.status;
  }

  get status(): VaultStatus {
    if (!this.hasEnvelope) return 'empty';
    return this.unlocked ? 'unlocked' : 'locked';
  }

  onChange(listener: (status: VaultStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.status);
  }

  /** The unlocked secrets; throws when locked so no caller can mistake null for "no key". */
  secrets(): VaultSecrets {
    if (!this.unlocked) {
      throw new VaultError(
        this.hasEnvelope ? 'locked' : 'empty',
        this.hasEnvelope ? 'The vault is locked.' : 'No account is set up yet.',
      );
    }
    return this.unlocked;
  }

  /** Encrypts new secrets (first set-up, or replacing them) and leaves the vault unlocked. */
  async create(secrets: VaultSecrets, passphrase: string, replace = false): Promise<void> {
    if (this.hasEnvelope && !replace) {
      throw new VaultError(
        'exists',
        'An account is already set up; forget it first or change it from the options page.',
      );
    }
    const problem = passphraseProblem(passphrase);
    if (problem) throw new VaultError('weak-passphrase', problem);
    const parsed = VaultSecrets.parse(secrets);
    await this.write(parsed, passphrase);
    await this.remember(parsed);
  }

  async unlock(passphrase: string): Promise<void> {
    const plaintext = await this.openCounted(passphrase, new WrongPassphraseError().message);
    const envelope = await this.readEnvelope();
    const secrets = VaultSecrets.safeParse(JSON.parse(plaintext));
    if (!secrets.success)
      throw new VaultError('corrupt', 'The vault opened but its contents are not readable.');
    // Parameters below today's standard are raised now, while we hold the passphrase.
    if (envelope.kdf.iterations < this.iterations) await this.write(secrets.data, passphrase);
    await this.remember(secrets.data);
  }

  async lock(): Promise<void> {
    const was = this.status;
    this.unlocked = null;
    await this.unlockedRecord.remove();
    if (was !== this.status) this.emit();
  }

  async changePassphrase(current: string, next: string): Promise<void> {
    const problem = passphraseProblem(next);
    if (problem) throw new VaultError('weak-passphrase', problem);
    const plaintext = await this.openCounted(current, 'The current passphrase is not right.');
    const secrets = VaultSecrets.parse(JSON.parse(plaintext));
    await this.write(secrets, next);
    await this.remember(secrets);
  }

  /** Erases the envelope and the session copy. */
  async forget(): Promise<void> {
    this.unlocked = null;
    this.hasEnvelope = false;
    await this.unlockedRecord.remove();
    await this.envelope.remove();
    this.emit();
  }

  /** The stored KDF parameters (for display and tests); no secret. */
  async kdfIterations(): Promise<number | null> {
    return (await this.envelope.get())?.kdf.iterations ?? null;
  }

  private async readEnvelope(): Promise<VaultEnvelope> {
    const envelope = await this.envelope.get();
    if (!envelope) {
      this.hasEnvelope = false;
      throw new VaultError('empty', 'No account is set up yet.');
    }
    // Tampered parameters could hang the worker on a key derivation of hours.
    if (envelope.kdf.iterations > MAX_PBKDF2_ITERATIONS) {
      throw new VaultError(
        'corrupt',
        `The stored vault asks for ${envelope.kdf.iterations.toLocaleString('en-US')} key-derivation rounds, more than this extension ever writes (${MAX_PBKDF2_ITERATIONS.toLocaleString('en-US')}): it was not written by this extension. Forget it in the options page and set up again.`,
      );
    }
    return envelope;
  }

  private async write(secrets: VaultSecrets, passphrase: string): Promise<void> {
    const envelope = await seal(JSON.stringify(secrets), passphrase, this.iterations);
    await this.envelope.set(envelope);
    this.hasEnvelope = true;
  }

  private async remember(secrets: VaultSecrets): Promise<void> {
    this.unlocked = secrets;
    await this.unlockedRecord.set({ secrets, unlockedAt: Date.now() });
    this.emit();
  }
}
