import { originMatchPattern } from '../site/pattern';

/**
 * Host permissions the manifest grants at install: the sandbox runs on loopback, on any
 * port. wxt.config.ts reads this list, so the options page and the manifest agree.
 */
export const MANIFEST_HOST_PATTERNS = ['http://127.0.0.1/*', 'http://localhost/*'] as const;

/** Whether the manifest already grants this origin (so asking again would be noise). */
export function grantedByManifest(origin: string): boolean {
  return (MANIFEST_HOST_PATTERNS as readonly string[]).includes(originMatchPattern(origin));
}

export const originOf = (url: string): string => new URL(url).origin;
