import type { z } from 'zod';
import type { StorageArea } from './area';

/** One stored value, read through its schema. */
export interface StoredItem<T> {
  /** The value, or null when nothing is stored or what is stored does not fit the schema. */
  get(): Promise<T | null>;
  set(value: T): Promise<void>;
  remove(): Promise<void>;
}

/**
 * Every stored value but the settings (a versioned item, `versioned-item.ts`) is one of
 * these: a key from `keys.ts`, an area, and the schema its reads go through. A value that
 * does not fit reads as absent, never as a wrong value: a corrupt or foreign entry is
 * treated as nothing stored.
 */
export function storedItem<S extends z.ZodType>(
  area: StorageArea,
  key: string,
  schema: S,
): StoredItem<z.output<S>> {
  return {
    get: async () => {
      const parsed = schema.safeParse(await area.get(key));
      return parsed.success ? parsed.data : null;
    },
    set: (value) => area.set(key, value),
    remove: () => area.remove(key),
  };
}
