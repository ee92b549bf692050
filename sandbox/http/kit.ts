import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { OnBehalfOfQuery } from '../../lib/core/api/queries';
import type { SandboxProfile, Scope } from '../core/accounts';
import type { SandboxCore } from '../core/core';
import { type ApiResult, fail, validationFailure, zodIssues } from '../core/results';
import type { AuthContext, Authenticator } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (what the HMAC covers). */
    rawBody?: string;
    /** Sandbox-clock time the request arrived. */
    receivedAt: number;
    auth?: AuthContext;
    /** Whether the guard took it for an admin request (`/__sandbox/*`, however spelled). */
    admin?: boolean;
  }
  interface FastifyContextConfig {
    /** Public GET: answered with `Access-Control-Allow-Origin: *`. */
    public?: boolean;
  }
}

export interface RouteContext {
  core: SandboxCore;
  authenticator: Authenticator;
}

export interface HandlerArgs {
  req: FastifyRequest;
  auth: AuthContext;
}

export const send = (reply: FastifyReply, result: ApiResult): FastifyReply => {
  if (result.headers) reply.headers(result.headers);
  return reply.code(result.status).send(result.body);
};

/** Parses with a schema; a failure is the spec's validation body. */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; result: ApiResult } {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, result: validationFailure(zodIssues(parsed.error)) };
}

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * An authenticated route: HMAC first (401), then the scope (403), then the handler, which
 * validates its body. Checking the scope before the body is what lets a client probe its
 * token's scopes with an empty body.
 */
export function authedRoute(
  app: FastifyInstance,
  ctx: RouteContext,
  method: Method,
  url: string,
  scope: Scope | null,
  handler: (args: HandlerArgs) => ApiResult | Promise<ApiResult>,
): void {
  app.route({
    method,
    url,
    handler: async (req, reply) => {
      const outcome = await ctx.authenticator.verify(
        req.headers,
        method,
        req.raw.url ?? req.url,
        req.rawBody ?? '',
      );
      if (!outcome.ok) return send(reply, fail(401, outcome.message));
      req.auth = outcome.auth;
      if (scope && !outcome.auth.scopes.includes(scope)) {
        return send(reply, fail(403, `This API token lacks the ${scope} scope`));
      }
      return send(reply, await handler({ req, auth: outcome.auth }));
    },
  });
}

/** A public route (no auth); GETs are served to other origins (CORS `*`). */
export function publicRoute(
  app: FastifyInstance,
  method: Method,
  url: string,
  handler: (req: FastifyRequest) => ApiResult | Promise<ApiResult>,
): void {
  app.route({
    method,
    url,
    config: { public: method === 'GET' },
    handler: async (req, reply) => send(reply, await handler(req)),
  });
}

/**
 * The profile a request acts for: the caller, or with `?onBehalfOf=` one of its partner's
 * sub-accounts (403 otherwise; `needDelegated` also requires `delegated_signing`).
 */
export function actingProfile(
  ctx: RouteContext,
  req: FastifyRequest,
  auth: AuthContext,
  needDelegated = false,
):
  | { ok: true; profile: SandboxProfile; onBehalfOf: number | undefined }
  | { ok: false; result: ApiResult } {
  const query = parse(OnBehalfOfQuery, req.query);
  if (!query.ok) return query;
  const target = query.data.onBehalfOf;
  if (target === undefined) return { ok: true, profile: auth.profile, onBehalfOf: undefined };
  if (needDelegated && !auth.scopes.includes('delegated_signing')) {
    return {
      ok: false,
      result: fail(403, 'Acting for a sub-account here needs the delegated_signing scope'),
    };
  }
  const sub = ctx.core.accounts.byId(target);
  if (!sub || !ctx.core.accounts.isPartnerOf(auth.profile.profileId, target)) {
    return {
      ok: false,
      result: fail(403, `Profile ${target} is not a sub-account of this partner`),
    };
  }
  return { ok: true, profile: sub, onBehalfOf: target };
}
