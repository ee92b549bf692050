import { SOCKET_SIGNED_PATH } from '../../../lib/core/api/events';
import { AUTH_HEADERS } from '../../../lib/core/client/hmac';
import type { SandboxPlugin } from '../../../sandbox/plugin';

/** One Socket.IO handshake the sandbox checked, as the sandbox saw it. */
export interface HandshakeRecord {
  at: number;
  tokenId: string | null;
  /** The signed `svc-timestamp`: a new one on every attempt means every attempt was signed afresh. */
  timestamp: string | null;
  ok: boolean;
  /** The profile it authenticated as, or why it was refused. */
  profileId: number | null;
  refusal: string | null;
}

/**
 * Records the sandbox's own verdict on every signed Socket.IO handshake: a plugin that
 * wraps the sandbox's authenticator (it still decides; this only listens), so a test can
 * see the server side of the extension's connection.
 */
export function handshakeSpy(): { plugin: SandboxPlugin; handshakes: HandshakeRecord[] } {
  const handshakes: HandshakeRecord[] = [];
  const plugin: SandboxPlugin = (_app, { authenticator }) => {
    const verify = authenticator.verify.bind(authenticator);
    authenticator.verify = async (headers, method, pathWithQuery, body) => {
      const outcome = await verify(headers, method, pathWithQuery, body);
      if (method === 'GET' && pathWithQuery === SOCKET_SIGNED_PATH) {
        const one = (name: string) => {
          const value = headers[name];
          return (Array.isArray(value) ? value[0] : value) ?? null;
        };
        handshakes.push({
          at: Date.now(),
          tokenId: one(AUTH_HEADERS.key),
          timestamp: one(AUTH_HEADERS.timestamp),
          ok: outcome.ok,
          profileId: outcome.ok ? outcome.auth.profile.profileId : null,
          refusal: outcome.ok ? null : outcome.message,
        });
      }
      return outcome;
    };
  };
  return { plugin, handshakes };
}
