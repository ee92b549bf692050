import { z } from 'zod';
import type { Rng } from './core/rng';

/**
 * Injected failures (`POST /__sandbox/faults`). A rule targets a route, written
 * `METHOD /path` with the route's pattern (`DELETE /orders/:orderId`) or a concrete path
 * (`POST /orders`); `*` as the method matches any. It fires for the next `times` matching
 * requests (default 1), or, with `probability`, on that share of them (seeded draws).
 */
const target = {
  route: z.string().regex(/^(\*|GET|POST|DELETE|PUT|PATCH) \/\S*$/, 'route is "METHOD /path"'),
  times: z.number().int().positive().optional(),
  probability: z.number().min(0).max(1).optional(),
};

export const FaultRule = z.discriminatedUnion('kind', [
  /** Answer `status` without handling the request (optionally with `Retry-After`, seconds). */
  z.object({
    kind: z.literal('status-before'),
    ...target,
    status: z.number().int().min(400).max(599),
    retryAfter: z.number().int().nonnegative().optional(),
    message: z.string().optional(),
  }),
  /** Handle the request, then answer `status` instead of the real answer. */
  z.object({
    kind: z.literal('status-after'),
    ...target,
    status: z.number().int().min(400).max(599),
    message: z.string().optional(),
  }),
  /** Handle the request, then destroy the connection: the client never sees the answer. */
  z.object({ kind: z.literal('drop-after'), ...target }),
  /** Wait `delayMs` before handling the request. */
  z.object({ kind: z.literal('delay'), ...target, delayMs: z.number().int().min(0).max(60_000) }),
  /** Answer a receive-window 425 without handling the request. */
  z.object({ kind: z.literal('receive-window'), ...target }),
]);
export type FaultRule = z.infer<typeof FaultRule>;

export const FaultAction = z.discriminatedUnion('kind', [
  /** Disconnect every Socket.IO client now (server side). */
  z.object({ kind: z.literal('disconnect-sockets') }),
  /** The next `count` settlements fail (the trades are rolled back). */
  z.object({ kind: z.literal('fail-settlements'), count: z.number().int().positive().default(1) }),
  /** Deliver every order event twice (same `eventId`), or stop doing so. */
  z.object({ kind: z.literal('duplicate-order-events'), enabled: z.boolean().default(true) }),
]);
export type FaultAction = z.infer<typeof FaultAction>;

export const Fault = z.union([FaultRule, FaultAction]);
export type Fault = z.infer<typeof Fault>;

/** `POST /__sandbox/faults` body: one fault, or `{ faults: [...] }`. */
export const FaultsBody = z.union([Fault, z.object({ faults: z.array(Fault).min(1) })]);
export type FaultsBody = z.input<typeof FaultsBody>;

export const isFaultRule = (f: Fault): f is FaultRule =>
  f.kind === 'status-before' ||
  f.kind === 'status-after' ||
  f.kind === 'drop-after' ||
  f.kind === 'delay' ||
  f.kind === 'receive-window';

interface ActiveRule {
  rule: FaultRule;
  left: number | null;
}

/** The active fault rules and switches. */
export class FaultRegistry {
  private rules: ActiveRule[] = [];
  duplicateOrderEvents = false;
  /**
   * Delayed requests whose client went away before the delay ran out, dropped unhandled:
   * counted so a test can wait for the drop instead of for time.
   */
  dropped = 0;

  constructor(private readonly rng: Rng) {}

  add(rule: FaultRule): void {
    const left = rule.times ?? (rule.probability !== undefined ? null : 1);
    this.rules.push({ rule, left });
  }

  clear(): void {
    this.rules = [];
    this.duplicateOrderEvents = false;
    this.dropped = 0;
  }

  active(): FaultRule[] {
    return this.rules.map((r) => r.rule);
  }

  /**
   * The first rule of one of `kinds` that fires for this request; consumes one use.
   * `pattern` is the matched route's pattern, `path` the concrete path (no query).
   */
  take<K extends FaultRule['kind']>(
    kinds: readonly K[],
    method: string,
    pattern: string | undefined,
    path: string,
  ): Extract<FaultRule, { kind: K }> | null {
    for (const active of this.rules) {
      const { rule } = active;
      if (!(kinds as readonly string[]).includes(rule.kind)) continue;
      const [m, p] = rule.route.split(' ');
      if (m !== '*' && m !== method) continue;
      if (p !== path && p !== pattern) continue;
      if (active.left !== null && active.left <= 0) continue;
      if (rule.probability !== undefined && this.rng.next() >= rule.probability) continue;
      if (active.left !== null) active.left--;
      this.rules = this.rules.filter((r) => r.left === null || r.left > 0);
      return rule as Extract<FaultRule, { kind: K }>;
    }
    return null;
  }
}
