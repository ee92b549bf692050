/** Where the settings are stored: one item in `storage.local` (never a secret). */
export const SETTINGS_STORAGE_KEY = 'local:settings';

/** The version of the settings' stored shape (and of an exported settings file). */
export const SETTINGS_VERSION = 2;
