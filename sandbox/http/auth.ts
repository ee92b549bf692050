import { timingSafeEqual } from 'node:crypto';
import { AUTH_HEADERS, RequestSigner, signingMessage } from '../../lib/core/client/hmac';
import type { SandboxProfile, Scope } from '../core/accounts';
import type { SandboxCore } from '../core/core';

/** Who an authenticated request comes from, and what its token may do. */
export interface AuthContext {
  profile: SandboxProfile;
  scopes: readonly Scope[];
  tokenId: string;
}

export type AuthOutcome = { ok: true; auth: AuthContext } | { ok: false; message: string };

/** The spec's allowed clock skew between the signature's timestamp and server time. */
export const MAX_SKEW_MS = 30_000;

type HeaderBag = Record<string, string | string[] | undefined>;

const header = (headers: HeaderBag, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export const hasAuthHeaders = (headers: HeaderBag): boolean =>
  Object.values(AUTH_HEADERS).some((h) => header(headers, h) !== undefined);

/**
 * Checks the three `svc-*` headers: a known token, a timestamp within 30 s of the sandbox
 * clock, and an HMAC over exactly `timestamp\nMETHOD\npath-with-query\nbody` (the raw
 * bytes received), compared in constant time. Signers are made with the client's own
 * `RequestSigner`, so both sides compute the MAC the same way.
 */
export class Authenticator {
  private readonly signers = new Map<string, Promise<RequestSigner>>();

  constructor(private readonly core: SandboxCore) {}

  async verify(
    headers: HeaderBag,
    method: string,
    pathWithQuery: string,
    body: string,
  ): Promise<AuthOutcome> {
    const tokenId = header(headers, AUTH_HEADERS.key);
    const timestamp = header(headers, AUTH_HEADERS.timestamp);
    const signature = header(headers, AUTH_HEADERS.signature);
    if (!tokenId || !timestamp || !signature) {
      return {
        ok: false,
        message: 'Missing authentication headers (svc-api-key, svc-timestamp, svc-signature)',
      };
    }
    const found = this.core.accounts.tokenById(tokenId);
    if (!found) return { ok: false, message: 'Unknown API token' };
    const { profile, token } = found;
    const at = Date.parse(timestamp);
    if (!/^\d{4}-\d\d-\d\dT/.test(timestamp) || Number.isNaN(at)) {
      return { ok: false, message: 'svc-timestamp is not an ISO 8601 time' };
    }
    const skew = Math.abs(this.core.clock.now() - at);
    if (skew > MAX_SKEW_MS) {
      return {
        ok: false,
        message: `Request timestamp is ${Math.round(skew / 1000)} s away from server time (at most 30 s allowed)`,
      };
    }
    const signer = await this.signerFor(tokenId, token.secret);
    const expected = Buffer.from(
      await signer.sign(signingMessage(timestamp, method, pathWithQuery, body)),
      'base64',
    );
    const given = Buffer.from(signature, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, message: 'Invalid request signature' };
    }
    return { ok: true, auth: { profile, scopes: token.scopes, tokenId } };
  }

  private signerFor(tokenId: string, secret: string): Promise<RequestSigner> {
    let signer = this.signers.get(tokenId);
    if (!signer) {
      signer = RequestSigner.create(tokenId, secret);
      this.signers.set(tokenId, signer);
    }
    return signer;
  }
}
