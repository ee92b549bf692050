/**
 * `panel.savePlacement` through the real router and sender check: the placement is kept for
 * the site the browser says the panel is on, never for one the request names.
 */
import { describe, expect, it } from 'vitest';
import type { BackgroundApp } from '../../../../lib/background/app';
import { panelHandlers } from '../../../../lib/background/handlers/panel';
import { ExchangeError } from '../../../../lib/core/client/errors';
import { DEFAULT_SETTINGS } from '../../../../lib/core/settings/defaults';
import type { Settings } from '../../../../lib/core/settings/schema';
import { PROTOCOL } from '../../../../lib/protocol/messages';
import { createRouter, type Handlers } from '../../../../lib/protocol/router';
import type { SenderInfo, SenderPolicy } from '../../../../lib/protocol/sender';
import { EXTENSION_ID, EXTENSION_ORIGIN, policy, SLUG } from '../../protocol/fixtures';

const IP_SITE = 'http://127.0.0.1:4011';
const NAME_SITE = 'http://localhost:4011';
const sites: SenderPolicy = {
  ...policy,
  isSiteOrigin: (origin) => origin === IP_SITE || origin === NAME_SITE,
};

/** The settings a handler reads and writes: nothing else of the app is reached. */
function settingsApp() {
  const app = {
    settings: structuredClone(DEFAULT_SETTINGS) as Settings,
    async updateSettings(change: (current: Settings) => Settings) {
      app.settings = change(app.settings);
    },
  };
  return app;
}

function route(app: ReturnType<typeof settingsApp>, rules: SenderPolicy = sites) {
  const handlers = panelHandlers(app as unknown as BackgroundApp) as unknown as Handlers;
  return (payload: unknown, sender: SenderInfo) =>
    createRouter(handlers, () => rules)(
      { protocol: PROTOCOL, name: 'panel.savePlacement', payload },
      sender,
    );
}

/** Our panel's frame in a tab on `site` (what Chromium reports for it). */
const frameOn = (site: string): SenderInfo => ({
  id: EXTENSION_ID,
  url: `${EXTENSION_ORIGIN}/panel-frame.html`,
  origin: EXTENSION_ORIGIN,
  frameId: 12,
  tab: { id: 7, url: `${site}/markets/${SLUG}` },
});

const TOP_LEFT = { corner: 'top-left', offset: { x: 10, y: 20 }, collapsed: false } as const;
const FOLDED = { corner: 'bottom-left', offset: { x: 0, y: 0 }, collapsed: true } as const;

describe('panel.savePlacement', () => {
  it('keeps the placement for the sender’s site, each site its own', async () => {
    const app = settingsApp();
    const save = route(app);
    expect(await save(TOP_LEFT, frameOn(IP_SITE))).toEqual({ ok: true, data: {} });
    expect(await save(FOLDED, frameOn(NAME_SITE))).toEqual({ ok: true, data: {} });
    expect(app.settings.panel.placements).toEqual([
      { origin: NAME_SITE, ...FOLDED },
      { origin: IP_SITE, ...TOP_LEFT },
    ]);
  });

  it('ignores a site named in the request: the browser’s sender decides', async () => {
    const app = settingsApp();
    await route(app)({ ...TOP_LEFT, origin: 'https://evil.example' }, frameOn(IP_SITE));
    expect(app.settings.panel.placements.map((p) => p.origin)).toEqual([IP_SITE]);
  });

  it('refuses a frame in a tab of a site that is not configured, saving nothing', async () => {
    const app = settingsApp();
    const reply = await route(app)(TOP_LEFT, frameOn('https://evil.example'));
    expect(reply.ok).toBe(false);
    expect(!reply.ok && reply.error.kind).toBe('forbidden');
    expect(app.settings.panel.placements).toEqual([]);
  });

  it('refuses an extension page, which has no site to place the panel on', async () => {
    const app = settingsApp();
    const handler = panelHandlers(app as unknown as BackgroundApp)['panel.savePlacement'];
    await expect(handler(TOP_LEFT, { kind: 'page' })).rejects.toThrow(ExchangeError);
    expect(app.settings.panel.placements).toEqual([]);
  });
});
