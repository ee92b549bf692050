import type { Plugin } from 'vite';

/**
 * Build-time removal of two sinks in third-party code that the extension never uses, so
 * the shipped bundles hold no string-to-code path and no HTML-injection path at all (and
 * Mozilla's linter, which cannot know they are dead, reports nothing):
 *
 * - zod compiles schemas with `new Function` (its JIT). Every entrypoint turns that off
 *   (`lib/core/api/no-eval.ts`, jitless), and extension pages forbid eval anyway; the
 *   constructor is replaced by one that throws, which zod's own fallbacks already expect
 *   from a strict CSP.
 * - engine.io-client falls back to `Function("return this")()` for the global object where
 *   neither `self` nor `window` exists; both exist in every extension context, and
 *   `globalThis` is the same object without the eval.
 * - Preact writes `dangerouslySetInnerHTML` through `innerHTML`. Nothing of ours passes
 *   it; setting it now throws instead of parsing HTML. Clearing the old value (`= ""`) is
 *   kept: it injects nothing.
 *
 * Each rewrite must match: a dependency update that changes the code fails the build
 * (and test/scripts/vendor-hardening.test.ts) rather than leaving the sink in place.
 */
export interface VendorRewrite {
  /** Which module (its resolved path) the rewrite applies to. */
  module: RegExp;
  find: RegExp;
  replace: string;
}

const NO_EVAL =
  '(function () { throw new EvalError("code generation is disabled in this extension"); })';
const NO_INNER_HTML =
  '(function () { throw new Error("dangerouslySetInnerHTML is disabled in this extension"); })()';

export const VENDOR_REWRITES: readonly VendorRewrite[] = [
  {
    module: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](util|doc|compile)\.js$/,
    find: /const F = Function;/g,
    replace: `const F = ${NO_EVAL};`,
  },
  {
    module: /[\\/]node_modules[\\/]engine\.io-client[\\/]build[\\/]esm(-debug)?[\\/]globals\.js$/,
    find: /Function\("return this"\)\(\)/g,
    replace: 'globalThis',
  },
  {
    module: /[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.(module\.js|mjs)$/,
    find: /\b(\w+)\.innerHTML=(\w+)\.__html\b/g,
    replace: NO_INNER_HTML,
  },
];

/** Applies the rewrites for `id` to `code`; throws when one of them finds nothing. */
export function hardenVendorCode(id: string, code: string): string | null {
  const rewrites = VENDOR_REWRITES.filter((r) => r.module.test(id));
  if (rewrites.length === 0) return null;
  let out = code;
  for (const rewrite of rewrites) {
    const next = out.replace(rewrite.find, rewrite.replace);
    if (next === out) {
      throw new Error(
        `vendor hardening: ${rewrite.find} no longer matches ${id}; update scripts/lib/vendor-hardening.ts for the new version`,
      );
    }
    out = next;
  }
  return out;
}

export function vendorHardening(): Plugin {
  return {
    name: 'market-companion:vendor-hardening',
    enforce: 'pre',
    transform(code, id) {
      const hardened = hardenVendorCode(id.split('?')[0] ?? id, code);
      return hardened === null ? null : { code: hardened, map: null };
    },
  };
}
