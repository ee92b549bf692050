import { z } from 'zod';
import {
  FeedErrorBody,
  GeneralErrorBody,
  TradingModeErrorBody,
  ValidationErrorBody,
} from '../api/errors';
import { IsoTime, ReportedTradingMode, UNRECOGNIZED } from '../api/primitives';
import { ServerClock } from './clock';
import { type ClientErrorInfo, ExchangeError } from './errors';
import type { AuthHeaders, RequestSigner } from './hmac';
import {
  backoffDelay,
  DEFAULT_RETRY,
  isRetryableStatus,
  parseRetryAfter,
  type RetryPolicy,
  sleep,
} from './retry';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export interface TransportOptions {
  baseUrl: string;
  signer?: RequestSigner;
  fetch?: typeof fetch;
  clock?: ServerClock;
  retry?: Partial<RetryPolicy>;
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** Injected for tests: waiting and randomness of the backoff. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Observes each attempt (benchmarks, the fault campaign); never sees secrets. */
  onAttempt?: (attempt: AttemptRecord) => void;
  /** Observes every answer that refused a request, whatever sent it (a 425 names the mode). */
  onRefused?: (info: ClientErrorInfo) => void;
}

export interface AttemptRecord {
  method: HttpMethod;
  path: string;
  attempt: number;
  status: number | null;
  startedAt: number;
}

export interface RequestSpec<S extends z.ZodType> {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  /** The exact body bytes: what is signed is what is sent, on every attempt. */
  body?: string;
  auth: 'required' | 'optional' | 'none';
  schema: S;
  signal?: AbortSignal;
  /** Default true; only 429 and 5xx are ever retried. */
  retry?: boolean;
  /**
   * HTTP cache mode. The feed asks `no-cache`: a shared-cacheable page must be revalidated,
   * or a page cached a minute ago could be shown as fresh while the feed answers 503.
   */
  cache?: RequestCache;
}

