/*
 * Every stored item's key, and where it lives.
 *
 * The protected store (protected-area.ts: the extension origin's IndexedDB, which content
 * scripts cannot open) holds whatever decides what the background does or could help an
 * attacker: the settings, the account, the encrypted vault, and the background's caches.
 *
 * `storage.session` (trusted contexts only) holds what must survive a worker restart but
 * not a browser restart: the unlocked vault, the unlock throttle, the order journal (which
 * also rebuilds the orders-per-minute window), the notifications already shown and the
 * last positions read.
 *
 * `storage.local` holds one item, the page panel's copy of the few settings a market page
 * needs before it can ask the background anything (where market pages are, the panel's
 * place, the theme). A page's script that rewrites it can only move, hide or restyle the
 * panel on its own tabs: every order and every page's market is checked again by the
 * background against the protected settings.
 */

/** Protected store: the settings, `{ version, value }`. */
export const SETTINGS_KEY = 'settings';
/** Protected store: who the vault belongs to (no secret). */
export const ACCOUNT_KEY = 'account.info';
/** Protected store: the encrypted envelope of the token and the signing key. */
export const VAULT_ENVELOPE_KEY = 'vault.envelope';
/** Protected store: the price alerts, armed and fired (they outlive a browser restart, like the settings). */
export const PRICE_ALERTS_KEY = 'alerts.price';
/** Protected store: which layout the stored data is in; absent before the move from storage.local. */
export const STORAGE_LAYOUT_KEY = 'storage.layout';

/** storage.session: the unlocked secrets, so a restarted worker stays unlocked. */
export const VAULT_UNLOCKED_KEY = 'vault.unlocked';
/** storage.session: wrong passphrases so far (the unlock throttle). */
export const VAULT_ATTEMPTS_KEY = 'vault.attempts';
/** storage.session: the order journal, one key per intent, found by their common prefix. */
export const JOURNAL_RECORD_PREFIX = 'desk.intent.';
export const journalRecordKey = (clientOrderId: string): string =>
  `${JOURNAL_RECORD_PREFIX}${clientOrderId}`;
/** storage.session: the journal's list of intents in earlier builds, removed when seen. */
export const LEGACY_JOURNAL_INDEX_KEY = 'desk.index';
/** storage.session: notifications already shown (so a restarted worker does not repeat them). */
export const SEEN_NOTIFICATIONS_KEY = 'notifications.seen';
/** storage.session: the last positions read, shown until the exchange answers. */
export const PORTFOLIO_CACHE_KEY = 'cache.portfolio';
// storage.local: the page panel's copy of its settings (see above) is PAGE_SETTINGS_AREA_KEY in
// lib/protocol/page-settings.ts, the contract between the background and the panel.

/** storage.local keys of earlier builds, moved into the protected store once. */
export const LEGACY_LOCAL_KEYS = [
  SETTINGS_KEY,
  VAULT_ENVELOPE_KEY,
  ACCOUNT_KEY,
  SEEN_NOTIFICATIONS_KEY,
  PORTFOLIO_CACHE_KEY,
] as const;
