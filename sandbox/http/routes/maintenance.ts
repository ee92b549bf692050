import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/results';
import { publicRoute, type RouteContext } from '../kit';

const RESTRICTIONS: Record<string, string[]> = {
  normal: [],
  post_only: ['post_only_orders'],
  cancel_only: ['no_new_orders'],
  disabled: ['no_new_orders', 'no_cancellations'],
};

export function registerMaintenanceRoutes(app: FastifyInstance, ctx: RouteContext): void {
  publicRoute(app, 'GET', '/maintenance/status', () => {
    const { mode, resumeAt } = ctx.core.tradingMode;
    return ok({ mode, resumeAt, restrictions: RESTRICTIONS[mode] ?? [] });
  });
}