export function buildPath(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A 425 that carries a `code` is maintenance, whatever else is missing or new in it: the
 * mode it names is kept when it is a string, `UNRECOGNIZED` otherwise.
 */
const MaintenanceCode = z.looseObject({
  code: z.string().min(1),
  message: z.string().optional().catch(undefined),
  mode: ReportedTradingMode.catch(UNRECOGNIZED),
  resumeAt: IsoTime.nullish().catch(null),
});

/** A 401 whose message says the order is someone else's (not a refused token). */
const ORDER_OWNER_401 =
  /belongs? to (another|a different) (profile|account|user)|not the owner of/i;

/** The HTTP status of a response turned into error data a UI can show. */
export function errorFromResponse(
  status: number,
  body: unknown,
  retryAfter: string | null,
  now: number,
): ClientErrorInfo {
  const general = GeneralErrorBody.safeParse(body);
  const message = general.success ? general.data.message : `HTTP ${status}`;
  const feed = FeedErrorBody.safeParse(body);
  if (feed.success) {
    const { code } = feed.data;
    if (code === 'TRADING_FEED_INITIALIZING' || code === 'TRADING_FEED_STALE') {
      return { kind: 'feed-unavailable', code, message: feed.data.message };
    }
    return { kind: 'feed-cursor', code, message: feed.data.message };
  }
  switch (status) {
    case 400: {
      const validation = ValidationErrorBody.safeParse(body);
      if (validation.success) {
        return {
          kind: 'validation',
          source: 'server',
          issues: validation.data.message.map(({ field, message }) => ({ field, message })),
        };
      }
      return { kind: 'rejected', status, message };
    }
    case 401:
      // The same status says "not your order" on a cancel: only the server's words tell.
      return ORDER_OWNER_401.test(message)
        ? { kind: 'unauthenticated', message, reason: 'order-owner' }
        : { kind: 'unauthenticated', message };
    case 403:
      return { kind: 'forbidden', message };
    case 404:
      return { kind: 'not-found', message };
    case 409:
      return { kind: 'conflict', message };
    case 425: {
      const mode = TradingModeErrorBody.safeParse(body);
      if (mode.success) {
        const { code, mode: tradingMode, resumeAt } = mode.data;
        return {
          kind: 'trading-mode',
          code,
          mode: tradingMode,
          resumeAt,
          message: mode.data.message,
        };
      }
      // A maintenance body always carries a code: one that breaks the shape is still
      // maintenance, never a receive-window refusal (which would sign a fresh order).
      const coded = MaintenanceCode.safeParse(body);
      if (coded.success) {
        return {
          kind: 'trading-mode',
          code: coded.data.code,
          mode: coded.data.mode,
          resumeAt: coded.data.resumeAt ?? null,
          message: coded.data.message ?? message,
        };
      }
      return { kind: 'receive-window', message };
    }
    case 429:
      return { kind: 'rate-limited', retryAfterMs: parseRetryAfter(retryAfter, now) };
    default:
      if (status >= 500) return { kind: 'server', status, message };
      return { kind: 'rejected', status, message };
  }
}

function readJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function describeZodError(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'unexpected shape';
  const where = first.path.length > 0 ? first.path.join('.') : 'body';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return `${where}: ${first.message}${more}`;
}

const hasAge = (response: Response): boolean => Number(response.headers.get('age') ?? 0) > 0;

/**
 * How old a prepared request's signature may be when it is sent: well inside the
 * exchange's 30 s, and what a journal write held up by a stopping browser could outlast.
 */
const PREPARED_FRESH_MS = 5_000;

/** Where a request goes and what signs it, worked out once for all its attempts. */
interface Target {
  url: string;
  signedPath: string;
  signer: RequestSigner | undefined;
  body: string;
}

interface SignedHeaders {
  headers: Record<string, string>;
  /** This machine's clock when they were signed. */
  at: number;
}

/** Server clock drift beyond which a 401 is worth one immediate retry with a corrected clock. */
const SKEW_RETRY_THRESHOLD_MS = 10_000;

/**
 * Signed requests with retries. The only place that talks HTTP to the exchange; it
 * never logs, and never puts a secret anywhere but the signature header.
 */
export class HttpTransport {
  readonly baseUrl: string;
  readonly clock: ServerClock;
  private readonly basePath: string;
  private readonly policy: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, '');
    this.clock = options.clock ?? new ServerClock();
    this.policy = { ...DEFAULT_RETRY, ...options.retry };
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.wait = options.sleep ?? sleep;
    this.random = options.random ?? Math.random;
  }

  get hasCredentials(): boolean {
    return this.options.signer !== undefined;
  }

  /** Signed headers for a request made elsewhere (the socket handshake). */
  async authHeaders(method: string, pathWithQuery: string, body = ''): Promise<AuthHeaders> {
    const signer = this.requireSigner();
    return signer.headers(this.clock.nowIso(), method, pathWithQuery, body);
  }

  private requireSigner(): RequestSigner {
    if (!this.options.signer) {
      throw new ExchangeError({
        kind: 'unavailable',
        message: 'This needs an API token: add one in the options page and unlock.',
      });
    }
    return this.options.signer;
  }

  request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    return this.prepare(spec)();
  }

  /**
   * A request made ready now and sent when the returned function is called: its URL built
   * and its first attempt signed ahead, so that work is done while something else is
   * awaited (an order's journal write: `OrderDesk.send`). Headers older than
   * `PREPARED_FRESH_MS` when it is sent, and every later attempt, are signed afresh. Never
   * throws: a request that cannot be made fails when it is sent.
   */
  prepare<S extends z.ZodType>(spec: RequestSpec<S>): () => Promise<z.output<S>> {
    let target: Target;
    let first: SignedHeaders | null;
    try {
      const pathWithQuery = buildPath(spec.path, spec.query);
      const signer =
        spec.auth === 'required'
          ? this.requireSigner()
          : spec.auth === 'optional'
            ? this.options.signer
            : undefined;
      target = {
        url: this.baseUrl + pathWithQuery,
        signedPath: this.basePath + pathWithQuery,
        signer,
        body: spec.body ?? '',
      };
      first = this.headersFor(spec, target);
    } catch (error) {
      return () => Promise.reject(error);
    }
    return () => {
      const prepared = first;
      first = null;
      const fresh = prepared !== null && this.clock.localNow() - prepared.at <= PREPARED_FRESH_MS;
      return this.send(spec, target, fresh ? prepared.headers : null);
    };
  }

  private headersFor(spec: RequestSpec<z.ZodType>, target: Target): SignedHeaders {
    const at = this.clock.localNow();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    if (target.signer)
      Object.assign(
        headers,
        target.signer.headers(this.clock.nowIso(), spec.method, target.signedPath, target.body),
      );
    return { headers, at };
  }

  private async send<S extends z.ZodType>(
    spec: RequestSpec<S>,
    target: Target,
    prepared: Record<string, string> | null,
  ): Promise<z.output<S>> {
    const { url, signer } = target;
    const retries = spec.retry === false ? 1 : this.policy.maxAttempts;
    let skewRetried = false;
    let ready = prepared;

    for (let attempt = 1; ; attempt++) {
      const headers = ready ?? this.headersFor(spec, target).headers;
      ready = null;
      const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 10_000);
      const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
      const sentAt = this.clock.localNow();
      const offsetBefore = this.clock.offset;
      let response: Response;
      try {
        response = await this.fetchImpl(url, {
          method: spec.method,
          headers,
          ...(spec.body !== undefined ? { body: spec.body } : {}),
          ...(spec.cache ? { cache: spec.cache } : {}),
          signal,
        });
      } catch (error) {
        this.options.onAttempt?.({
          method: spec.method,
          path: spec.path,
          attempt,
          status: null,
          startedAt: sentAt,
        });
        if (spec.signal?.aborted) throw new ExchangeError({ kind: 'aborted' });
        const timedOut = timeout.aborted;
        throw new ExchangeError({
          kind: 'network',
          timedOut,
          message: timedOut
            ? 'timed out'
            : error instanceof Error
              ? error.message
              : 'connection failed',
        });
      }
      const receivedAt = this.clock.localNow();
      this.options.onAttempt?.({
        method: spec.method,
        path: spec.path,
        attempt,
        status: response.status,
        startedAt: sentAt,
      });
      // A shared cache (the public feed allows 60 s) replays the origin's old `Date`.
      if (!hasAge(response)) this.clock.observe(response.headers.get('date'), sentAt, receivedAt);

      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (spec.signal?.aborted) throw new ExchangeError({ kind: 'aborted' });
        throw new ExchangeError({
          kind: 'network',
          timedOut: timeout.aborted,
          message:
            error instanceof Error ? error.message : 'connection lost while reading the answer',
        });
      }
      const json = readJson(text);

      if (response.ok) {
        if (!json.ok) {
          throw new ExchangeError({
            kind: 'invalid-response',
            status: response.status,
            message: `${spec.method} ${spec.path}: the body is not JSON`,
          });
        }
        const parsed = spec.schema.safeParse(json.value);
        if (!parsed.success) {
          throw new ExchangeError({
            kind: 'invalid-response',
            status: response.status,
            message: `${spec.method} ${spec.path}: ${describeZodError(parsed.error)}`,
          });
        }
        return parsed.data;
      }

      const info = errorFromResponse(
        response.status,
        json.ok ? json.value : null,
        response.headers.get('retry-after'),
        // An HTTP-date Retry-After is in server time.
        this.clock.now(),
      );
      if (
        info.kind === 'unauthenticated' &&
        info.reason === undefined &&
        signer &&
        !skewRetried &&
        Math.abs(this.clock.offset - offsetBefore) > SKEW_RETRY_THRESHOLD_MS
      ) {
        // Our clock was off and the server just told us its time: sign again once.
        skewRetried = true;
        attempt--;
        continue;
      }
      if (!isRetryableStatus(response.status) || attempt >= retries) {
        this.options.onRefused?.(info);
        throw new ExchangeError(info);
      }

      const backoff = backoffDelay(attempt - 1, this.policy, this.random);
      const delay =
        info.kind === 'rate-limited' && info.retryAfterMs !== null
          ? Math.min(Math.max(info.retryAfterMs, backoff), this.policy.maxRetryAfterMs)
          : backoff;
      try {
        await this.wait(delay, spec.signal);
      } catch {
        throw new ExchangeError({ kind: 'aborted' });
      }
    }
  }
}
