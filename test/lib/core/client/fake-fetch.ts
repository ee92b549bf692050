/**
 * A scripted stand-in for `fetch`: records every request the transport sends and answers
 * from a script. No network is involved.
 */

export interface SentRequest {
  url: string;
  /** Path and query, as signed. */
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
  cache: RequestCache | undefined;
}

export type Reply =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  /** Never answers; rejects when the request's signal aborts. */
  | { hang: true }
  /** The connection fails. */
  | { fail: Error };

export type Script = Reply[] | ((request: SentRequest, index: number) => Reply);

export function fakeFetch(script: Script) {
  const requests: SentRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const parsed = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request: SentRequest = {
      url,
      path: parsed.pathname + parsed.search,
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
      cache: init?.cache,
    };
    const index = requests.length;
    requests.push(request);
    const reply = typeof script === 'function' ? script(request, index) : script[index];
    if (!reply) throw new Error(`the script has no reply for request ${index + 1} (${url})`);
    if ('fail' in reply) throw reply.fail;
    if ('hang' in reply) {
      const signal = request.signal;
      return new Promise<Response>((_, reject) => {
        if (!signal) return;
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(text, {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

/** A local clock the test moves by hand; injected sleeps advance it instead of waiting. */
export function manualTime(start: number) {
  const state = { now: start, sleeps: [] as number[] };
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    state.sleeps.push(ms);
    state.now += ms;
  };
  return { state, localNow: () => state.now, sleep };
}

/** An HTTP `Date` header (1 s resolution) for a server time in ms. */
export const httpDate = (ms: number): string => new Date(ms).toUTCString();
