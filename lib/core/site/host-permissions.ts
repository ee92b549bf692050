import { originMatchPattern } from '../site/pattern';

/** Where the sandbox runs: loopback, on any port. */
export const LOOPBACK_HOST_PATTERNS = ['http://127.0.0.1/*', 'http://localhost/*'] as const;

/**
 * Host access a build's manifest grants at install. A store build (mode `production`)
 * asks for none: the user grants the exchange's origins in onboarding, the sandbox's like
 * any other site. The builds that run beside the sandbox (`e2e`, which the tests and
 * `npm start` load, and `development`) grant loopback, so the panel is there at once.
 * wxt.config.ts reads this too, so the options page and the manifest agree.
 */
export const manifestHostPatterns = (mode: string | undefined): readonly string[] =>
  mode === 'production' ? [] : LOOPBACK_HOST_PATTERNS;

// `import.meta.env` is Vite's: absent where wxt.config.ts loads this file in Node.
const MANIFEST_HOST_PATTERNS = manifestHostPatterns(import.meta.env?.MODE);

/** Whether the manifest already grants this origin (so asking again would be noise). */
export function grantedByManifest(origin: string): boolean {
  return MANIFEST_HOST_PATTERNS.includes(originMatchPattern(origin));
}

export const originOf = (url: string): string => new URL(url).origin;
