/** A key-value storage area as the background's services use it (storage.session, the protected store). */
export interface StorageArea {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

/** An area whose keys can be listed: records kept one per key need no list of them kept up. */
export interface ListingArea extends StorageArea {
  /** Every stored key that starts with `prefix`, with its value, in one read. */
  entries(prefix: string): Promise<[string, unknown][]>;
}

/** The part of a `browser.storage` area the adapter below uses. */
interface BrowserStorageArea {
  get(key: string | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

/** A `browser.storage` area (storage.session, in practice) as a `StorageArea`. */
export function browserArea(area: BrowserStorageArea): ListingArea {
  return {
    get: async (key) => (await area.get(key))[key],
    entries: async (prefix) =>
      Object.entries(await area.get(null)).filter(([key]) => key.startsWith(prefix)),
    set: (key, value) => area.set({ [key]: value }),
    remove: (key) => area.remove(key),
  };
}
