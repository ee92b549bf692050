import type { StorageArea } from './area';

/*
 * Where everything that decides what the background does is kept: the settings (caps,
 * the confirmation threshold, the exchange's URLs), the account and the encrypted vault.
 * `storage.local` is readable and writable by content scripts, so a script in a page's
 * isolated world could raise the caps or point the signed traffic elsewhere; the
 * extension origin's IndexedDB is not: content scripts run in the page's origin and open
 * the page's databases, never ours. Extension pages (options, popup) and the background
 * share it, and hear each other's writes over a BroadcastChannel of the same origin.
 */

export const PROTECTED_DB = 'market-companion';
const STORE = 'items';
const CHANGES = 'market-companion:protected-changes';

/** A key-value area with change notices from every context of the extension's origin. */
export interface ProtectedArea extends StorageArea {
  watch(key: string, listener: () => void): () => void;
}

/** The few IndexedDB calls the area needs, so unit tests can run on a map. */
export interface KeyValueDriver {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** The extension origin's IndexedDB, one object store of plain values. */
export function indexedDbDriver(name = PROTECTED_DB): KeyValueDriver {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        db = null;
        reject(request.error);
      };
    });
    return db;
  };
  const run = async <T>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest<T>) => {
    const tx = (await open()).transaction(STORE, mode);
    const result = await done(op(tx.objectStore(STORE)));
    if (mode === 'readwrite') {
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    }
    return result;
  };
  return {
    get: (key) => run('readonly', (s) => s.get(key)),
    set: async (key, value) => {
      await run('readwrite', (s) => s.put(value, key));
    },
    remove: async (key) => {
      await run('readwrite', (s) => s.delete(key));
    },
  };
}

type Channel = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'>;

/** The area over a driver; writes are announced to every other context (and to this one). */
export function protectedArea(
  driver: KeyValueDriver,
  channel: Channel | null = typeof BroadcastChannel === 'function'
    ? new BroadcastChannel(CHANGES)
    : null,
): ProtectedArea {
  const local = new Map<string, Set<() => void>>();
  const notify = (key: string) => {
    for (const listener of local.get(key) ?? []) listener();
  };
  channel?.addEventListener('message', (event) => {
    const key = (event as MessageEvent).data;
    if (typeof key === 'string') notify(key);
  });
  const changed = (key: string) => {
    channel?.postMessage(key);
    notify(key);
  };
  return {
    get: (key) => driver.get(key),
    set: async (key, value) => {
      await driver.set(key, value);
      changed(key);
    },
    remove: async (key) => {
      await driver.remove(key);
      changed(key);
    },
    watch(key, listener) {
      const set = local.get(key) ?? new Set();
      set.add(listener);
      local.set(key, set);
      return () => set.delete(listener);
    },
  };
}
