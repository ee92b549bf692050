/*
 * What a browser on this machine may reach. The sandbox hands out demo keys and lets
 * anyone with an admin endpoint change the exchange's state, so a web page must not be
 * able to drive it: no CORS on /__sandbox/*, no admin request from a web origin (a
 * cross-origin "simple" POST still executes without CORS), JSON bodies only there (a
 * JSON body needs a preflight, which gets no CORS answer), and a Host check on every
 * request and socket against DNS rebinding.
 */

/** Host names every sandbox answers to, whatever it was configured with. */
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** The host name of a `Host` header (`[::1]:4010` → `[::1]`), or null when malformed. */
function hostName(header: string): string | null {
  try {
    const url = new URL(`http://${header}`);
    return url.username || url.password || url.pathname !== '/' ? null : url.hostname;
  } catch {
    return null;
  }
}

/** Whether a request's `Host` names this machine (or the extra host the sandbox was given). */
export function hostAllowed(
  header: string | undefined,
  extraHosts: readonly string[] = [],
): boolean {
  if (!header) return false;
  const name = hostName(header);
  return name !== null && (LOOPBACK_HOSTS.includes(name) || extraHosts.includes(name));
}

/** An extension's own pages and background (they reach the sandbox through host permissions). */
export function isExtensionOrigin(origin: string): boolean {
  return /^(chrome-extension|moz-extension):\/\/[a-z0-9-]+$/i.test(origin);
}

export const ADMIN_PREFIX = '/__sandbox/';

export type Refusal = { status: number; message: string };

/**
 * A request path as any router could read it: percent-decoded (a broken escape is left
 * as written), backslashes as slashes, doubled slashes and dot segments resolved.
 * Fastify's router decodes `%5F` before it matches, so a guard that read the raw path let
 * `/%5F%5Fsandbox/accounts` through to the admin route.
 */
export function normalisedPath(rawPath: string): string {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape is no route; the path stays as written.
  }
  const out: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  const trailing = /[/\\]$/.test(decoded) && out.length > 0 ? '/' : '';
  return `/${out.join('/')}${trailing}`;
}

/**
 * What an admin request must look like, decided on what the router routed (its pattern)
 * and on the normalised path in any case, never on the raw text alone: `admin` when it is
 * one, `disguised` when it is one spelled some other way than plainly (encoded characters
 * or separators, doubled slashes, dot segments, another case of the prefix), which no
 * honest client sends, and `other` for everything else.
 */
export function adminKind(
  rawPath: string,
  routePattern: string | undefined,
): 'admin' | 'disguised' | 'other' {
  const routed = routePattern?.startsWith(ADMIN_PREFIX) ?? false;
  const normalised = normalisedPath(rawPath);
  const folded = `${normalised.toLowerCase()}/`;
  if (!routed && !folded.startsWith(ADMIN_PREFIX)) return 'other';
  return rawPath === normalised && `${rawPath}/`.startsWith(ADMIN_PREFIX) ? 'admin' : 'disguised';
}

export const disguisedAdmin = (rawPath: string): Refusal => ({
  status: 400,
  message: `Address the sandbox admin endpoints plainly as ${ADMIN_PREFIX}…, without percent-encoding, doubled slashes or dot segments (got ${JSON.stringify(rawPath)})`,
});

export const wrongHost = (host: string | undefined): Refusal => ({
  status: 421,
  message: `This sandbox answers only requests addressed to 127.0.0.1 or localhost, not ${JSON.stringify(host ?? '')}`,
});

/**
 * Why an admin request is refused, or null when it may go on: only Node clients (no
 * Origin) and the extension may call it, with JSON bodies.
 */
export function adminRefusal(req: {
  method: string;
  origin: string | undefined;
  contentType: string | undefined;
  /** Whether the request carries a body (a bodiless POST, e.g. `reset`, needs no type). */
  hasBody: boolean;
}): Refusal | null {
  if (req.method === 'OPTIONS') {
    return { status: 403, message: 'The sandbox admin endpoints answer no cross-origin request' };
  }
  if (req.origin !== undefined && !isExtensionOrigin(req.origin)) {
    return {
      status: 403,
      message: `The sandbox admin endpoints are not for web pages (Origin ${req.origin})`,
    };
  }
  const type = (req.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (req.hasBody && type !== 'application/json') {
    return {
      status: 415,
      message: 'Send the sandbox admin endpoints a JSON body (Content-Type: application/json)',
    };
  }
  return null;
}

/**
 * Which origins may open a Socket.IO connection: the sandbox's own market site, the
 * extension, and clients that send no Origin (Node, the bots, the tests).
 */
export class SocketOrigins {
  private readonly site = new Set<string>();

  /** The market site's origin, once its port is known (both loopback spellings). */
  addSite(url: string): void {
    const { port } = new URL(url);
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) this.site.add(`http://${host}:${port}`);
  }

  allows(origin: string | undefined): boolean {
    return origin === undefined || isExtensionOrigin(origin) || this.site.has(origin);
  }
}
