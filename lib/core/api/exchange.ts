import { z } from 'zod';

/** Zod runs every check even after `.url()` fails, so later checks must not throw. */
function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .url(`${what} must be a full URL, like https://api.example.com`)
    .refine((u) => {
      const url = parseUrl(u);
      return !url || /^https?:$/.test(url.protocol);
    }, `${what} must start with http:// or https://`)
    .refine((u) => {
      const url = parseUrl(u);
      return !url || url.protocol === 'https:' || isLoopback(url.hostname);
    }, `${what} must use https:// (plain http:// is only allowed for 127.0.0.1 and localhost)`)
    .transform((u) => u.replace(/\/+$/, ''));

export function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/**
 * One deployment of the exchange (ours). The EIP-712 domain name is `${name} CTF Exchange`;
 * `siteMarketPattern` is the web site's market page with a `:slug` placeholder.
 */
export const ExchangeProfile = z.object({
  name: z.string().trim().min(1, 'the exchange name is needed for the signing domain').max(64),
  apiUrl: httpUrl('The API URL'),
  wsUrl: httpUrl('The WebSocket URL'),
  siteMarketPattern: httpUrl('The market page pattern').refine(
    (p) => p.includes(':slug'),
    'The market page pattern must contain :slug, like https://site.example/markets/:slug',
  ),
});
export type ExchangeProfile = z.infer<typeof ExchangeProfile>;

/** Base64 secret of a scoped token; decoded length is checked, not just the alphabet. */
export const ApiCredentials = z.object({
  tokenId: z.string().trim().min(1, 'enter the token id').max(200),
  secret: z
    .string()
    .trim()
    .min(1, 'enter the token secret')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'the secret must be base64 (letters, digits, + and /)')
    .refine(
      (s) => s.length % 4 === 0,
      'the secret is not complete base64 (length must be a multiple of 4)',
    ),
});
export type ApiCredentials = z.infer<typeof ApiCredentials>;
