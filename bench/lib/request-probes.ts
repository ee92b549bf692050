import { performance as nodePerformance } from 'node:perf_hooks';
import type { SandboxPlugin } from '../../sandbox/plugin';

/** Notes when each `POST /orders` reaches the sandbox, on Node's high-resolution clock. */
export function arrivals(): { plugin: SandboxPlugin; times: number[] } {
  const times: number[] = [];
  const plugin: SandboxPlugin = (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.method === 'POST' && request.url === '/orders') {
        times.push(nodePerformance.timeOrigin + nodePerformance.now());
      }
    });
  };
  return { plugin, times };
}

/** Counts the REST requests the background makes, by route. */
export function requestCounter(): { plugin: SandboxPlugin; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const plugin: SandboxPlugin = (app) => {
    app.addHook('onRequest', async (request) => {
      const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
      counts.set(route, (counts.get(route) ?? 0) + 1);
    });
  };
  return { plugin, counts };
}
