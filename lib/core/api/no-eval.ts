import { z } from 'zod';

/*
 * Imported first by every extension entrypoint. zod compiles fast object parsers with
 * `new Function` when it may; extension pages forbid eval, so its probe fails anyway, and a
 * strict CSP (Firefox's) reports the caught attempt as a violation on every page load.
 * Jitless parsing is what these pages get either way, without the probe. The sandbox and
 * the tests run in Node, where the JIT is allowed, and do not import this.
 */
z.config({ jitless: true });
