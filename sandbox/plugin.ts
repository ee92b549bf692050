import type { FastifyInstance } from 'fastify';
import type { SandboxCore } from './core/core';
import type { Authenticator } from './http/auth';

/** What an extra route module gets: the Fastify app, the core, and request authentication. */
export interface PluginContext {
  core: SandboxCore;
  authenticator: Authenticator;
}
export type SandboxPlugin = (app: FastifyInstance, ctx: PluginContext) => void | Promise<void>;
