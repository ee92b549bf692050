/** A key-value storage area as the background's services use it (storage.session, the protected store). */
export interface StorageArea {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Several keys in one call, where the area can: `browser.storage` takes them as one
   * request, which costs one crossing to the browser process instead of one per key.
   */
  setMany?(items: Record<string, unknown>): Promise<void>;
}

/** The part of a `browser.storage` area the adapter below uses. */
interface BrowserStorageArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
}

/** A `browser.storage` area (storage.session, in practice) as a `StorageArea`. */
export function browserArea(area: BrowserStorageArea): StorageArea {
  return {
    get: async (key) => (await area.get(key))[key],
    set: (key, value) => area.set({ [key]: value }),
    setMany: (items) => area.set(items),
    remove: (key) => area.remove(key),
  };
}
