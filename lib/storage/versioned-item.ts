import type { ProtectedArea } from './protected-area';

/** A stored value with its shape's version: older values are migrated when read. */
export interface VersionedItem<T> {
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  watch(listener: (value: T) => void): () => void;
}

interface Stored {
  version: number;
  value: unknown;
}

const isStored = (v: unknown): v is Stored =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Stored).version === 'number' &&
  'value' in (v as object);

/**
 * One item of the protected store, kept as `{ version, value }`. A value of an earlier
 * version runs the migrations after it, in order, and is written back migrated; nothing
 * stored reads as the fallback.
 */
export function defineVersionedItem<T>(
  area: ProtectedArea,
  key: string,
  options: {
    fallback: T;
    version: number;
    migrations: Record<number, (stored: unknown) => unknown>;
  },
): VersionedItem<T> {
  const read = async (): Promise<T> => {
    const stored = await area.get(key);
    if (stored === undefined) return options.fallback;
    // A bare value is what an earlier build kept before versions were stored: version 1.
    const { version, value } = isStored(stored) ? stored : { version: 1, value: stored };
    if (version >= options.version) return value as T;
    let migrated = value;
    for (let v = version + 1; v <= options.version; v++) {
      migrated = options.migrations[v]?.(migrated) ?? migrated;
    }
    await area.set(key, { version: options.version, value: migrated });
    return migrated as T;
  };
  return {
    getValue: read,
    setValue: (value) => area.set(key, { version: options.version, value }),
    watch: (listener) => area.watch(key, () => void read().then(listener)),
  };
}
