import { describe, expect, it } from 'vitest';
import { LiveHandshake } from '../../../../lib/background/market/live-wiring';
import type { TradingSession } from '../../../../lib/background/trading/session';

/** A session whose handshake headers say when they were signed, among the clock refreshes. */
function signing(log: string[]): TradingSession {
  const http = {
    authHeaders: async (method: string, path: string) => {
      log.push('signed');
      return { 'x-signed': `${method} ${path}` };
    },
  };
  return { client: { http } } as unknown as TradingSession;
}

describe('LiveHandshake', () => {
  it('signs no handshake while locked', async () => {
    const log: string[] = [];
    const handshake = new LiveHandshake(
      () => null,
      async () => {
        log.push('clock');
      },
    );
    handshake.refused();
    expect(await handshake.headers()).toBeNull();
    expect(log).toEqual([]);
  });

  it('asks for the server time again before the handshake after a refused one, once', async () => {
    const log: string[] = [];
    const session = signing(log);
    const handshake = new LiveHandshake(
      () => session,
      async () => {
        log.push('clock');
      },
    );
    await handshake.headers();
    handshake.refused();
    await handshake.headers();
    await handshake.headers();
    expect(log).toEqual(['signed', 'clock', 'signed', 'signed']);
  });

  it('fails with a sentence when the extension locked while the clock was asked', async () => {
    let session: TradingSession | null = signing([]);
    const handshake = new LiveHandshake(
      () => session,
      async () => {
        session = null;
      },
    );
    handshake.refused();
    await expect(handshake.headers()).rejects.toThrow(
      'The extension locked while signing the live connection.',
    );
  });
});
