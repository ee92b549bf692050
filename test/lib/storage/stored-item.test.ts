import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StorageArea } from '../../../lib/storage/area';
import { storedItem } from '../../../lib/storage/stored-item';

function memoryArea(): StorageArea & { raw: Map<string, unknown> } {
  const raw = new Map<string, unknown>();
  return {
    raw,
    get: async (key) => raw.get(key),
    set: async (key, value) => {
      raw.set(key, value);
    },
    remove: async (key) => {
      raw.delete(key);
    },
  };
}

const Account = z.object({ tokenId: z.string(), profileId: z.number().int() });

describe('storedItem: one stored value read through its schema', () => {
  it('reads back what it wrote, under its key', async () => {
    const area = memoryArea();
    const item = storedItem(area, 'account.info', Account);
    expect(await item.get()).toBeNull();
    await item.set({ tokenId: 'tok-1', profileId: 7 });
    expect(area.raw.get('account.info')).toEqual({ tokenId: 'tok-1', profileId: 7 });
    expect(await item.get()).toEqual({ tokenId: 'tok-1', profileId: 7 });
    await item.remove();
    expect(await item.get()).toBeNull();
  });

  it('a value that does not fit the schema reads as absent, never as a wrong value', async () => {
    const area = memoryArea();
    const item = storedItem(area, 'account.info', Account);
    for (const corrupt of ['garbage', { tokenId: 'tok-1' }, { tokenId: 1, profileId: 7 }, null]) {
      area.raw.set('account.info', corrupt);
      expect(await item.get()).toBeNull();
    }
  });
});
