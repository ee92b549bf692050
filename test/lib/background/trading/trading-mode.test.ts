import { describe, expect, it } from 'vitest';
import { TradingModeWatch } from '../../../../lib/background/trading/trading-mode';
import type { Change } from '../../../../lib/background/ui/changes';
import type { MaintenanceStatus } from '../../../../lib/core/api/maintenance';
import { ExchangeError } from '../../../../lib/core/client/errors';
import type { ExchangeClient } from '../../../../lib/core/client/exchange-client';

const NORMAL: MaintenanceStatus = { mode: 'normal', resumeAt: null, restrictions: [] };
const POST_ONLY: MaintenanceStatus = {
  mode: 'post_only',
  resumeAt: '2026-11-27T12:00:00.000Z',
  restrictions: ['no taker orders'],
};

function setup() {
  const server = { answer: NORMAL as MaintenanceStatus | 'fails', reads: 0 };
  const changes: Change[] = [];
  let clock = 1_000;
  const api = {
    getMaintenanceStatus: async () => {
      server.reads++;
      if (server.answer === 'fails')
        throw new ExchangeError({ kind: 'server', status: 503, message: 'busy' });
      return server.answer;
    },
  } as unknown as ExchangeClient;
  const watch = new TradingModeWatch(
    () => api,
    () => clock,
    (change) => changes.push(change),
  );
  return { server, changes, watch, tick: () => clock++ };
}

describe('TradingModeWatch', () => {
  it("tells the UIs of a beat's answer only when the mode changed, and keeps when it was read", () => {
    const t = setup();
    t.watch.observed(NORMAL);
    expect(t.changes).toEqual([{ kind: 'trading-mode' }]);
    t.tick();
    t.watch.observed({ ...NORMAL, restrictions: [] });
    expect(t.changes).toHaveLength(1);
    expect(t.watch.mode).toEqual({ ...NORMAL, checkedAt: 1_001 });
    t.watch.observed(POST_ONLY);
    expect(t.changes).toHaveLength(2);
    t.watch.observed({ ...POST_ONLY, restrictions: [] });
    expect(t.changes).toHaveLength(3);
    expect(t.watch.mode).toMatchObject({ mode: 'post_only', restrictions: [] });
  });

  it('a refresh asked for twice at once reads once, and publishes as a beat would', async () => {
    const t = setup();
    await Promise.all([t.watch.refresh(), t.watch.refresh()]);
    expect(t.server.reads).toBe(1);
    expect(t.watch.mode).toMatchObject(NORMAL);
    expect(t.changes).toEqual([{ kind: 'trading-mode' }]);
    await t.watch.refresh();
    expect(t.server.reads).toBe(2);
    expect(t.changes).toHaveLength(1);
  });

  it('a refresh that fails keeps the last known mode and tells nobody', async () => {
    const t = setup();
    t.watch.observed(POST_ONLY);
    t.server.answer = 'fails';
    await t.watch.refresh();
    expect(t.watch.mode).toMatchObject(POST_ONLY);
    expect(t.changes).toHaveLength(1);
  });
});
