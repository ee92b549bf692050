import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { SandboxCore } from '../core/core';
import { fail, statusText } from '../core/results';
import type { FaultRegistry } from '../faults';
import type { SandboxOutage } from '../outage';
import { Authenticator } from './auth';
import { adminKind, adminRefusal, disguisedAdmin, hostAllowed, wrongHost } from './guard';
import type { RouteContext } from './kit';

export interface AppOptions {
  core: SandboxCore;
  faults: FaultRegistry;
  /** A hung sandbox holds every request but its own `/__sandbox/*` ones (outage.ts). */
  outage?: SandboxOutage;
  log?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const RECEIVE_WINDOW_FAULT =
  'Order outside its receive window (injected fault); sign a fresh order';

/**
 * The Fastify app with everything but the routes: raw-body JSON parsing (the HMAC covers
 * the exact bytes), the sandbox clock in `Date`, CORS for public GETs only, the guard that
 * keeps web pages away from the admin endpoints (http/guard.ts), the error shapes, and the
 * injected faults.
 */
export function buildApp({ core, faults, outage, log }: AppOptions): {
  app: FastifyInstance;
  ctx: RouteContext;
} {
  const app = Fastify({ logger: log ? { level: 'info' } : false, forceCloseConnections: true });
  const ctx: RouteContext = { core, authenticator: new Authenticator(core) };

  app.decorateRequest('rawBody', undefined);
  app.decorateRequest('receivedAt', 0);
  app.decorateRequest('auth', undefined);
  app.decorateRequest('admin', undefined);

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    req.rawBody = text;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new Error('The request body is not valid JSON') as FastifyError;
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    req.receivedAt = core.clock.now();
    if (!hostAllowed(req.headers.host)) {
      const refusal = wrongHost(req.headers.host);
      return reply.code(refusal.status).send(fail(refusal.status, refusal.message).body);
    }
    const path = (req.raw.url ?? req.url).split('?')[0] ?? '';
    // Decided on what the router routes, not on the raw text (see adminKind).
    const admin = adminKind(path, req.routeOptions.url);
    req.admin = admin !== 'other';
    if (admin === 'disguised') {
      const refusal = disguisedAdmin(path);
      return reply.code(refusal.status).send(fail(refusal.status, refusal.message).body);
    }
    if (admin === 'admin') {
      const refusal = adminRefusal({
        method: req.method,
        origin: req.headers.origin,
        contentType: req.headers['content-type'],
        hasBody:
          Number(req.headers['content-length'] ?? 0) > 0 ||
          req.headers['transfer-encoding'] !== undefined,
      });
      if (refusal)
        return reply.code(refusal.status).send(fail(refusal.status, refusal.message).body);
      return;
    }
    if (outage?.hung) await outage.answering();
    if (req.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'GET, OPTIONS')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .send();
    }
    const pattern = req.routeOptions.url;
    const delay = faults.take(['delay'], req.method, pattern, path);
    if (delay) {
      await sleep(delay.delayMs);
      // Nobody is left to answer: the request is dropped before it is handled, as a server
      // does with a connection closed while the request waited.
      if (req.raw.socket.destroyed) {
        faults.dropped++;
        return reply.hijack();
      }
    }
    const before = faults.take(['status-before', 'receive-window'], req.method, pattern, path);
    if (before?.kind === 'receive-window') {
      return reply.code(425).send(fail(425, RECEIVE_WINDOW_FAULT).body);
    }
    if (before?.kind === 'status-before') {
      if (before.retryAfter !== undefined) reply.header('retry-after', String(before.retryAfter));
      return reply
        .code(before.status)
        .send(
          fail(before.status, before.message ?? `Injected fault: ${statusText(before.status)}`)
            .body,
        );
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('date', new Date(core.clock.now()).toUTCString());
    const path = (req.raw.url ?? req.url).split('?')[0] ?? '';
    // An admin route never answers with CORS, however it was spelled; a request refused
    // before onRequest ran (a wrong Host) is not known to be one, and gets none either.
    const admin = req.admin ?? true;
    if (req.routeOptions.config?.public && !admin) {
      reply.header('access-control-allow-origin', '*');
    }
    if (admin || req.method === 'OPTIONS') return payload;
    const pattern = req.routeOptions.url;
    const after = faults.take(['status-after', 'drop-after'], req.method, pattern, path);
    if (after?.kind === 'drop-after') {
      // The request was handled; the client never hears about it.
      req.raw.socket.destroy();
      return payload;
    }
    if (after?.kind === 'status-after') {
      reply.code(after.status);
      reply.header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(
        fail(
          after.status,
          after.message ?? `Injected fault after handling: ${statusText(after.status)}`,
        ).body,
      );
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError, _req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    reply.code(status).send(fail(status, status === 500 ? 'Internal error' : error.message).body);
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(fail(404, `No route ${req.method} ${req.url.split('?')[0]}`).body);
  });

  return { app, ctx };
}
