import type { KeyValueDriver } from '../../../lib/storage/protected-area';

/** The protected store's driver over a Map, for tests in Node (no IndexedDB). */
export function memoryDriver(): KeyValueDriver {
  const values = new Map<string, unknown>();
  return {
    get: async (key) => structuredClone(values.get(key)),
    set: async (key, value) => {
      values.set(key, structuredClone(value));
    },
    remove: async (key) => {
      values.delete(key);
    },
  };
}
