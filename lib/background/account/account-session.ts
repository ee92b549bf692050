import type { ServerClock } from '../../core/client/clock';
import { ExchangeError } from '../../core/client/errors';
import type { VaultView } from '../../protocol/views';
import type { StoredItem } from '../../storage/stored-item';
import type { AutoLock } from '../../vault/auto-lock';
import type { Vault } from '../../vault/vault';
import { TradingSession, type TransportTweaks } from '../trading/session';
import { type AccountInfo, vaultView } from './account';

/** What the rest of the background does when the trader signs in or out. */
export interface SessionHooks {
  /** A session opened (unlock, or a token saved): the services start trading with it. */
  opened(): Promise<void>;
  /** The vault locked: whatever was read with the session goes with it. */
  closed(): Promise<void>;
  /** The account is forgotten: its orders and alerts go too (after `closed`). */
  forgotten(): Promise<void>;
  /** Who the vault belongs to changed (the UIs show it). */
  accountChanged(): void;
}

/**
 * Who is signed in, and with what: the account the vault belongs to (no secret, in
 * `storage.local`) and the signed session opened from the vault's secrets. Unlocking opens
 * the session, locking drops it; the hooks carry each change to the other services.
 */
export class AccountSession {
  account: AccountInfo | null = null;
  session: TradingSession | null = null;

  constructor(
    private readonly deps: {
      vault: Vault;
      autoLock: AutoLock;
      accountItem: StoredItem<AccountInfo>;
      clock: ServerClock;
      transport: () => TransportTweaks;
      exchangeName: () => string;
      hooks: SessionHooks;
    },
  ) {}

  /** At the worker's start: the account, the vault, and the session if it was unlocked. */
  async restore(): Promise<void> {
    const { vault, autoLock, accountItem } = this.deps;
    this.account = await accountItem.get();
    await vault.init();
    await autoLock.restore();
    if (vault.status === 'unlocked' && this.account) await this.open();
  }

  /** The session, or a sentence saying what the trader must do first. */
  require(): TradingSession {
    if (this.session) return this.session;
    throw new ExchangeError({
      kind: 'unavailable',
      message:
        this.deps.vault.status === 'empty'
          ? 'Set up your API token in the options page first.'
          : 'Unlock the extension first.',
    });
  }

  view(): VaultView {
    return vaultView(this.deps.vault.status, this.account, this.deps.exchangeName());
  }

  async unlock(passphrase: string): Promise<VaultView> {
    await this.deps.vault.unlock(passphrase);
    await this.afterUnlock();
    return this.view();
  }

  /** The vault was just unlocked (by the passphrase, or by saving a new token). */
  async afterUnlock(): Promise<void> {
    await this.open();
    await this.deps.autoLock.touch();
    await this.deps.hooks.opened();
  }

  async lock(): Promise<VaultView> {
    await this.deps.vault.lock();
    this.session = null;
    await this.deps.autoLock.stop();
    await this.deps.hooks.closed();
    return this.view();
  }

  async forget(): Promise<VaultView> {
    await this.lock();
    await this.deps.hooks.forgotten();
    await this.deps.vault.forget();
    this.account = null;
    await this.deps.accountItem.remove();
    this.deps.hooks.accountChanged();
    return this.view();
  }

  async saveAccount(account: AccountInfo): Promise<void> {
    this.account = account;
    await this.deps.accountItem.set(account);
    if (this.deps.vault.status === 'unlocked') await this.open();
    this.deps.hooks.accountChanged();
  }

  /** Every user action postpones the auto-lock. */
  activity(): void {
    if (this.deps.vault.status === 'unlocked') void this.deps.autoLock.touch();
  }

  private async open(): Promise<void> {
    if (!this.account) return;
    this.session = await TradingSession.open(
      this.deps.vault.secrets(),
      this.account,
      this.deps.clock,
      this.deps.transport(),
    );
  }
}
