import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../lib/core/settings/defaults';
import type { Settings } from '../../../lib/core/settings/schema';
import { SETTINGS_VERSION } from '../../../lib/core/settings/version';
import {
  type KeyValueDriver,
  type ProtectedArea,
  protectedArea,
} from '../../../lib/storage/protected-area';
import {
  createSettingsSource,
  defineSettingsItem,
  readSettings,
  writeSettings,
} from '../../../lib/storage/settings-item';
import { memoryDriver } from './memory-driver';

/** BroadcastChannels of one origin: a message reaches every other channel of the hub. */
function channelHub() {
  const members = new Set<{ deliver(data: unknown): void }>();
  return () => {
    const listeners = new Set<(event: MessageEvent) => void>();
    const self = {
      deliver: (data: unknown) => {
        for (const l of listeners) l({ data } as MessageEvent);
      },
    };
    members.add(self);
    return {
      postMessage: (data: unknown) => {
        for (const m of members) if (m !== self) queueMicrotask(() => m.deliver(data));
      },
      addEventListener: (_: string, l: (event: MessageEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (event: MessageEvent) => void) => listeners.delete(l),
    } as unknown as BroadcastChannel;
  };
}

let driver: KeyValueDriver;
let channel: () => BroadcastChannel;
let area: ProtectedArea;

/** What the protected store holds under `settings`: `{ version, value }`. */
const stored = async () => (await driver.get('settings')) as { version: number; value: unknown };

/** Stores a raw value as an earlier version of the extension left it, then defines the item. */
async function itemOver(value: unknown, meta?: { v: number }) {
  await driver.set('settings', meta ? { version: meta.v, value } : value);
  const item = defineSettingsItem(area);
  await item.getValue(); // runs the migrations
  return item;
}

/** The exchange's own site in the defaults: where a global placement of before v3 goes. */
const SANDBOX_SITE = 'http://127.0.0.1:4011';

/** Settings as version 1 wrote them (one placement for every site, no `panel.placed`). */
function v1Settings(panel: Record<string, unknown>): unknown {
  const { placements: _, marketPages: __, ...rest } = DEFAULT_SETTINGS.panel;
  return {
    ...DEFAULT_SETTINGS,
    theme: 'dark',
    caps: { ...DEFAULT_SETTINGS.caps, maxOrdersPerMinute: 7 },
    panel: {
      ...rest,
      corner: 'bottom-right',
      offset: { x: 16, y: 16 },
      collapsed: false,
      ...panel,
    },
  };
}

beforeEach(() => {
  driver = memoryDriver();
  channel = channelHub();
  area = protectedArea(driver, channel());
});

describe('the settings item', () => {
  it('reads the defaults when nothing is stored, and stores the current version with the first write', async () => {
    const item = defineSettingsItem(area);
    expect(await readSettings(item)).toEqual(DEFAULT_SETTINGS);
    await writeSettings({ ...DEFAULT_SETTINGS, theme: 'light' }, item);
    const raw = await stored();
    expect(raw.value).toMatchObject({ theme: 'light' });
    expect(raw.version).toBe(SETTINGS_VERSION);
  });

  it('migrates a value stored without a version (version 1) and keeps every setting in it', async () => {
    const item = await itemOver(v1Settings({ corner: 'top-left', offset: { x: 30, y: 40 } }));
    const settings = await readSettings(item);
    expect(settings.panel).toEqual({
      disabledOrigins: [],
      placements: [
        { origin: SANDBOX_SITE, corner: 'top-left', offset: { x: 30, y: 40 }, collapsed: false },
      ],
      // Added since: a value stored before it takes the default.
      marketPages: DEFAULT_SETTINGS.panel.marketPages,
    });
    expect(settings.theme).toBe('dark');
    expect(settings.caps.maxOrdersPerMinute).toBe(7);
    // Written back in the new shape, with the new version.
    const raw = await stored();
    expect(raw.version).toBe(SETTINGS_VERSION);
    expect((raw.value as Settings).panel.placements).toHaveLength(1);
  });

  it('migrates a value stored at version 1 whose panel never moved: free to avoid the page forms', async () => {
    const item = await itemOver(v1Settings({ collapsed: true }), { v: 1 });
    const settings = await readSettings(item);
    expect(settings.panel).toEqual({ ...DEFAULT_SETTINGS.panel, placements: [] });
    expect(settings.theme).toBe('dark');
  });

  it('leaves a value already at the current version as it is', async () => {
    const placements = [
      {
        origin: SANDBOX_SITE,
        corner: 'top-left' as const,
        offset: { x: 1, y: 2 },
        collapsed: true,
      },
    ];
    const current = { ...DEFAULT_SETTINGS, panel: { ...DEFAULT_SETTINGS.panel, placements } };
    const item = await itemOver(current, { v: SETTINGS_VERSION });
    expect(await readSettings(item)).toEqual(current);
  });

  it('falls back to defaults value by value for what is stored broken, keeping the rest', async () => {
    const item = await itemOver(
      {
        ...DEFAULT_SETTINGS,
        autoLockMinutes: -5,
        theme: 'dark',
        quickTrade: { ...DEFAULT_SETTINGS.quickTrade, slippageMillis: 'lots', orderType: 'FAK' },
        extraSiteOrigins: ['https://mirror.example', { bad: true }],
        somethingRemoved: 1,
      },
      { v: SETTINGS_VERSION },
    );
    const settings = await readSettings(item);
    expect(settings.autoLockMinutes).toBe(DEFAULT_SETTINGS.autoLockMinutes);
    expect(settings.theme).toBe('dark');
    expect(settings.quickTrade).toEqual({ ...DEFAULT_SETTINGS.quickTrade, orderType: 'FAK' });
    expect(settings.extraSiteOrigins).toEqual(['https://mirror.example']);
    expect('somethingRemoved' in settings).toBe(false);
  });

  it('reads a corrupt value as the defaults', async () => {
    const item = await itemOver('not settings at all');
    expect(await readSettings(item)).toEqual(DEFAULT_SETTINGS);
  });

  it('does not lose a value from a newer version of the extension: the known keys still read', async () => {
    const item = await itemOver(
      { ...DEFAULT_SETTINGS, theme: 'dark', laterFeature: { on: true } },
      { v: SETTINGS_VERSION + 1 },
    );
    expect((await readSettings(item)).theme).toBe('dark');
  });
});

describe('createSettingsSource', () => {
  it('serves the stored settings, writes updates through, and hears writes from other pages', async () => {
    const item = await itemOver(v1Settings({ corner: 'top-right' }));
    const source = await createSettingsSource(item);
    expect(source.get().panel.placements[0]?.corner).toBe('top-right');
    expect(source.get().theme).toBe('dark');

    await source.update((s) => ({ ...s, autoLockMinutes: 9 }));
    expect(source.get().autoLockMinutes).toBe(9);
    expect((await stored()).value).toMatchObject({ autoLockMinutes: 9 });

    const heard: Settings[] = [];
    source.watch((next) => heard.push(next));
    // The options page writes through its own item (its own context, the same store); a
    // broken value arrives repaired.
    const optionsPage = defineSettingsItem(protectedArea(driver, channel()));
    await optionsPage.setValue({
      ...source.get(),
      theme: 'light',
      autoLockMinutes: 'soon',
    } as unknown as Settings);
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(heard.at(-1)).toMatchObject({ theme: 'light', autoLockMinutes: 30 });
    expect(source.get().theme).toBe('light');
  });

  it('keeps a value an update made invalid from reaching storage', async () => {
    const source = await createSettingsSource(defineSettingsItem(area));
    await source.update((s) => ({ ...s, caps: { ...s.caps, maxOrdersPerMinute: 0 } }));
    expect(source.get().caps.maxOrdersPerMinute).toBe(DEFAULT_SETTINGS.caps.maxOrdersPerMinute);
    expect((await stored()).value).toMatchObject({
      caps: { maxOrdersPerMinute: DEFAULT_SETTINGS.caps.maxOrdersPerMinute },
    });
  });
});
