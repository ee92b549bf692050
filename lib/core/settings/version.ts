/** The version of the settings' stored shape (and of an exported settings file). */
export const SETTINGS_VERSION = 3;
